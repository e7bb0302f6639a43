// A CSV import's row: a new recommendation, or the customer's one with the same slug replaced.
import type { TablesInsert, TypedClient } from '@guestmap/shared-ui/database';

export const upsertActivityBySlug = (db: TypedClient, row: TablesInsert<'activities'>) =>
  db.from('activities').upsert(row, { onConflict: 'customer_id,slug' });
