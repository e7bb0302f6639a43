// What a guest does with an opened place: save it (signing in first), share its link (the system's share
// sheet, else the share menu), ask for directions. Each counts an analytics event once it happened.
import { useRef, type ReactNode } from 'react';
import { usePlatform, useTranslation } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import type { Activity } from '../../../lib/utils/types.ts';
import { recordEvent } from '../../../lib/api/record-event.ts';
import { useFavourites } from '../api/favourites.ts';
import { useShare } from '../../../lib/share/use-share.tsx';

export interface ActivityActions {
  isSaved: (a: Activity) => boolean;
  favourite: (a: Activity) => Promise<void>;
  share: (a: Activity) => Promise<void>;
  directions: (a: Activity) => void;
  /** The share menu while it is open (render it anywhere). */
  shareMenu: ReactNode;
}

export function useActivityActions(customerId: string | undefined): ActivityActions {
  const { t } = useTranslation('map');
  const { db, locale, hrefFor, toast, user, requestSignIn } = usePlatform();
  const favourites = useFavourites(db, user?.id ?? null);

  // The share sheet where the browser has one, else the share menu (lib/share: loaded when first opened).
  const shared = useRef<string | null>(null);
  const { share: open, menu: shareMenu } = useShare(customerId, () => {
    if (customerId) void recordEvent(db, customerId, 'share', shared.current);
  });
  const share = async (a: Activity) => {
    if (!customerId) return;
    shared.current = a.id;
    await open({
      path: hrefFor('Activity', { customerId, activitySlug: a.slug, activityId: a.id }),
      title: pickText(a.title, locale),
    });
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

  return { isSaved: (a) => favourites.ids.has(a.id), favourite, share, directions, shareMenu };
}
