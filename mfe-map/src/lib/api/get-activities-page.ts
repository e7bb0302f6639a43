// One page of a map's published places (the request under every read of a map's places: the places with
// their texts, get-places.ts, and the names in every language, get-place-names.ts). The pages are read by
// `readAllPages` (utils/read-all-pages.ts).
import type { Db } from '@guestmap/shared-ui/contracts';

/**
 * Rows per request: PostgREST answers at most `max_rows` rows (1,000 on hosted Supabase and locally), and
 * a longer answer is cut without an error. A map with more places is read in pages of this size.
 */
export const PAGE_ROWS = 1000;

/** One page of a map's published places, with the given columns, in the map's order; `count` asks for the
 * number of places too (the first page). */
export function activitiesPage(db: Db, customerId: string, page: number, columns: string, count = false) {
  return db
    .from('activities')
    .select(columns, count ? { count: 'exact' } : undefined)
    .eq('customer_id', customerId)
    .eq('published', true)
    .order('sort_order')
    .order('id')
    .range(page * PAGE_ROWS, page * PAGE_ROWS + PAGE_ROWS - 1);
}
