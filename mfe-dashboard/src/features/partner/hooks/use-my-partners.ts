// The partners the account is staff of, and the currencies' minor units. A read that got no answer (or a
// server fault) keeps `partners` null and is read again on the page's retry schedule (the shell says it is
// still trying): never "no partner" for a network fault (issue 32).
import { useEffect, useState } from 'react';
import { failedForConnection, useRetryWhileDown } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { listCurrencies } from '../../../lib/api/list-currencies.ts';
import { unitsOf } from '../../../lib/currencies.ts';
import { myPartners, type MyPartner } from '../api/my-partners.ts';

export function useMyPartners() {
  const db = useDb();
  const [partners, setPartners] = useState<MyPartner[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [units, setUnits] = useState<Map<string, number>>(new Map());
  const [attempt, setAttempt] = useState(0);
  const [waiting, setWaiting] = useState(false);
  useRetryWhileDown(waiting, () => {
    setWaiting(false);
    setAttempt((n) => n + 1);
  });
  useEffect(() => {
    let live = true;
    myPartners(db).then(
      (list) => live && setPartners(list),
      (e) => {
        if (!live) return;
        if (failedForConnection(e)) return setWaiting(true);
        setLoadError(errorKey(e));
        setPartners([]);
      },
    );
    void listCurrencies(db).then((rows) => live && setUnits(unitsOf(rows)));
    return () => {
      live = false;
    };
  }, [db, attempt]);
  return { partners, loadError, units };
}
