// A closed month's settlement (docs/settlement.md): per partner an invoice of the commission owed, per
// currency the hotel's payout; and the items a statement lists apart (pending, disputed). Pure: shapes of
// the RPC answers, CSV files with machine-stable English headers, amounts in exact major units.
import type { CsvRows } from '../../../lib/csv.ts';
import { majorUnits } from '../../../lib/money.ts';
import { normaliseItem, type StatementItem } from '../../../lib/statement-item.ts';

export type PaidStatus = 'open' | 'paid';

export interface Invoice {
  id: string;
  activity_id: string;
  activity_title?: unknown;
  currency: string;
  commission_minor: number;
  payment_reference: string;
  vietqr: string | null;
  status: PaidStatus;
  paid_at: string | null;
}

export interface Payout {
  id: string;
  currency: string;
  hotel_share_minor: number;
  reinvestment_minor: number;
  payout_minor: number;
  status: PaidStatus;
  paid_at: string | null;
}

export interface Settlement {
  closed: boolean;
  closed_at: string | null;
  invoices: Invoice[];
  payouts: Payout[];
}

/** A statement item of the hotel's month (`monthly_statement_items`): the shared item with its partner. */
export interface HotelStatementItem extends StatementItem {
  activity_id: string;
  activity_title: unknown;
}

export const normaliseHotelItem = (raw: Record<string, unknown>): HotelStatementItem => ({
  ...normaliseItem(raw),
  activity_id: String(raw.activity_id),
  activity_title: raw.activity_title,
});

/** Numbers may arrive as strings (bigint in JSON): the screen works with numbers of minor units. */
export function normaliseSettlement(raw: unknown): Settlement {
  const r = (raw ?? {}) as Partial<Settlement>;
  return {
    closed: !!r.closed,
    closed_at: r.closed_at ?? null,
    invoices: (r.invoices ?? []).map((i) => ({ ...i, commission_minor: Number(i.commission_minor) })),
    payouts: (r.payouts ?? []).map((p) => ({
      ...p,
      hotel_share_minor: Number(p.hotel_share_minor),
      reinvestment_minor: Number(p.reinvestment_minor),
      payout_minor: Number(p.payout_minor),
    })),
  };
}

/** "2026-11" in the hotel's time zone now. */
export function monthInZone(timeZone: string, now: Date = new Date()): string {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).formatToParts(now);
    return `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
  } catch {
    return now.toISOString().slice(0, 7);
  }
}

/** A month can be closed once it has ended in the hotel's time zone (the database checks it again). */
export const monthHasEnded = (month: string, timeZone: string, now: Date = new Date()) =>
  month < monthInZone(timeZone, now);

export const INVOICES_CSV_HEADER = [
  'month',
  'partner',
  'currency',
  'commission',
  'payment_reference',
  'status',
  'paid_at',
];
export const PAYOUT_CSV_HEADER = [
  'month',
  'currency',
  'hotel_share_80',
  'rewards_reinvestment',
  'payout',
  'status',
  'paid_at',
];

export function invoicesRows(month: string, invoices: Invoice[], partnerName: (i: Invoice) => string): CsvRows {
  return [
    INVOICES_CSV_HEADER,
    ...invoices.map((i) => [
      month,
      partnerName(i),
      i.currency,
      majorUnits(i.commission_minor, i.currency),
      i.payment_reference,
      i.status,
      i.paid_at ?? '',
    ]),
  ];
}

export function payoutRows(month: string, payouts: Payout[]): CsvRows {
  return [
    PAYOUT_CSV_HEADER,
    ...payouts.map((p) => [
      month,
      p.currency,
      majorUnits(p.hotel_share_minor, p.currency),
      majorUnits(p.reinvestment_minor, p.currency),
      majorUnits(p.payout_minor, p.currency),
      p.status,
      p.paid_at ?? '',
    ]),
  ];
}
