// Keeps the map's filters (the remote's slice) and the address in step (docs/filters.md; the rule:
// filterUrlStep in lib/utils/filter-url.ts): an address that arrives with filters (a shared link, a reload, Back)
// sets them; a change of filters replaces the address's parameters (no new history entry per tap); an address
// without them (a place opened from the list) gets the filters back. The rule's code downloads once the address
// may carry filters or a filter is on: a guest who filters nothing does not download it.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@guestmap/shared-ui/contracts';
import { mapUi, type MapUiState } from '../store/ui-slice.ts';
import { useLazyModuleState } from './use-lazy-module.ts';

const loadRule = () => import('../utils/filter-url.ts');
const MAY_CARRY = /(^|&)(cat|open|f)=/;

/** Returns true while an address that may carry filters has not been read yet: the list then waits (an empty list
 * for a moment, never the places a shared link's filters would hide); if the rule cannot download (offline before
 * it was ever used), every place shows. */
export function useFilterUrl(
  customerId: string | undefined,
  ui: MapUiState,
  dispatch: (action: unknown) => void,
): boolean {
  const [search, setSearch] = useSearchParams();
  const text = search.toString();
  const { categories, openNow, placeFilters } = ui;
  const on = categories.length > 0 || openNow || placeFilters.length > 0;
  const { mod: rule, failed } = useLazyModuleState(loadRule, on || MAY_CARRY.test(text), text);
  /** The address last looked at, and the one this hook wrote last (its own writes are not a new link). */
  const seen = useRef<string | null>(null);
  const written = useRef<string | null>(null);
  // Until the slice is this map's (entering another map starts fresh), there is nothing to compare.
  const entered = !!customerId && ui.customerId === customerId;
  const [read, setRead] = useState(false);
  useEffect(() => {
    if (!entered || !rule) return;
    const step = rule.filterUrlStep(text, { categories, openNow, placeFilters }, seen.current, written.current);
    seen.current = text;
    setRead(true);
    if (step.apply) dispatch(mapUi.actions.applyFilters(step.apply));
    if (step.write !== undefined) {
      written.current = step.write;
      setSearch(new URLSearchParams(step.write), { replace: true });
    }
  }, [entered, rule, text, categories, openNow, placeFilters, dispatch, setSearch]);
  return !read && !failed && MAY_CARRY.test(text);
}
