// The exchange rates as an endpoint of the page's one cache (@guestmap/shared-ui/data, docs/platform.md "The data
// layer"), loaded with the price block (never with the map): read once per page, shared by every price shown at
// once; a read that got no answer is read again on the page's retry schedule.
import { dataApi, fromApi } from '@guestmap/shared-ui/data';
import { getRates } from '../api/get-rates.ts';
import type { ExchangeRate } from '../utils/prices.ts';

/** Kept for the page's life: rates change once a day, and a place opened later shows its estimate at once. */
const PAGE_LIFE = 24 * 60 * 60;

const api = dataApi.injectEndpoints({
  endpoints: (b) => ({
    mapRates: b.query<ExchangeRate[], void>({
      queryFn: fromApi((c) => getRates(c.db)),
      keepUnusedDataFor: PAGE_LIFE,
    }),
  }),
});

const NONE: ExchangeRate[] = [];

/** The rates once read; [] when the API cannot answer; null until the first answer. */
export function useRates(): ExchangeRate[] | null {
  const r = api.useMapRatesQuery(undefined, { refetchOnMountOrArgChange: false });
  return r.data ?? (r.isError ? NONE : null);
}
