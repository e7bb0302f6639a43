// Partners' commission as the Rewards tab shows it: each partner's rate history, accepted staff and rate in force,
// and the pending partner-staff invitations; read again after each change.
import { useCallback, useMemo } from 'react';
import { useInvalidate } from '@guestmap/shared-ui/data';
import { rewardsApi, type CommissionFigures, type Partner } from './rewards-data.ts';

const EMPTY: Omit<CommissionFigures, 'invitations'> & { invitations: CommissionFigures['invitations'] | null } = {
  history: {},
  inForce: {},
  staff: {},
  invitations: null,
};

export function useCommission(customerId: string, partners: Partner[]) {
  const invalidate = useInvalidate();
  const partnerIds = useMemo(() => partners.map((p) => p.id), [partners]);
  const { data, currentData, isError } = rewardsApi.useDashboardCommissionQuery({ customerId, partnerIds });
  const reload = useCallback(
    async () => invalidate([{ type: 'DashboardCommission', id: customerId }]),
    [invalidate, customerId],
  );
  const shown: typeof EMPTY = data ?? EMPTY;
  return { ...shown, reading: currentData === undefined && !isError, reload };
}
