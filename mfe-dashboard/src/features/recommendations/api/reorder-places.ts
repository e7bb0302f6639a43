// The customer's places in a new order, in one call and one transaction (`reorder_places`): the WHOLE list of
// its places (drafts too) in their new order, numbered 10, 20, 30 … by the database. A list that is no longer
// the customer's (a place added or removed meanwhile) is refused with `order_stale`, changing nothing.
import type { TypedClient } from '@guestmap/shared-ui/database';

export const reorderPlaces = (db: TypedClient, customerId: string, ids: string[]) =>
  db.rpc('reorder_places', { p_customer_id: customerId, p_ids: ids });
