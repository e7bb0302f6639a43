// The titles of some activities (the partners named in the platform fee), by id.
import type { TypedClient } from '@guestmap/shared-ui/database';

export const activityTitles = (db: TypedClient, ids: string[]) =>
  db.from('activities').select('id, title').in('id', ids);
