// Revokes a link (`revoke_staff_link`): later visits through it attribute nothing; its figures stay.
import type { TypedClient } from '@guestmap/shared-ui/database';

export async function revokeStaffLink(db: TypedClient, id: string): Promise<void> {
  const { error } = await db.rpc('revoke_staff_link', { p_id: id });
  if (error) throw error;
}
