// The hotel's live staff links (id and name), for naming the staff member who made a typed sale.
import type { TypedClient } from '@guestmap/shared-ui/database';

export async function listLiveStaffLinks(db: TypedClient, customerId: string): Promise<{ id: string; name: string }[]> {
  const { data, error } = await db
    .from('staff_links')
    .select('id, name')
    .eq('customer_id', customerId)
    .is('revoked_at', null)
    .order('name');
  if (error) throw error;
  return data ?? [];
}
