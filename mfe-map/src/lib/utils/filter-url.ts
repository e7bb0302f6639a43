// The map's filters in its address (issue 43 item 5; docs/filters.md), so that a shared or reloaded link shows the
// same places: `?cat=food,cafe&open=now&f=vegetarian,wheelchair`. The search text is not written there (it would
// rewrite the address at every keystroke and ride along in every place's link the guest shares). Other parameters (the staff code, `rewards`)
// are kept as they are. Unknown categories are dropped when read, and filters that are no filter's name: an old or
// edited link still opens. (The list of filters is not read here: it travels with the filters' own code, which the
// map's first screen does not download; a well-formed unknown name is ignored by the rule, place-filters.ts.)
import { isCategory } from '@guestmap/shared-ui/categories';
import type { MapUiState } from '../store/ui-slice.ts';

export type UrlFilters = Pick<MapUiState, 'categories' | 'openNow' | 'placeFilters'>;

export const FILTER_PARAMS = ['cat', 'open', 'f'] as const;

/** No filter on: every place shows. */
export const NO_FILTERS: UrlFilters = { categories: [], openNow: false, placeFilters: [] };

const list = (value: string | null, keep: (x: string) => boolean) => [
  ...new Set((value ?? '').split(',').filter(keep)),
];
const isFilterName = (x: string) => /^[a-z][a-z_]{1,30}$/.test(x);

/** The filters an address carries, or null when it carries none of the filter parameters. */
export function readFilters(search: URLSearchParams): UrlFilters | null {
  if (!FILTER_PARAMS.some((p) => search.has(p))) return null;
  return {
    categories: list(search.get('cat'), isCategory),
    openNow: search.get('open') === 'now',
    placeFilters: list(search.get('f'), isFilterName),
  };
}

/** The address's parameters with these filters in place of its own (none written for a filter that is off). */
export function writeFilters(search: URLSearchParams, f: UrlFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const p of FILTER_PARAMS) next.delete(p);
  if (f.categories.length) next.set('cat', f.categories.join(','));
  if (f.openNow) next.set('open', 'now');
  if (f.placeFilters.length) next.set('f', f.placeFilters.join(','));
  return next;
}

/** Whether two sets of filters show the same places (the order of choice does not matter). */
export function sameFilters(a: UrlFilters, b: UrlFilters): boolean {
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((v) => y.includes(v));
  return a.openNow === b.openNow && same(a.categories, b.categories) && same(a.placeFilters, b.placeFilters);
}

/**
 * One step of keeping the filters and the address in step, given the address now (`text`), the filters on now,
 * the address last looked at and the one last written: `apply` the address's filters (it arrived with filters of
 * its own: a shared link, a reload, Back), or `write` this address (the filters changed, or an address without
 * them came: a place opened from the list), or nothing.
 */
export function filterUrlStep(
  text: string,
  mine: UrlFilters,
  seen: string | null,
  written: string | null,
): { apply?: UrlFilters; write?: string } {
  const fromUrl = readFilters(new URLSearchParams(text));
  const arrived = text !== seen && text !== written;
  if (arrived && fromUrl && !sameFilters(fromUrl, mine)) return { apply: fromUrl };
  if (sameFilters(fromUrl ?? NO_FILTERS, mine)) return {};
  return { write: writeFilters(new URLSearchParams(text), mine).toString() };
}
