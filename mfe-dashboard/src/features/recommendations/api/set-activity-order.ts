// One recommendation's place in the list. Reordering sends one of these per row that moved: PostgREST has no
// batch update with a value per row, and one request would need an RPC (a migration), so it is left as is.
import type { TypedClient } from '@guestmap/shared-ui/database';

export const setActivityOrder = (db: TypedClient, id: string, sortOrder: number) =>
  db.from('activities').update({ sort_order: sortOrder }).eq('id', id);
