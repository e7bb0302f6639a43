// Publish or unpublish one recommendation; the database refuses a publish over the package's allowance
// (`package_limit`).
import type { TypedClient } from '@guestmap/shared-ui/database';

export const setActivityPublished = (db: TypedClient, id: string, published: boolean) =>
  db.from('activities').update({ published }).eq('id', id);
