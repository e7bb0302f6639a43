// What a guest does with an opened place: save it (signing in first), share its link (the system's share
// sheet, else the clipboard), ask for directions. Each counts an analytics event once it happened.
import { usePlatform, useTranslation } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import type { Activity } from '../../../lib/utils/types.ts';
import { recordEvent } from '../../../lib/api/record-event.ts';
import { useFavourites } from '../api/favourites.ts';

export interface ActivityActions {
  isSaved: (a: Activity) => boolean;
  favourite: (a: Activity) => Promise<void>;
  share: (a: Activity) => Promise<void>;
  directions: (a: Activity) => void;
}

export function useActivityActions(customerId: string | undefined): ActivityActions {
  const { t } = useTranslation('map');
  const { db, locale, hrefFor, toast, user, requestSignIn } = usePlatform();
  const favourites = useFavourites(db, user?.id ?? null);

  const share = async (a: Activity) => {
    if (!customerId) return;
    const url = new URL(
      hrefFor('Activity', { customerId, activitySlug: a.slug, activityId: a.id }),
      window.location.origin,
    ).href;
    const title = pickText(a.title, locale);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        void recordEvent(db, customerId, 'share', a.id);
      } catch (e) {
        if ((e as Error).name !== 'AbortError') toast.error(t('activity.shareFailed'));
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('activity.linkCopied'));
      void recordEvent(db, customerId, 'share', a.id);
    } catch {
      toast.info(url);
    }
  };

  const favourite = async (a: Activity) => {
    if (!customerId) return;
    if (!user) {
      requestSignIn('Activity', { customerId, activitySlug: a.slug, activityId: a.id });
      return;
    }
    try {
      const saved = await favourites.toggle(a.id);
      toast.success(saved ? t('activity.savedToast') : t('activity.removedToast'));
      if (saved) void recordEvent(db, customerId, 'favourite', a.id);
    } catch {
      toast.error(t('activity.favouriteFailed'));
    }
  };

  const directions = (a: Activity) => {
    if (customerId) void recordEvent(db, customerId, 'directions_click', a.id);
  };

  return { isSaved: (a) => favourites.ids.has(a.id), favourite, share, directions };
}
