// The currencies (api/list-currencies.ts): the hotel's sale form offers exactly these and checks the same
// bounds; the partner portal formats amounts with their minor units. Read once for the page (the data layer's
// cache: every form and portal card that shows them shares the one read).
import { listCurrencies, type Currency } from './api/list-currencies.ts';
import { dashboardApi, viaClient } from './data.ts';

/** code → minor units. */
export const unitsOf = (rows: Currency[]) => new Map(rows.map((c) => [c.code, c.minor_units]));

const api = dashboardApi.injectEndpoints({
  endpoints: (b) => ({
    dashboardCurrencies: b.query<Currency[], void>({ queryFn: viaClient((db) => listCurrencies(db)) }),
  }),
});

export function useCurrencies(): Currency[] | null {
  return api.useDashboardCurrenciesQuery().data ?? null;
}
