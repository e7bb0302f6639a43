// A partner's staff: accounts that accepted an invitation (`list_partner_staff`).
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';

export interface StaffMember {
  user_id: string;
  email: string | null;
  display_name: string | null;
}

export const listPartnerStaff = (db: TypedClient, activityId: string) =>
  rpc(db, 'list_partner_staff', { p_activity_id: activityId });
