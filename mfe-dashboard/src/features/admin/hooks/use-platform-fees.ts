// The platform's fees of a closed month and their partners' names (the data layer's cache): nothing of another
// month's while a month is read; a refusal is said once and shows an empty table.
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useReadFailure } from '@guestmap/shared-ui/data';
import type { Json } from '@guestmap/shared-ui/database';
import { errorKey } from '../../../lib/use-db.ts';
import { dashboardApi, viaClient } from '../../../lib/data.ts';
import { platformFees } from '../api/platform-fees.ts';
import { activityTitles } from '../api/activity-titles.ts';
import type { PlatformFee } from '../utils/platform-fees.ts';

interface Fees {
  rows: PlatformFee[];
  titles: Map<string, Json>;
}

const api = dashboardApi.injectEndpoints({
  endpoints: (b) => ({
    dashboardPlatformFees: b.query<Fees, string>({
      queryFn: viaClient(async (db, month) => {
        const { data: rows, error } = await platformFees(db, month);
        if (error) return { data: null, error };
        const ids = [...new Set(rows.map((r) => r.activity_id))];
        const acts = ids.length ? await activityTitles(db, ids) : { data: [] };
        return { data: { rows, titles: new Map((acts.data ?? []).map((a) => [a.id, a.title])) }, error: null };
      }),
      providesTags: (_r, _e, month) => [{ type: 'DashboardFees', id: month }],
    }),
  }),
});

const NO_TITLES = new Map<string, Json>();

export function usePlatformFees(month: string) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const r = api.useDashboardPlatformFeesQuery(month);
  useReadFailure(r, (e) => toast.error(t(errorKey(e))));
  return {
    fees: r.currentData?.rows ?? (r.isError ? [] : null),
    titles: r.currentData?.titles ?? NO_TITLES,
  };
}
