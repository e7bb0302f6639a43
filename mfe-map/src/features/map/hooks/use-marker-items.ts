// The places on the map as markers: the same array while the same places are shown. With "open now" on,
// the minute's tick recomputes the list's entries; rebuilding the markers for it took every marker away
// and back each minute (with 10,000 places, the cluster index too), and a focused marker lost the focus.
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
  return useMemo<MarkerItem[]>(() => {
    const category = labelCache((c: string) => t(`category.${c}`)); // one lookup per category, not per place
    return shown.map((a) => ({
      id: a.id,
      latitude: a.latitude,
      longitude: a.longitude,
      category: a.category,
      label: `${pickText(a.title, locale)}, ${category(a.category)}`,
    }));
  }, [shown, locale, t]);
}
