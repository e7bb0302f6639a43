// The hotel's partner businesses (recommendations marked as partners), in the list's order.
import type { TypedClient } from '@guestmap/shared-ui/database';

export const listPartners = (db: TypedClient, customerId: string) =>
  db.from('activities').select('id, title').eq('customer_id', customerId).eq('is_partner', true).order('sort_order');
