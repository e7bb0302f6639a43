// The customer's invitations (`list_customer_invitations`); the Rewards tab keeps the partner-staff ones.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';

export interface StaffInvitation {
  id: string;
  email: string;
  role: string;
  status: string;
  partner_id?: string | null;
  activity_id?: string | null;
  created_at: string;
  expires_at: string;
}

export const listCustomerInvitations = (db: TypedClient, customerId: string) =>
  rpc(db, 'list_customer_invitations', { p_customer_id: customerId });
