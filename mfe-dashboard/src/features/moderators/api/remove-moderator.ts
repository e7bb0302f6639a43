// Removes a moderator (`remove_moderator`; never the last one).
import type { TypedClient } from '@guestmap/shared-ui/database';

export async function removeModerator(db: TypedClient, customerId: string, userId: string): Promise<void> {
  const { error } = await db.rpc('remove_moderator', { p_customer_id: customerId, p_user_id: userId });
  if (error) throw error;
}
