// The partner portal's data: RPCs of the settlement contract (docs/settlement.md). Every read and
// write is a security-definer RPC that checks the caller is staff of the partner (or a moderator of its
// hotel, or an admin); the portal trusts none of it to the route guard.
import type { Json, TypedClient } from '@guestmap/shared-ui/database';

export interface MyPartner {
  activity_id: string;
  customer_id: string;
  title: Json;
  hotel_name: string;
}

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

export type RateStatus = 'proposed' | 'accepted' | 'declined' | 'withdrawn' | 'superseded';

export interface CommissionRate {
  id: string;
  activity_id: string;
  rate: number;
  status: RateStatus;
  proposed_at: string | null;
  decided_at: string | null;
  effective_from: string | null;
  set_by_admin: boolean;
}

type RpcAnswer = { data: unknown; error: { message: string; details?: string; code?: string } | null };
type LooseRpc = (fn: string, args?: Record<string, unknown>) => PromiseLike<RpcAnswer>;

/** RPCs by name: the settlement RPCs may be newer than the generated types this remote was built with. */
async function call<T>(db: TypedClient, fn: string, args?: Record<string, unknown>): Promise<T> {
  const rpc = (db.rpc as unknown as LooseRpc).bind(db);
  const { data, error } = await rpc(fn, args);
  if (error) throw error;
  return data as T;
}

const num = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : 0;

export const myPartners = (db: TypedClient) => call<MyPartner[] | null>(db, 'my_partners').then((r) => r ?? []);

/** The month's statement (`month` is YYYY-MM); amounts arrive as integers of minor units. */
export async function partnerStatement(db: TypedClient, activityId: string, month: string): Promise<PartnerStatement> {
  const raw = await call<Record<string, unknown>>(db, 'partner_statement', {
    p_activity_id: activityId,
    p_month: `${month}-01`,
  });
  return normaliseStatement(raw ?? {}, month);
}

export function normaliseStatement(raw: Record<string, unknown>, month: string): PartnerStatement {
  const items = ((raw.items as Record<string, unknown>[] | null) ?? []).map((i) => ({
    id: String(i.id),
    created_at: String(i.created_at),
    source: i.source === 'voucher' ? 'voucher' : 'manual',
    amount_minor: num(i.amount_minor),
    currency: String(i.currency ?? '').trim(),
    commission_rate: num(i.commission_rate),
    commission_minor: num(i.commission_minor),
    status: (['confirmed', 'pending', 'disputed'].includes(String(i.status)) ? i.status : 'pending') as ItemStatus,
    dispute_reason: typeof i.dispute_reason === 'string' ? i.dispute_reason : null,
  })) satisfies StatementItem[];
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

export async function rateHistory(db: TypedClient, activityId: string): Promise<CommissionRate[]> {
  const rows =
    (await call<Record<string, unknown>[] | null>(db, 'commission_rate_history', { p_activity_id: activityId })) ?? [];
  return rows
    .map((r) => ({
      id: String(r.id),
      activity_id: String(r.activity_id),
      rate: num(r.rate),
      status: String(r.status) as RateStatus,
      proposed_at: (r.proposed_at as string | null) ?? null,
      decided_at: (r.decided_at as string | null) ?? null,
      effective_from: (r.effective_from as string | null) ?? null,
      set_by_admin: r.set_by_admin === true,
    }))
    .sort((a, b) => (b.proposed_at ?? b.effective_from ?? '').localeCompare(a.proposed_at ?? a.effective_from ?? ''));
}

export const respondRate = (db: TypedClient, rateId: string, accept: boolean) =>
  call<unknown>(db, 'respond_commission_rate', { p_rate_id: rateId, p_accept: accept });
export const confirmItem = (db: TypedClient, id: string) =>
  call<unknown>(db, 'confirm_partner_transaction', { p_id: id });
export const disputeItem = (db: TypedClient, id: string, reason: string) =>
  call<unknown>(db, 'dispute_partner_transaction', { p_id: id, p_reason: reason });
export const setPin = (db: TypedClient, activityId: string, pin: string) =>
  call<unknown>(db, 'set_partner_pin', { p_activity_id: activityId, p_pin: pin });

/** code → minor units, from the `currencies` table (readable by all). Empty when it cannot be read: Intl's ISO data is used then. */
export async function currencyUnits(db: TypedClient): Promise<Map<string, number>> {
  const from = (db.from as unknown as (t: string) => { select: (c: string) => PromiseLike<RpcAnswer> }).bind(db);
  const { data, error } = await from('currencies').select('code, minor_units');
  if (error || !Array.isArray(data)) return new Map();
  return new Map((data as { code: string; minor_units: number }[]).map((c) => [c.code.trim(), Number(c.minor_units)]));
}
