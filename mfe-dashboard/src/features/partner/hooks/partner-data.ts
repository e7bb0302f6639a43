// The partner portal's reads, as endpoints of the page's one cache (lib/data.ts). A read that got no answer (or
// a server fault) is read again on connectivity's schedule, what is shown kept meanwhile (issue 32).
import { dashboardApi, viaClient } from '../../../lib/data.ts';
import { myPartners, type MyPartner } from '../api/my-partners.ts';
import { partnerStatement, type PartnerStatement } from '../api/partner-statement.ts';
import { rateHistory, type CommissionRate } from '../api/commission-rate-history.ts';
import { pinChanges, type PinChange } from '../api/pin-changes.ts';

export const partnerApi = dashboardApi.injectEndpoints({
  endpoints: (b) => ({
    dashboardMyPartners: b.query<MyPartner[], void>({ queryFn: viaClient((db) => myPartners(db)) }),
    dashboardPartnerStatement: b.query<PartnerStatement, { activityId: string; month: string }>({
      queryFn: viaClient((db, { activityId, month }) => partnerStatement(db, activityId, month)),
      providesTags: (_r, _e, { activityId }) => [{ type: 'DashboardPartnerMonth', id: activityId }],
    }),
    dashboardPartnerRates: b.query<CommissionRate[], string>({
      queryFn: viaClient(rateHistory),
      providesTags: (_r, _e, activityId) => [{ type: 'DashboardPartnerMonth', id: activityId }],
    }),
    dashboardPinChanges: b.query<PinChange[], string>({
      queryFn: viaClient(async (db, activityId) => (await pinChanges(db, activityId)).slice(0, 5)),
    }),
  }),
});
