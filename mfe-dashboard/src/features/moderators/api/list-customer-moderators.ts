// The customer's moderators (`list_customer_moderators`).
import type { TypedClient } from '@guestmap/shared-ui/database';

export interface Moderator {
  user_id: string;
  email: string | null;
  display_name: string | null;
  profile_picture_url: string | null;
  created_at: string;
}

export async function listModerators(db: TypedClient, customerId: string): Promise<Moderator[]> {
  const { data, error } = await db.rpc('list_customer_moderators', { p_customer_id: customerId });
  if (error) throw error;
  return (data ?? []) as Moderator[];
}
