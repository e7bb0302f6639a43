// A hotel's monthly commission statement from `monthly_statement()`: months to choose from, totals
// per currency, and the CSV an accountant can import. Pure, so the figures can be checked exactly.
import type { CsvRows } from '../../../lib/csv.ts';
import { majorUnits } from '../../../lib/money.ts';

export interface StatementLine {
  activity_id: string;
  partner: string;
  currency: string;
  transactions: number;
  gross_minor: number;
  commission_minor: number;
  hotel_share_minor: number;
  platform_fee_minor: number;
  reinvestment_minor: number;
  net_to_hotel_minor: number;
}

export const AMOUNTS = [
  'gross_minor',
  'commission_minor',
  'hotel_share_minor',
  'platform_fee_minor',
  'reinvestment_minor',
  'net_to_hotel_minor',
] as const;
export type Amount = (typeof AMOUNTS)[number];

export type Totals = Omit<StatementLine, 'activity_id' | 'partner'>;

export function totals(lines: StatementLine[]): Totals[] {
  const by = new Map<string, Totals>();
  for (const l of lines) {
    const t = by.get(l.currency) ?? {
      currency: l.currency,
      transactions: 0,
      gross_minor: 0,
      commission_minor: 0,
      hotel_share_minor: 0,
      platform_fee_minor: 0,
      reinvestment_minor: 0,
      net_to_hotel_minor: 0,
    };
    t.transactions += l.transactions;
    for (const a of AMOUNTS) t[a] += l[a];
    by.set(l.currency, t);
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export const CSV_HEADER = [
  'month',
  'partner',
  'currency',
  'transactions',
  'guest_spend',
  'commission',
  'hotel_share_80',
  'platform_fee_20',
  'rewards_reinvestment',
  'net_to_hotel',
  'status',
  'dispute_reason',
];

/** An item outside the totals (pending or disputed), with its partner's name. */
export interface ApartItem {
  partner: string;
  currency: string;
  amount_minor: number;
  commission_minor: number;
  status: string;
  dispute_reason: string | null;
}

/**
 * One line per partner (confirmed spend), then one TOTAL line per currency, then one line per pending or
 * disputed item (not in any total: transactions 1, its amount and commission, the split left empty);
 * amounts in major units (VND whole dong).
 */
export function statementRows(
  month: string,
  lines: StatementLine[],
  apart: ApartItem[] = [],
  totalLabel = 'TOTAL',
): CsvRows {
  const row = (partner: string, l: Totals) => [
    month,
    partner,
    l.currency,
    String(l.transactions),
    ...AMOUNTS.map((a) => majorUnits(l[a], l.currency)),
    'confirmed',
    '',
  ];
  const item = (i: ApartItem) => [
    month,
    i.partner,
    i.currency,
    '1',
    majorUnits(i.amount_minor, i.currency),
    majorUnits(i.commission_minor, i.currency),
    '',
    '',
    '',
    '',
    i.status,
    i.dispute_reason ?? '',
  ];
  return [
    CSV_HEADER,
    ...lines.map((l) => row(l.partner, l)),
    ...totals(lines).map((t) => row(totalLabel, t)),
    ...apart.map(item),
  ];
}
