// The showcase's public maps as an endpoint of the page's one cache (@guestmap/shared-ui/data, docs/platform.md
// "The data layer"), loaded with the showcase (never with the Hotels page's first bytes). A read that got no
// answer is read again on the page's retry schedule (issue 32) with the message and its button kept on screen
// meanwhile; the visitor's own "Try again" shows the skeleton again.
import { useCallback, useState } from 'react';
import { dataApi, fromApi } from '@guestmap/shared-ui/data';
import { getPublicMaps, type PublicMap } from '../api/get-public-maps.ts';

const api = dataApi.injectEndpoints({
  endpoints: (b) => ({
    marketingPublicMaps: b.query<PublicMap[], void>({ queryFn: fromApi((c) => getPublicMaps(c.db)) }),
  }),
});

export type ShowcaseState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; maps: PublicMap[] };

export function usePublicMaps(): { state: ShowcaseState; retry: () => void } {
  const r = api.useMarketingPublicMapsQuery();
  // Whether the message is on screen: kept while the schedule reads again, until an answer comes.
  const [failed, setFailed] = useState(false);
  if (r.isError && !failed) setFailed(true);
  if (r.isSuccess && failed) setFailed(false);
  const { refetch } = r;
  const retry = useCallback(() => {
    setFailed(false);
    void refetch();
  }, [refetch]);
  const state: ShowcaseState =
    r.currentData !== undefined
      ? { status: 'ready', maps: r.currentData }
      : failed || r.isError
        ? { status: 'error' }
        : { status: 'loading' };
  return { state, retry };
}
