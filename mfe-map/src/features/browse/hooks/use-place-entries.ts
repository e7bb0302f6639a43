// The places the filters let through (category chips, search words, "open now", the traveller filters), ranked: a match in the
// name before a match elsewhere, then nearest first (Near me) or the curated order.
import { useMemo } from 'react';
import type { Locale } from '@guestmap/shared-ui/contracts';
import { CATEGORIES, type Activity, type Category } from '../../../lib/utils/types.ts';
import { distanceMetres, type LatLng } from '../../../lib/utils/distance.ts';
import { statusLookup, type OpenStatus } from '../../../lib/utils/opening-hours.ts';
import type { MapUiState } from '../../../lib/store/ui-slice.ts';
import type { PlaceNames } from '../../../lib/api/get-place-names.ts';
import { queryWords, searchRank } from '../utils/search.ts';
import type { ListEntry } from '../components/place-list.tsx';
import type { FilterMatch } from './use-place-filter-match.ts';

export interface PlaceEntries {
  /** The categories this customer's places have, in the list's order. */
  categories: Category[];
  /** A place's opening status now: a new function when the minute changes. */
  statusOf: (a: Activity) => OpenStatus;
  entries: ListEntry[];
}

export function usePlaceEntries(
  activities: Activity[],
  filters: Pick<MapUiState, 'query' | 'categories' | 'openNow'>,
  opts: {
    now: Date;
    timeZone: string;
    me: LatLng | null;
    locale: Locale;
    /** The places' names in every language (read when the guest first searches), for search. */
    allNames?: PlaceNames | null;
    /** The traveller filters' rule (use-place-filter-match.ts); 'loading': no place until it is here. */
    match?: FilterMatch;
  },
): PlaceEntries {
  const { now, timeZone, me, locale, allNames, match = 'none' } = opts;
  const categories = useMemo(() => CATEGORIES.filter((c) => activities.some((a) => a.category === c)), [activities]);
  const minute = Math.floor(now.getTime() / 60000);
  // Opening statuses are computed when asked for: by the "open now" filter (every place), by the list (the
  // rows it shows). A phone whose list is closed computes none on the map's first screen.
  const statusOf = useMemo(() => {
    const lookup = statusLookup(new Date(minute * 60000), timeZone);
    return (a: Activity) => lookup(a.opening_hours);
  }, [minute, timeZone]);
  // Only the "open now" filter needs the entries again when the minute changes.
  const openFilter = filters.openNow ? statusOf : null;
  const entries = useMemo<ListEntry[]>(() => {
    const list: ListEntry[] = [];
    if (match === 'loading') return list;
    const words = queryWords(filters.query);
    const rank = new Map<ListEntry, number>();
    for (const a of activities) {
      if (filters.categories.length && !filters.categories.includes(a.category)) continue;
      const r = words.length ? searchRank(a, words, locale, allNames?.get(a.id)) : 0;
      if (r === null) continue;
      if (openFilter && openFilter(a).state !== 'open') continue;
      if (match !== 'none' && !match(a)) continue;
      const entry = { activity: a, distance: me ? distanceMetres(me, a) : null };
      rank.set(entry, r);
      list.push(entry);
    }
    if (words.length || me)
      list.sort((x, y) => rank.get(x)! - rank.get(y)! || (me ? (x.distance ?? 0) - (y.distance ?? 0) : 0));
    return list;
  }, [activities, filters.categories, filters.query, allNames, openFilter, match, me, locale]);
  return { categories, statusOf, entries };
}
