// The hotel's month as the Statements tab shows it: confirmed lines (partner names in the user's language),
// the items apart (pending, disputed), the settlement; all three read together, again after a close or a payment.
import { useCallback, useEffect, useState } from 'react';
import { pickText } from '@guestmap/shared-ui/i18n';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { jsonObject } from '../../../lib/json.ts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { monthlyStatement } from '../api/monthly-statement.ts';
import { monthlyStatementItems } from '../api/monthly-statement-items.ts';
import { monthSettlement } from '../api/month-settlement.ts';
import type { StatementLine } from '../utils/statement.ts';
import {
  normaliseHotelItem,
  normaliseSettlement,
  type HotelStatementItem,
  type Settlement,
} from '../utils/settlement.ts';

export function useMonthStatement(customerId: string, month: string) {
  const { locale } = usePlatform();
  const db = useDb();
  const [lines, setLines] = useState<StatementLine[] | null>(null);
  const [items, setItems] = useState<HotelStatementItem[] | null>(null);
  const [settlement, setSettlement] = useState<Settlement | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(
    async (live: () => boolean = () => true) => {
      const [st, it, se] = await Promise.all([
        monthlyStatement(db, customerId, month),
        monthlyStatementItems(db, customerId, month),
        monthSettlement(db, customerId, month),
      ]);
      if (!live()) return;
      const failed = st.error ?? it.error ?? se.error;
      if (failed) setError(errorKey(failed));
      setLines(
        (st.data ?? [])
          .map((r) => ({ ...r, partner: pickText(r.activity_title, locale) || r.activity_id }))
          .sort((a, b) => a.partner.localeCompare(b.partner, locale)),
      );
      setItems((it.data ?? []).map((i) => normaliseHotelItem(jsonObject(i))).filter((i) => i.status !== 'confirmed'));
      setSettlement(se.error ? null : normaliseSettlement(se.data));
    },
    [db, customerId, month, locale],
  );

  useEffect(() => {
    let live = true;
    setLines(null);
    setItems(null);
    setSettlement(null);
    setError(null);
    void refresh(() => live);
    return () => {
      live = false;
    };
  }, [refresh]);

  return { lines, items, settlement, error, refresh };
}
