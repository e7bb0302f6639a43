-- The platform's share adds up (issue #41, item 8).
--
-- Before: each sale carried its own platform fee, round(commission × 0.20), and every view summed those, so ten
-- 4-cent USD sales at a 50 % rate (2 cents of commission each) gave the platform round(0.4) × 10 = 0 of its
-- 4 cents. Now the platform's share is taken once per invoice (partner, currency, hotel month):
--
--   invoice fee  = round(invoice commission × 0.20), half up;
--   item fee     = floor(item commission × 0.20) + 1 for the (invoice fee − Σ floors) items with the largest
--                  remainders (ties: earlier sale first, then id), so the items add up to the invoice exactly;
--   hotel share  = commission − fee (per item, per invoice, per payout);
--   reinvestment = the sale's own reinvestment, at most its hotel share after the allocation.
--
-- The close stores the figures (partner_invoices.platform_fee_minor, partner_invoice_items); an open month's views
-- compute them by the same function, so the statement of a month shows the same figures before and after its
-- close, and the payout, the statement and the administrators' platform fees agree to the minor unit.
-- partner_transactions.platform_fee_minor / hotel_share_minor / net_to_hotel_minor stay as written (the sale's
-- own estimate); no settlement figure reads them any more.
--
-- Months closed before this migration keep the figures they were closed with: their invoices and items get the
-- sum of the sales' own fees (what their payouts already hold).

create or replace function private.platform_share()
returns numeric
language sql
immutable
set search_path = ''
as $$ select 0.20::numeric $$;

-- The platform's share of an invoice's commission, rounded once (half up).
create or replace function private.platform_fee_of(p_commission bigint)
returns bigint
language sql
immutable
set search_path = ''
as $$ select round(p_commission * private.platform_share())::bigint $$;

-- The platform's share of each invoice, and its allocation to the sales it bills.
alter table public.partner_invoices add column platform_fee_minor bigint;

create table public.partner_invoice_items (
  transaction_id uuid primary key references public.partner_transactions (id) on delete restrict,
  invoice_id uuid not null references public.partner_invoices (id) on delete restrict,
  commission_minor bigint not null,
  platform_fee_minor bigint not null,
  constraint partner_invoice_items_fee check (platform_fee_minor between 0 and commission_minor)
);
comment on table public.partner_invoice_items is
  'The confirmed sales an invoice bills, with their part of the invoice''s platform fee (largest remainder).';
create index partner_invoice_items_invoice_idx on public.partner_invoice_items (invoice_id);

alter table public.partner_invoice_items enable row level security;
revoke all on table public.partner_invoice_items from anon, authenticated;
grant select on table public.partner_invoice_items to authenticated;
create policy "Who reads the invoice reads its items"
  on public.partner_invoice_items for select to authenticated
  using (invoice_id in (select i.id from public.partner_invoices i));

create or replace function private.partner_invoice_items_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  raise exception 'A settled figure never changes' using errcode = 'P0001', detail = 'settlement_immutable';
end;
$$;
create trigger partner_invoice_items_guard before update or delete on public.partner_invoice_items
  for each row execute function private.partner_invoice_items_guard();

-- Months closed before: the figures they were closed with.
insert into public.partner_invoice_items (transaction_id, invoice_id, commission_minor, platform_fee_minor)
select t.id, i.id, t.commission_minor, t.platform_fee_minor
from public.partner_invoices i
join public.partner_transactions t
  on t.customer_id = i.customer_id and t.activity_id = i.activity_id and t.currency = i.currency
 and t.hotel_month = i.month and t.status = 'confirmed';

alter table public.partner_invoices disable trigger partner_invoices_guard;
update public.partner_invoices i
set platform_fee_minor = coalesce((select sum(ii.platform_fee_minor) from public.partner_invoice_items ii where ii.invoice_id = i.id), 0);
alter table public.partner_invoices enable trigger partner_invoices_guard;
alter table public.partner_invoices alter column platform_fee_minor set not null;
alter table public.partner_invoices
  add constraint partner_invoices_platform_fee check (platform_fee_minor between 0 and commission_minor);
comment on column public.partner_invoices.platform_fee_minor is
  'The platform''s share of the commission: round(commission × 0.20) for months closed since issue #41 item 8.';

-- The allocation of a month's confirmed sales, computed (whether or not the month is closed).
create or replace function private.allocate_platform_fees(p_customer_id text, p_month date)
returns table (transaction_id uuid, activity_id uuid, currency text, amount_minor bigint, commission_minor bigint,
               platform_fee_minor bigint, reinvestment_minor bigint)
language sql
stable
security definer
set search_path = ''
as $$
  with s as (
    select t.id, t.activity_id, t.currency::text as currency, t.amount_minor, t.commission_minor, t.reinvestment_minor,
           t.created_at, t.commission_minor * private.platform_share() as exact
    from public.partner_transactions t
    where t.customer_id = p_customer_id and t.status = 'confirmed' and t.hotel_month = date_trunc('month', p_month)::date
  ), r as (
    select s.*, floor(s.exact)::bigint as base,
           row_number() over (partition by s.activity_id, s.currency
                              order by s.exact - floor(s.exact) desc, s.created_at, s.id) as rank,
           private.platform_fee_of((sum(s.commission_minor) over g)::bigint)
             - sum(floor(s.exact)::bigint) over g as extra
    from s
    window g as (partition by s.activity_id, s.currency)
  ), f as (
    select r.*, r.base + case when r.rank <= r.extra then 1 else 0 end as fee from r
  )
  select f.id, f.activity_id, f.currency, f.amount_minor, f.commission_minor, f.fee,
         least(f.reinvestment_minor, f.commission_minor - f.fee)
  from f
