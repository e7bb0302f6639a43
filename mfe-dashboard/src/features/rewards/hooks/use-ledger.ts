// The latest plays, redemptions and partner transactions of the hotel, read together (again after a sale).
import { useCallback } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { together, useInvalidate, useReadFailure } from '@guestmap/shared-ui/data';
import { errorKey } from '../../../lib/use-db.ts';
import { rewardsApi } from './rewards-data.ts';

/** A list as the ledger shows it: null while it is read, empty when it could not be (the failure is said). */
const rows = <T>(r: { data?: T[]; isError: boolean }) => r.data ?? (r.isError ? [] : null);

export function useLedger(customerId: string) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const invalidate = useInvalidate();
  const p = rewardsApi.useDashboardRecentPlaysQuery(customerId);
  const r = rewardsApi.useDashboardRecentRedemptionsQuery(customerId);
  const x = rewardsApi.useDashboardRecentTransactionsQuery(customerId);
  // One message for the three reads.
  useReadFailure(together(p, r, x), (e) => toast.error(t(errorKey(e))));
  const reload = useCallback(
    async () => invalidate([{ type: 'DashboardLedger', id: customerId }]),
    [invalidate, customerId],
  );
  return { plays: rows(p), redemptions: rows(r), txns: rows(x), reload };
}
