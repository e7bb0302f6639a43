// Each staff link's figures for a period (the data layer's cache), read again after a link is made or revoked.
// A failed read is said once and shows an empty table (the previous figures, if any, stay).
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useReadFailure } from '@guestmap/shared-ui/data';
import { errorKey } from '../../../lib/use-db.ts';
import { dashboardApi, viaClient } from '../../../lib/data.ts';
import { staffLinkFigures, type StaffLinkFigures } from '../api/staff-link-figures.ts';

type Period = { customerId: string; from: string; to: string };

const api = dashboardApi.injectEndpoints({
  endpoints: (b) => ({
    dashboardStaffLinkFigures: b.query<StaffLinkFigures[], Period>({
      queryFn: viaClient((db, p) => staffLinkFigures(db, p.customerId, p.from, p.to)),
      providesTags: (_r, _e, { customerId }) => [{ type: 'DashboardStaffLinks', id: customerId }],
    }),
  }),
});

export function useStaffFigures(customerId: string, from: string, to: string) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const r = api.useDashboardStaffLinkFiguresQuery({ customerId, from, to });
  useReadFailure(r, (e) => toast.error(t(errorKey(e))));
  return { rows: r.data ?? (r.isError ? [] : null), reload: r.refetch };
}
