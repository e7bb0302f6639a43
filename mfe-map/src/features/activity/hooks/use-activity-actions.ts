// What a guest does with an opened place: share its link (the system's share sheet, else the share menu), ask for
// directions. Each counts an analytics event once it happened. Saving it is the place panel's own
// (hooks/use-favourite.ts, loaded with the panel).
import { useRef, type ReactNode } from 'react';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import type { Activity } from '../../../lib/utils/types.ts';
import { recordEvent } from '../../../lib/api/record-event.ts';
import { useShare } from '../../../lib/share/use-share.tsx';

export interface ActivityActions {
  share: (a: Activity) => Promise<void>;
  directions: (a: Activity) => void;
  /** The share menu while it is open (render it anywhere). */
  shareMenu: ReactNode;
}

export function useActivityActions(customerId: string | undefined): ActivityActions {
  const { db, locale, hrefFor } = usePlatform();

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

  const directions = (a: Activity) => {
    if (customerId) void recordEvent(db, customerId, 'directions_click', a.id);
  };

  return { share, directions, shareMenu };
}