$$;

-- A month's confirmed sales with their platform fee: stored at the close, computed while the month is open.
create or replace function private.month_fee_items(p_customer_id text, p_month date)
returns table (transaction_id uuid, activity_id uuid, currency text, amount_minor bigint, commission_minor bigint,
               platform_fee_minor bigint, reinvestment_minor bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date := date_trunc('month', p_month)::date;
begin
  if not private.month_is_closed(p_customer_id, v_month) then
    return query select * from private.allocate_platform_fees(p_customer_id, v_month);
    return;
  end if;
  return query
    select t.id, t.activity_id, t.currency::text, t.amount_minor, t.commission_minor,
           coalesce(ii.platform_fee_minor, 0)::bigint,
           least(t.reinvestment_minor, t.commission_minor - coalesce(ii.platform_fee_minor, 0))::bigint
    from public.partner_transactions t
    left join public.partner_invoice_items ii on ii.transaction_id = t.id
    where t.customer_id = p_customer_id and t.status = 'confirmed' and t.hotel_month = v_month;
end;
$$;

revoke execute on function private.platform_share(), private.platform_fee_of(bigint),
  private.allocate_platform_fees(text, date), private.month_fee_items(text, date),
  private.partner_invoice_items_guard() from public;

create or replace function public.monthly_statement(p_customer_id text, p_month date)
returns table (
  activity_id uuid,
  activity_title jsonb,
  currency text,
  transactions integer,
  gross_minor bigint,
  commission_minor bigint,
  hotel_share_minor bigint,
  platform_fee_minor bigint,
  reinvestment_minor bigint,
  net_to_hotel_minor bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_manager(p_customer_id);
  if p_month is null then
    raise exception 'A month is required' using errcode = 'P0001', detail = 'invalid_month';
  end if;
  return query
    select x.activity_id, a.title, x.currency, count(*)::integer, sum(x.amount_minor)::bigint,
           sum(x.commission_minor)::bigint, sum(x.commission_minor - x.platform_fee_minor)::bigint,
           sum(x.platform_fee_minor)::bigint, sum(x.reinvestment_minor)::bigint,
           sum(x.commission_minor - x.platform_fee_minor - x.reinvestment_minor)::bigint
    from private.month_fee_items(p_customer_id, p_month) x join public.activities a on a.id = x.activity_id
    group by x.activity_id, a.title, x.currency
    order by a.title ->> 'en', x.currency;
end;
$$;

create or replace function private.close_month(p_customer_id text, p_month date, p_closed_by uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_month date := date_trunc('month', p_month)::date;
  v_row record;
  v_ref text;
begin
  perform pg_advisory_xact_lock(private.settlement_lock_key(p_customer_id));
  if private.month_is_closed(p_customer_id, v_month) then
    return;
  end if;
  insert into public.settlement_months (customer_id, month, closed_at, closed_by) values (p_customer_id, v_month, now(), p_closed_by);
  for v_row in
    select x.activity_id, x.currency, count(*)::integer as n, sum(x.amount_minor)::bigint as gross,
           sum(x.commission_minor)::bigint as commission, sum(x.platform_fee_minor)::bigint as fee
    from private.allocate_platform_fees(p_customer_id, v_month) x
    group by x.activity_id, x.currency
    having sum(x.commission_minor) > 0
    order by x.activity_id, x.currency
  loop
    v_ref := private.new_payment_reference(v_month);
    insert into public.partner_invoices (customer_id, activity_id, month, currency, commission_minor, transactions, gross_minor,
      payment_reference, vietqr, platform_fee_minor)
    values (p_customer_id, v_row.activity_id, v_month, v_row.currency, v_row.commission, v_row.n, v_row.gross, v_ref,
      private.invoice_vietqr(v_row.currency, v_row.commission, v_ref), v_row.fee);
  end loop;
  insert into public.partner_invoice_items (transaction_id, invoice_id, commission_minor, platform_fee_minor)
  select x.transaction_id, i.id, x.commission_minor, x.platform_fee_minor
  from private.allocate_platform_fees(p_customer_id, v_month) x
  join public.partner_invoices i
    on i.customer_id = p_customer_id and i.month = v_month and i.activity_id = x.activity_id and i.currency = x.currency;
  insert into public.hotel_payouts (customer_id, month, currency, transactions, hotel_share_minor, reinvestment_minor,
    payout_minor, platform_fee_minor)
  select p_customer_id, v_month, x.currency, count(*)::integer, sum(x.commission_minor - x.platform_fee_minor),
         sum(x.reinvestment_minor), sum(x.commission_minor - x.platform_fee_minor - x.reinvestment_minor),
         sum(x.platform_fee_minor)
  from private.allocate_platform_fees(p_customer_id, v_month) x
  group by x.currency;
end;
$$;

create or replace function public.platform_fees(p_month date)
returns table (customer_id text, activity_id uuid, currency text, transactions integer, platform_fee_minor bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only administrators can do this' using errcode = '42501', detail = 'not_admin';
  end if;
  if p_month is null then
    raise exception 'A month is required' using errcode = 'P0001', detail = 'invalid_month';
  end if;
  return query
    select h.customer_id, x.activity_id, x.currency, count(*)::integer, sum(x.platform_fee_minor)::bigint
    from (select distinct t.customer_id from public.partner_transactions t
          where t.status = 'confirmed' and t.hotel_month = date_trunc('month', p_month)::date) h
    cross join lateral private.month_fee_items(h.customer_id, p_month) x
    group by h.customer_id, x.activity_id, x.currency
    order by h.customer_id, x.activity_id, x.currency;
end;
$$;
