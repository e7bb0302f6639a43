// Pure parts of the partner portal, unit-tested: months, PIN and reason checks, rate display.
import type { CsvRows } from '../../../lib/csv.ts';
import { majorUnits, type MinorUnits } from '../../../lib/money.ts';
import type { StatementItem } from '../../../lib/statement-item.ts';
export const PIN = /^\d{6,12}$/;
export const REASON_MAX = 500;

export const isPin = (s: string): boolean => PIN.test(s);

/** A dispute needs a reason: trimmed, 1..REASON_MAX characters. */
export function reasonProblem(s: string): 'required' | 'too_long' | null {
  const t = s.trim();
  if (!t) return 'required';
  if (t.length > REASON_MAX) return 'too_long';
  return null;
}

/** A rate (0.125) as a percentage in the locale ("12.5%", "12,5 %"): up to one decimal, as rates are numeric(4,3). */
export function formatRate(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 1 }).format(
    rate,
  );
}

export const ITEMS_CSV_HEADER = [
  'month',
  'partner',
  'hotel',
  'created_at',
  'source',
  'currency',
  'amount',
  'commission_rate',
  'commission',
  'status',
  'dispute_reason',
];

/** The month's items for the partner's books: one line each, amounts in major units with the currency's decimals. */
export function itemsRows(
  month: string,
  partner: string,
  hotel: string,
  items: StatementItem[],
  units?: MinorUnits,
): CsvRows {
  return [
    ITEMS_CSV_HEADER,
    ...items.map((i) => [
      month,
      partner,
      hotel,
      i.created_at,
      i.source,
      i.currency,
      majorUnits(i.amount_minor, i.currency, units),
      String(i.commission_rate),
      majorUnits(i.commission_minor, i.currency, units),
      i.status,
      i.dispute_reason ?? '',
    ]),
  ];
}
