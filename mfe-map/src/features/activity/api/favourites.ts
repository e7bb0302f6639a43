// The signed-in user's favourites (table favourites, own rows only under RLS).
import { useCallback, useEffect, useState } from 'react';
import type { Db } from '@guestmap/shared-ui/contracts';

export function useFavourites(db: Db, userId: string | null) {
  const [ids, setIds] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (!userId) {
      setIds(new Set());
      return;
    }
    let live = true;
    void db
      .from('favourites')
      .select('activity_id')
      .eq('user_id', userId)
      .then(({ data }) => {
        if (live && data) setIds(new Set((data as { activity_id: string }[]).map((r) => r.activity_id)));
      });
    return () => {
      live = false;
    };
  }, [db, userId]);

  /** Adds or removes; returns the new state, or throws when the database refused. */
  const toggle = useCallback(
    async (activityId: string): Promise<boolean> => {
      if (!userId) throw new Error('not signed in');
      const saved = ids.has(activityId);
      const { error } = saved
        ? await db.from('favourites').delete().eq('user_id', userId).eq('activity_id', activityId)
        : await db.from('favourites').insert({ user_id: userId, activity_id: activityId });
      if (error && error.code !== '23505') throw error;
      setIds((prev) => {
        const next = new Set(prev);
        if (saved) next.delete(activityId);
        else next.add(activityId);
        return next;
      });
      return !saved;
    },
    [db, userId, ids],
  );
  return { ids, toggle };
}
