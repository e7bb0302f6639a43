// The hotel's month as the Statements tab shows it: confirmed lines (partner names in the user's language),
// the items apart (pending, disputed), the settlement; three reads of the data layer's cache, read again after a
// close or a payment. Another month shows nothing of the previous one's while it is read.
import { useCallback, useMemo } from 'react';
import { pickText } from '@guestmap/shared-ui/i18n';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import type { DataError } from '@guestmap/shared-ui/data';
import { jsonObject } from '../../../lib/json.ts';
import { errorKey } from '../../../lib/use-db.ts';
import { dashboardApi, viaClient } from '../../../lib/data.ts';
import { monthlyStatement } from '../api/monthly-statement.ts';
import { monthlyStatementItems } from '../api/monthly-statement-items.ts';
import { monthSettlement } from '../api/month-settlement.ts';
import type { StatementLine } from '../utils/statement.ts';
import { normaliseHotelItem, normaliseSettlement, type HotelStatementItem } from '../utils/settlement.ts';

type Month = { customerId: string; month: string };
type Raw<F> = F extends (...a: never[]) => PromiseLike<{ data: infer D }> ? NonNullable<D> : never;
const tags = (_r: unknown, _e: unknown, { customerId }: Month) => [
  { type: 'DashboardStatement' as const, id: customerId },
];

const api = dashboardApi.injectEndpoints({
  endpoints: (b) => ({
    dashboardMonthlyStatement: b.query<Raw<typeof monthlyStatement>, Month>({
      queryFn: viaClient((db, m) => monthlyStatement(db, m.customerId, m.month)),
      providesTags: tags,
    }),
    dashboardMonthlyStatementItems: b.query<Raw<typeof monthlyStatementItems>, Month>({
      queryFn: viaClient((db, m) => monthlyStatementItems(db, m.customerId, m.month)),
      providesTags: tags,
    }),
    dashboardMonthSettlement: b.query<Raw<typeof monthSettlement> | null, Month>({
      queryFn: viaClient((db, m) => monthSettlement(db, m.customerId, m.month)),
      providesTags: tags,
    }),
  }),
});

export function useMonthStatement(customerId: string, month: string) {
  const { locale } = usePlatform();
  const arg = { customerId, month };
  const st = api.useDashboardMonthlyStatementQuery(arg);
  const it = api.useDashboardMonthlyStatementItemsQuery(arg);
  const se = api.useDashboardMonthSettlementQuery(arg);
  // The first failure of the three, said in the user's language; what could be read is shown (empty otherwise).
  const failed = [st, it, se].find((q) => q.isError)?.error as DataError | undefined;
  const answered = (q: { currentData?: unknown; isError: boolean }) => q.currentData !== undefined || q.isError;
  const stRows = st.currentData;
  const stDone = answered(st);
  const itRows = it.currentData;
  const itDone = answered(it);

  const lines = useMemo<StatementLine[] | null>(
    () =>
      stDone
        ? (stRows ?? [])
            .map((r) => ({ ...r, partner: pickText(r.activity_title, locale) || r.activity_id }))
            .sort((a, b) => a.partner.localeCompare(b.partner, locale))
        : null,
    [stRows, stDone, locale],
  );
  const items = useMemo<HotelStatementItem[] | null>(
    () =>
      itDone
        ? (itRows ?? []).map((i) => normaliseHotelItem(jsonObject(i))).filter((i) => i.status !== 'confirmed')
        : null,
    [itRows, itDone],
  );
  const settlement = useMemo(
    () => (se.currentData !== undefined && !se.isError ? normaliseSettlement(se.currentData) : null),
    [se.currentData, se.isError],
  );

  const { refetch: a } = st;
  const { refetch: b } = it;
  const { refetch: c } = se;
  const refresh = useCallback(async () => {
    await Promise.all([a(), b(), c()]);
  }, [a, b, c]);

  return { lines, items, settlement, error: failed ? errorKey(failed) : null, refresh };
}
