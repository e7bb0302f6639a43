// The overview's figures for a period (the data layer's cache). A read that got no answer (or a server fault)
// is read again on the page's retry schedule, the figures kept meanwhile (the shell says it is still trying):
// issue 32; a refusal is said once.
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { readState, useReadFailure } from '@guestmap/shared-ui/data';
import { errorKey } from '../../../lib/use-db.ts';
import { dashboardApi, viaClient } from '../../../lib/data.ts';
import { loadOverview } from '../api/dashboard-overview.ts';

const api = dashboardApi.injectEndpoints({
  endpoints: (b) => ({
    dashboardOverview: b.query<Awaited<ReturnType<typeof loadOverview>>, { customerId: string; days: number }>({
      queryFn: viaClient((db, { customerId, days }) => loadOverview(db, customerId, days)),
    }),
  }),
});

export function useOverview(customerId: string, days: number, hotel: boolean) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const r = api.useDashboardOverviewQuery({ customerId, days });
  const { waiting } = readState(r);
  useReadFailure(r, (e) => {
    if (!e.transient) toast.error(t(errorKey(e)));
  });
  // The last period's figures stay while another period is read.
  const o = r.data;
  const data = o ? { cmp: o.cmp, titles: o.titles, partners: hotel ? o.partners : null } : null;
  return { data, loading: r.isFetching || (waiting && !o) };
}
