// The places on the map as markers: the same array while the same places are shown. With "open now" on,
// the minute's tick recomputes the list's entries; rebuilding the markers for it took every marker away
// and back each minute (with 10,000 places, the cluster index too), and a focused marker lost the focus.
// A place's marker item is made once per language: a big map arriving in pages of 1,000 makes each page's
// items once, not every page's again.
import { useMemo } from 'react';
import { useTranslation, type Locale } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import type { Activity } from '../../../lib/utils/types.ts';
import { labelCache } from '../../../lib/utils/label-cache.ts';
import { useStableArray } from '../../../lib/hooks/use-stable-array.ts';
import type { MarkerItem } from '../components/markers-layer.tsx';

export function useMarkerItems(places: Activity[], locale: Locale): MarkerItem[] {
  const { t } = useTranslation('map');
  const shown = useStableArray(places);
  const made = useMemo(() => {
    const category = labelCache((c: string) => t(`category.${c}`)); // one lookup per category, not per place
    const items = new WeakMap<Activity, MarkerItem>();
    return (a: Activity) => {
      let item = items.get(a);
      if (!item) {
        item = {
          id: a.id,
          latitude: a.latitude,
          longitude: a.longitude,
          category: a.category,
          label: `${pickText(a.title, locale)}, ${category(a.category)}`,
        };
        items.set(a, item);
      }
      return item;
    };
  }, [locale, t]);
  return useMemo<MarkerItem[]>(() => shown.map(made), [shown, made]);
}
