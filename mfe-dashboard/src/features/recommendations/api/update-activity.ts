// The editor's save of an existing recommendation (every field of the form in one update).
import type { TablesUpdate, TypedClient } from '@guestmap/shared-ui/database';

export const updateActivity = (db: TypedClient, id: string, patch: TablesUpdate<'activities'>) =>
  db.from('activities').update(patch).eq('id', id);
