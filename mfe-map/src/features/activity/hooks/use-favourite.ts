// A place's favourite button (in the place panel, loaded when a place is first opened, never with the map): the
// user's favourites are an endpoint of the page's one cache (@guestmap/shared-ui/data, docs/platform.md "The data
// layer"), read once per user and changed in place after a save the database accepted. Saving asks a guest to
// sign in first; each save says so in a toast and counts an analytics event.
import { useCallback } from 'react';
import { usePlatform, useTranslation } from '@guestmap/shared-ui/contracts';
import { dataApi, fromApi, useDataDispatch } from '@guestmap/shared-ui/data';
import type { Activity } from '../../../lib/utils/types.ts';
import { recordEvent } from '../../../lib/api/record-event.ts';
import { listFavourites } from '../api/list-favourites.ts';
import { saveFavourite } from '../api/save-favourite.ts';

const api = dataApi.injectEndpoints({
  endpoints: (b) => ({
    mapFavourites: b.query<string[], string>({
      queryFn: fromApi((c, userId: string) => listFavourites(c.db, userId)),
    }),
  }),
});

/** Whether the place is among the user's favourites, and the button's action. */
export function useFavourite(customerId: string, a: Activity): { saved: boolean; toggle: () => Promise<void> } {
  const { t } = useTranslation('map');
  const { db, user, toast, requestSignIn } = usePlatform();
  const dispatch = useDataDispatch();
  const userId = user?.id ?? null;
  const r = api.useMapFavouritesQuery(userId ?? '', { skip: !userId });
  const saved = !!userId && !!r.data?.includes(a.id);

  const toggle = useCallback(async () => {
    if (!userId) {
      requestSignIn('Activity', { customerId, activitySlug: a.slug, activityId: a.id });
      return;
    }
    const next = !saved;
    try {
      await saveFavourite(db, userId, a.id, next);
    } catch {
      toast.error(t('activity.favouriteFailed'));
      return;
    }
    dispatch(
      api.util.updateQueryData('mapFavourites', userId, (ids) =>
        next ? (ids.includes(a.id) ? ids : [...ids, a.id]) : ids.filter((id) => id !== a.id),
      ),
    );
    toast.success(next ? t('activity.savedToast') : t('activity.removedToast'));
    if (next) void recordEvent(db, customerId, 'favourite', a.id);
  }, [userId, saved, db, a.id, a.slug, customerId, dispatch, requestSignIn, toast, t]);

  return { saved, toggle };
}
