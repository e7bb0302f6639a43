// The customer's recommendations as the screen holds them (the data layer's cache): read once, read again after
// a save or an import, changed in place after a publish or a move.
import { useCallback, type SetStateAction } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDataDispatch, useReadFailure } from '@guestmap/shared-ui/data';
import { errorKey } from '../../../lib/use-db.ts';
import { dashboardApi, settled, viaClient } from '../../../lib/data.ts';
import { listActivities, type Activity } from '../api/list-activities.ts';

const api = dashboardApi.injectEndpoints({
  endpoints: (b) => ({
    dashboardRecommendations: b.query<Activity[], string>({
      queryFn: viaClient(listActivities),
      providesTags: (_r, _e, customerId) => [{ type: 'DashboardRecommendations', id: customerId }],
    }),
  }),
});

const NONE: Activity[] = [];

export function useRecommendations(customerId: string) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const dispatch = useDataDispatch();
  const r = api.useDashboardRecommendationsQuery(customerId);
  useReadFailure(r, (e) => toast.error(t(errorKey(e))));
  const setRows = useCallback(
    (next: SetStateAction<Activity[]>) =>
      dispatch(
        api.util.updateQueryData('dashboardRecommendations', customerId, (draft) =>
          typeof next === 'function' ? next(draft as Activity[]) : next,
        ),
      ),
    [dispatch, customerId],
  );
  return { rows: r.data ?? NONE, setRows, loading: r.isLoading, reload: settled(r) };
}
