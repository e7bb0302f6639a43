// Adds a place to the user's favourites (a row already there counts as saved), or takes it out. Throws when the
// database refused.
import type { Db } from '@guestmap/shared-ui/contracts';

export async function saveFavourite(db: Db, userId: string, activityId: string, saved: boolean): Promise<void> {
  const { error } = saved
    ? await db.from('favourites').insert({ user_id: userId, activity_id: activityId })
    : await db.from('favourites').delete().eq('user_id', userId).eq('activity_id', activityId);
  if (error && error.code !== '23505') throw error;
}
