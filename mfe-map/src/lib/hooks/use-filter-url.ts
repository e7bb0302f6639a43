// Keeps the map's filters (the remote's slice) and the address in step (docs/filters.md): an address that arrives
// with filters (a shared link, a reload, Back) sets them; a change of filters replaces the address's parameters
// (no new history entry per tap); an address without them (a place opened from the list) gets the filters back.
import { useEffect, useRef } from 'react';
import { useSearchParams } from '@guestmap/shared-ui/contracts';
import { mapUi, type MapUiState } from '../store/ui-slice.ts';
import { NO_FILTERS, readFilters, sameFilters, writeFilters } from '../utils/filter-url.ts';

export function useFilterUrl(customerId: string | undefined, ui: MapUiState, dispatch: (action: unknown) => void) {
  const [search, setSearch] = useSearchParams();
  const text = search.toString();
  /** The address last looked at, and the one this hook wrote last (its own writes are not a new link). */
  const seen = useRef<string | null>(null);
  const written = useRef<string | null>(null);
  const entered = !!customerId && ui.customerId === customerId;
  const { query, categories, openNow, placeFilters } = ui;
  useEffect(() => {
    // Until the slice is this map's (entering another map starts fresh), there is nothing to compare.
    if (!entered) return;
    const mine = { query, categories, openNow, placeFilters };
    const fromUrl = readFilters(new URLSearchParams(text));
    const arrived = text !== seen.current && text !== written.current;
    seen.current = text;
    if (arrived && fromUrl && !sameFilters(fromUrl, mine)) {
      dispatch(mapUi.actions.applyFilters(fromUrl));
      return;
    }
    if (!sameFilters(fromUrl ?? NO_FILTERS, mine)) {
      const next = writeFilters(new URLSearchParams(text), mine).toString();
      written.current = next;
      setSearch(new URLSearchParams(next), { replace: true });
    }
  }, [entered, text, query, categories, openNow, placeFilters, dispatch, setSearch]);
}
