// A partner's month (`partner_statement`): confirmed totals per currency, every item, the invoices of a closed
// month, the rate in force. Amounts arrive as integers of minor units, possibly as strings.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { jsonObject } from '../../../lib/json.ts';
import { rpcOrThrow } from '../../../lib/api/rpc.ts';
import { normaliseItem, num, type StatementItem } from '../../../lib/statement-item.ts';

export interface CurrencyTotal {
  currency: string;
  confirmed_count: number;
  confirmed_gross_minor: number;
  commission_minor: number;
}

export interface Invoice {
  id: string;
  payment_reference: string;
  commission_minor: number;
  currency: string;
  status: 'open' | 'paid';
  vietqr: string | null;
  paid_at: string | null;
}

export interface PartnerStatement {
  month: string;
  closed: boolean;
  rate_in_force: number | null;
  currency_totals: CurrencyTotal[];
  items: StatementItem[];
  /** One per currency; the contract's single `invoice` is read as a list of one. */
  invoices: Invoice[];
}

/** `month` is YYYY-MM. */
export async function partnerStatement(db: TypedClient, activityId: string, month: string): Promise<PartnerStatement> {
  const raw = await rpcOrThrow(db, 'partner_statement', {
    p_activity_id: activityId,
    p_month: `${month}-01`,
  });
  return normaliseStatement(jsonObject(raw), month);
}

export function normaliseStatement(raw: Record<string, unknown>, month: string): PartnerStatement {
  const items = ((raw.items as Record<string, unknown>[] | null) ?? []).map(normaliseItem);
  const totals = ((raw.currency_totals as Record<string, unknown>[] | null) ?? []).map((t) => ({
    currency: String(t.currency ?? '').trim(),
    confirmed_count: num(t.confirmed_count),
    confirmed_gross_minor: num(t.confirmed_gross_minor),
    commission_minor: num(t.commission_minor),
  }));
  const rawInvoices = raw.invoices ?? raw.invoice;
  const invoiceList = (Array.isArray(rawInvoices) ? rawInvoices : rawInvoices ? [rawInvoices] : []) as Record<
    string,
    unknown
  >[];
  const invoices = invoiceList.map((v) => ({
    id: String(v.id),
    payment_reference: String(v.payment_reference ?? ''),
    commission_minor: num(v.commission_minor),
    currency: String(v.currency ?? '').trim(),
    status: v.status === 'paid' ? 'paid' : 'open',
    vietqr: typeof v.vietqr === 'string' && v.vietqr ? v.vietqr : null,
    paid_at: typeof v.paid_at === 'string' ? v.paid_at : null,
  })) satisfies Invoice[];
  const rate = raw.rate_in_force;
  return {
    month: typeof raw.month === 'string' ? raw.month.slice(0, 7) : month,
    closed: raw.closed === true,
    rate_in_force: rate === null || rate === undefined ? null : num(rate),
    currency_totals: totals,
    items: items.sort((a, b) => b.created_at.localeCompare(a.created_at)),
    invoices,
  };
}
