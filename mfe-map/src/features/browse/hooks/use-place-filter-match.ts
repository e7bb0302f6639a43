// The traveller filters' rule, its code downloaded when a filter is first chosen (or an address carries one):
// 'none' with no filter on, 'loading' until the code is here (the list then waits rather than show places the
// filters would hide), then the rule for the chosen filters at this minute ("open late" reads the time). If the code
// cannot download (offline before it was ever used), 'none': every place, as the chips cannot show either.
import { useMemo } from 'react';
import type { Activity } from '../../../lib/utils/types.ts';
import { useLazyModuleState } from '../../../lib/hooks/use-lazy-module.ts';

export const loadPlaceFilters = () => import('../utils/place-filters.ts');

export type FilterMatch = 'none' | 'loading' | ((a: Activity) => boolean);

export function usePlaceFilterMatch(filters: string[], minute: number, timeZone: string): FilterMatch {
  const wanted = filters.length > 0;
  const { mod, failed } = useLazyModuleState(loadPlaceFilters, wanted, minute);
  return useMemo<FilterMatch>(() => {
    if (!wanted) return 'none';
    if (!mod) return failed ? 'none' : 'loading';
    return mod.placeFilterMatch(filters, new Date(minute * 60000), timeZone);
  }, [wanted, mod, failed, filters, minute, timeZone]);
}
