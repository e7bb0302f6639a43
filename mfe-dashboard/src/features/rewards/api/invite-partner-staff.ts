// Invites an address to a partner's staff (`invite_partner_staff`): the same answer whatever the address.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';

export const invitePartnerStaff = (db: TypedClient, activityId: string, email: string, language: string) =>
  rpc(db, 'invite_partner_staff', { p_activity_id: activityId, p_email: email, p_language: language });
