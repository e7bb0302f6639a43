// One partner transaction of a month as the settlement RPCs list it (`monthly_statement_items` for the hotel,
// `partner_statement().items` for the partner): the same shape on both screens.
export type ItemStatus = 'confirmed' | 'pending' | 'disputed';

export interface StatementItem {
  id: string;
  created_at: string;
  source: 'voucher' | 'manual';
  amount_minor: number;
  currency: string;
  commission_rate: number;
  commission_minor: number;
  status: ItemStatus;
  dispute_reason: string | null;
}

/** Numbers may arrive as strings (bigint and numeric in JSON): the screens work with numbers. */
export const num = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;

export function normaliseItem(i: Record<string, unknown>): StatementItem {
  return {
    id: String(i.id),
    created_at: String(i.created_at),
    source: i.source === 'voucher' ? 'voucher' : 'manual',
    amount_minor: num(i.amount_minor),
    currency: String(i.currency ?? '').trim(),
    commission_rate: num(i.commission_rate),
    commission_minor: num(i.commission_minor),
    status: (['confirmed', 'pending', 'disputed'].includes(String(i.status)) ? i.status : 'pending') as ItemStatus,
    dispute_reason: typeof i.dispute_reason === 'string' ? i.dispute_reason : null,
  };
}
