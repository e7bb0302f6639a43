// A map's place names in every language (lib/api/get-place-names.ts) as an endpoint of the page's one cache
// (@guestmap/shared-ui/data, docs/platform.md "The data layer"). Loaded with the names' reader when the guest
// first types a query (use-place-names.ts), never with the map: read once per customer and page; a read that got
// no answer is read again on the page's retry schedule.
import { useEffect, useMemo } from 'react';
import { dataApi, fromApi } from '@guestmap/shared-ui/data';
import type { ContentText as I18nText } from '@guestmap/shared-ui/i18n';
import { fetchPlaceNames, type PlaceNames } from '../api/get-place-names.ts';

const PAGE_LIFE = 24 * 60 * 60;

const api = dataApi.injectEndpoints({
  endpoints: (b) => ({
    mapPlaceNames: b.query<[string, I18nText][], string>({
      queryFn: fromApi(async (c, customerId: string) => [...(await fetchPlaceNames(c.db, customerId))]),
      keepUnusedDataFor: PAGE_LIFE,
    }),
  }),
});

/** Reads the customer's names and hands them on once here (renders nothing). */
export function PlaceNamesReader({ customerId, onNames }: { customerId: string; onNames: (n: PlaceNames) => void }) {
  const { data } = api.useMapPlaceNamesQuery(customerId, { refetchOnMountOrArgChange: false });
  const names = useMemo(() => (data ? new Map(data) : null), [data]);
  useEffect(() => {
    if (names) onNames(names);
  }, [names, onNames]);
  return null;
}
