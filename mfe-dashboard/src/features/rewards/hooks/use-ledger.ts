// The latest plays, redemptions and partner transactions of the hotel, read together (again after a sale).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { listRecentPlays, type Play } from '../api/list-recent-plays.ts';
import { listRecentRedemptions, type Redemption } from '../api/list-recent-redemptions.ts';
import { listRecentTransactions, type Txn } from '../api/list-recent-transactions.ts';

const RECENT = 20;

export function useLedger(customerId: string) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [plays, setPlays] = useState<Play[] | null>(null);
  const [redemptions, setRedemptions] = useState<Redemption[] | null>(null);
  const [txns, setTxns] = useState<Txn[] | null>(null);
  const reload = useCallback(async () => {
    const [p, r, x] = await Promise.all([
      listRecentPlays(db, customerId, RECENT),
      listRecentRedemptions(db, customerId, RECENT),
      listRecentTransactions(db, customerId, RECENT),
    ]);
    const failed = [p, r, x].find((res) => res.error);
    if (failed) toast.error(t(errorKey(failed.error)));
    setPlays(p.data ?? []);
    setRedemptions((r.data ?? []) as Redemption[]);
    setTxns((x.data ?? []) as Txn[]);
  }, [db, customerId, toast, t]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { plays, redemptions, txns, reload };
}
