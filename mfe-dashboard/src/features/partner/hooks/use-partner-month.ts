// One partner's month: its statement and the rate history, read again after each answer of the partner
// (`act`: confirm, dispute, accept or decline a rate). No answer: what is shown stays, and the month is read
// again when the server answers.
import { useCallback, useEffect, useState } from 'react';
import { failedForConnection, useRetryWhileDown, useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { partnerStatement, type PartnerStatement } from '../api/partner-statement.ts';
import { rateHistory, type CommissionRate } from '../api/commission-rate-history.ts';

export function usePartnerMonth(activityId: string, month: string) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [statement, setStatement] = useState<PartnerStatement | null>(null);
  const [rates, setRates] = useState<CommissionRate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);

  const load = useCallback(async () => {
    try {
      const [s, r] = await Promise.all([partnerStatement(db, activityId, month), rateHistory(db, activityId)]);
      setStatement(s);
      setRates(r);
      setError(null);
      setWaiting(false);
    } catch (e) {
      if (failedForConnection(e)) setWaiting(true);
      else setError(errorKey(e));
    }
  }, [db, activityId, month]);

  // Another month or partner: its statement, never the previous one's figures under its name meanwhile.
  useEffect(() => {
    setStatement(null);
  }, [activityId, month]);
  useEffect(() => {
    void load();
  }, [load]);
  useRetryWhileDown(waiting, () => {
    setWaiting(false);
    void load();
  });

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

  return { statement, rates, error, busy, act };
}
