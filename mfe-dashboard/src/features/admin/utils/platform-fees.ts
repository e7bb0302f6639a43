// The administrators' platform fee of a month as CSV (docs/dashboard.md "Statements"): machine-stable English
// headers, amounts in exact major units.
import type { CsvRows } from '../../../lib/csv.ts';
import { majorUnits } from '../../../lib/money.ts';

/** The administrators' platform fee of a month (`platform_fees`): one line per hotel, partner and currency. */
export interface PlatformFee {
  customer_id: string;
  activity_id: string;
  currency: string;
  transactions: number;
  platform_fee_minor: number;
}

export const PLATFORM_FEES_CSV_HEADER = ['month', 'hotel', 'partner', 'currency', 'transactions', 'platform_fee'];

/** One line per hotel, partner and currency, then one TOTAL line per currency (never added across currencies). */
export function platformFeesRows(
  month: string,
  fees: PlatformFee[],
  partnerName: (f: PlatformFee) => string,
  totalLabel = 'TOTAL',
): CsvRows {
  const totals = new Map<string, { transactions: number; minor: number }>();
  for (const f of fees) {
    const t = totals.get(f.currency) ?? { transactions: 0, minor: 0 };
    totals.set(f.currency, { transactions: t.transactions + f.transactions, minor: t.minor + f.platform_fee_minor });
  }
  return [
    PLATFORM_FEES_CSV_HEADER,
    ...fees.map((f) => [
      month,
      f.customer_id,
      partnerName(f),
      f.currency,
      String(f.transactions),
      majorUnits(f.platform_fee_minor, f.currency),
    ]),
    ...[...totals]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, t]) => [month, totalLabel, '', currency, String(t.transactions), majorUnits(t.minor, currency)]),
  ];
}
