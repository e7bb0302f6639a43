// The map's moderators and its invitations, two reads of the data layer's cache, read again after each action.
import { useCallback } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { together, useInvalidate, useReadFailure } from '@guestmap/shared-ui/data';
import { errorKey } from '../../../lib/use-db.ts';
import { dashboardApi, viaClient } from '../../../lib/data.ts';
import { listModerators, type Moderator } from '../api/list-customer-moderators.ts';
import { listInvitations, type Invitation } from '../api/list-customer-invitations.ts';

const api = dashboardApi.injectEndpoints({
  endpoints: (b) => ({
    dashboardModerators: b.query<Moderator[], string>({
      queryFn: viaClient(listModerators),
      providesTags: (_r, _e, id) => [{ type: 'DashboardModerators', id }],
    }),
    dashboardModeratorInvitations: b.query<Invitation[], string>({
      queryFn: viaClient(listInvitations),
      providesTags: (_r, _e, id) => [{ type: 'DashboardModerators', id }],
    }),
  }),
});

const NO_MODS: Moderator[] = [];
const NO_INVITATIONS: Invitation[] = [];

export function useModerators(customerId: string) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const invalidate = useInvalidate();
  const m = api.useDashboardModeratorsQuery(customerId);
  const i = api.useDashboardModeratorInvitationsQuery(customerId);
  // One message for the two reads.
  useReadFailure(together(m, i), (e) => toast.error(t(errorKey(e))));
  const reload = useCallback(
    () => invalidate([{ type: 'DashboardModerators', id: customerId }]),
    [invalidate, customerId],
  );
  return {
    mods: m.data ?? NO_MODS,
    invitations: i.data ?? NO_INVITATIONS,
    loading: m.isLoading || i.isLoading,
    reload,
  };
}
