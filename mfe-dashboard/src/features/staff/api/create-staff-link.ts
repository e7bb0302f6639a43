// A new link for a staff member (`create_staff_link`): the database draws the code (128 random bits).
import type { TypedClient } from '@guestmap/shared-ui/database';

export async function createStaffLink(
  db: TypedClient,
  customerId: string,
  name: string,
): Promise<{ id: string; code: string }> {
  const { data, error } = await db.rpc('create_staff_link', { p_customer_id: customerId, p_name: name.trim() });
  if (error) throw error;
  return data as { id: string; code: string };
}
