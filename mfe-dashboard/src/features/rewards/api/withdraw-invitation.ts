// Withdraws a pending invitation (`withdraw_invitation`).
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';

export const withdrawInvitation = (db: TypedClient, id: string) =>
  rpc(db, 'withdraw_invitation', { p_invitation_id: id });
