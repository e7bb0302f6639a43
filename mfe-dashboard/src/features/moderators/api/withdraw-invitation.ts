// Withdraws a pending invitation (`withdraw_invitation`).
import type { TypedClient } from '@guestmap/shared-ui/database';
import { withStepUp } from '../../../lib/step-up.tsx';

export async function withdrawInvitation(db: TypedClient, id: string): Promise<void> {
  const { error } = await withStepUp(db, async () => db.rpc('withdraw_invitation', { p_invitation_id: id }));
  if (error) throw error;
}
