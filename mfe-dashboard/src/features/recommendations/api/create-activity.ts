// A new recommendation at the end of the customer's list.
import type { TablesInsert, TypedClient } from '@guestmap/shared-ui/database';

export const createActivity = (db: TypedClient, row: TablesInsert<'activities'>) => db.from('activities').insert(row);
