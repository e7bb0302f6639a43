// The dashboard's side of the data layer (@guestmap/shared-ui/data, docs/platform.md "The data layer"): every
// read of a screen is an endpoint of the page's one cache, injected by its feature's hooks/ file, whose queryFn
// calls the feature's api/ function with the full client. Endpoint names start with `dashboard` (one api for
// the page: names are page-wide); tag types are the dashboard's own.
import { dataApi, fromApi, withSupabase, type ApiResponse } from '@guestmap/shared-ui/data';
import type { TypedClient } from '@guestmap/shared-ui/database';

export const dashboardApi = dataApi.enhanceEndpoints({
  addTagTypes: [
    'DashboardRecommendations',
    'DashboardCampaigns',
    'DashboardPrizes',
    'DashboardLedger',
    'DashboardCommission',
    'DashboardPartners',
    'DashboardStatement',
    'DashboardModerators',
    'DashboardStaffLinks',
    'DashboardPartnerMonth',
    'DashboardFees',
  ],
});

/** A queryFn from an api/ function that takes the full client (`useDb()`'s). */
export const viaClient = <A, T>(read: (db: TypedClient, arg: A) => PromiseLike<ApiResponse<T> | T>) =>
  fromApi(withSupabase(read));

/** A query's refetch as a hook's `reload()`: resolves once the read has answered, whatever it answered. */
export const settled = (r: { refetch: () => { unwrap: () => Promise<unknown> } }) => async () => {
  await r
    .refetch()
    .unwrap()
    .catch(() => undefined);
};
