// One partner's month: its statement and the rate history, read again after each answer of the partner
// (`act`: confirm, dispute, accept or decline a rate). No answer: what is shown stays, and the month is read
// again when the server answers (the data layer defers to connectivity).
import { useCallback, useState } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { readState, useInvalidate } from '@guestmap/shared-ui/data';
import { errorKey } from '../../../lib/use-db.ts';
import { partnerApi } from './partner-data.ts';

export function usePartnerMonth(activityId: string, month: string) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const invalidate = useInvalidate();
  const s = partnerApi.useDashboardPartnerStatementQuery({ activityId, month });
  const r = partnerApi.useDashboardPartnerRatesQuery(activityId);
  const [busy, setBusy] = useState<string | null>(null);
  // A refusal is said; a failure for the connection's sake is not an error (it is read again by itself).
  const failed = [s, r].map(readState).find((x) => x.error && !x.waiting)?.error;

  const { refetch: again } = s;
  const load = useCallback(async () => {
    invalidate([{ type: 'DashboardPartnerMonth', id: activityId }]);
    await again()
      .unwrap()
      .catch(() => undefined);
  }, [invalidate, again, activityId]);

  /** Runs one answer of the partner (`key` marks its button busy), says how it went, reads the month again. */
  const act = async (key: string, work: () => Promise<unknown>, done: string) => {
    setBusy(key);
    try {
      await work();
      toast.success(done);
      await load();
      return true;
    } catch (e) {
      toast.error(t(errorKey(e)));
      await load();
      return false;
    } finally {
      setBusy(null);
    }
  };

  // Another month or partner: its statement, never the previous one's figures under its name meanwhile.
  return {
    statement: s.currentData ?? null,
    rates: r.data ?? null,
    error: failed ? errorKey(failed) : null,
    busy,
    act,
  };
}
