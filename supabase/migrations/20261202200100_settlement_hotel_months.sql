-- Closed months stay closed whatever the time zone does (issue 41, item 4). docs/settlement.md, "Months and the
-- time zone".
--
-- Rules
--   * Each sale's hotel month is fixed when it is written: partner_transactions.hotel_month, set by the
--     transactions' guard from created_at and never changed afterwards. Statements, closes, the closed-month
--     checks and platform fees select by it: a closed month's sales are never regrouped.
--   * Month boundaries come from private.billing_time_zones: (hotel, first month, zone) segments. Month M
--     ends at midnight starting M + 1 in the zone of M's segment, and begins where M - 1 ends. A change of
--     customers.time_zone applies from the hotel's current month on (the month in progress, by the
--     boundaries in force when the change is made): every month that has ended (closed or not) keeps its
--     boundaries, so a sale recorded now is never dated into a closed month, and the current month ends at
--     midnight in the new zone (what the dashboard shows). Rewards days still follow customers.time_zone at
--     once (docs/rewards.md).

-- ─── time-zone segments ─────────────────────────────────────────────────────────
create table private.billing_time_zones (
  customer_id text not null references public.customers (id) on delete cascade,
  from_month date not null,
  time_zone text not null constraint billing_time_zones_zone check (private.is_time_zone(time_zone)),
  changed_at timestamptz not null default now(),
  changed_by uuid,
  primary key (customer_id, from_month),
  constraint billing_time_zones_first_day check (from_month = '-infinity' or extract(day from from_month) = 1)
);
comment on table private.billing_time_zones is 'Billing months of a hotel: from from_month on, months end at midnight in time_zone (until the next segment).';
revoke all on table private.billing_time_zones from public, anon, authenticated;

insert into private.billing_time_zones (customer_id, from_month, time_zone, changed_at)
select c.id, '-infinity', c.time_zone, now() from public.customers c;

-- The zone of a hotel's month M (the segment it falls in).
create function private.month_zone(p_customer_id text, p_month date)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select z.time_zone from private.billing_time_zones z
     where z.customer_id = p_customer_id and z.from_month <= p_month
     order by z.from_month desc limit 1),
    (select c.time_zone from public.customers c where c.id = p_customer_id),
    'UTC')
$$;

-- The hotel month of an instant: the first month M whose end (midnight starting M + 1 in M's zone) is after
-- it. Ends grow with M, so within each segment that is greatest(segment start, the local month of the
-- instant), when it lies inside the segment; the answer is the least over segments.
create or replace function private.customer_month(p_customer_id text, p_at timestamptz)
returns date
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select min(x.m) from (
       select greatest(z.from_month, date_trunc('month', p_at at time zone z.time_zone)::date) as m,
              lead(z.from_month) over (order by z.from_month) as next_from
       from private.billing_time_zones z where z.customer_id = p_customer_id) x
     where x.next_from is null or x.m < x.next_from),
    date_trunc('month', p_at at time zone private.customer_tz(p_customer_id))::date)
$$;

-- [from, to) of a hotel month: from where the month before ends, to midnight starting the next month in the
-- month's own zone.
create or replace function private.month_range(p_customer_id text, p_month date, out range_from timestamptz, out range_to timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select (date_trunc('month', p_month)::date)::timestamp
           at time zone private.month_zone(p_customer_id, (date_trunc('month', p_month) - interval '1 month')::date),
         ((date_trunc('month', p_month) + interval '1 month')::date)::timestamp
           at time zone private.month_zone(p_customer_id, date_trunc('month', p_month)::date)
$$;

-- Applies a zone from the month in progress at p_at on (by the boundaries in force): earlier months keep theirs.
create function private.change_billing_time_zone(p_customer_id text, p_time_zone text, p_at timestamptz, p_by uuid)
returns date
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_from date;
begin
  -- Serialised with closes and sales of the hotel: the month in progress is read under the same lock.
  perform pg_advisory_xact_lock(private.settlement_lock_key(p_customer_id));
  v_from := private.customer_month(p_customer_id, p_at);
  delete from private.billing_time_zones z where z.customer_id = p_customer_id and z.from_month >= v_from;
  if private.month_zone(p_customer_id, v_from) is distinct from p_time_zone then
    insert into private.billing_time_zones (customer_id, from_month, time_zone, changed_at, changed_by)
    values (p_customer_id, v_from, p_time_zone, p_at, p_by);
  end if;
  return v_from;
end;
$$;

create function private.customers_billing_time_zone()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.billing_time_zones (customer_id, from_month, time_zone, changed_by)
    values (new.id, '-infinity', new.time_zone, auth.uid());
  elsif new.time_zone is distinct from old.time_zone then
    perform private.change_billing_time_zone(new.id, new.time_zone, now(), auth.uid());
  end if;
  return null;
end;
$$;
create trigger customers_billing_time_zone
  after insert or update of time_zone on public.customers
  for each row execute function private.customers_billing_time_zone();

-- ─── the month stored with each sale ────────────────────────────────────────────
alter table public.partner_transactions add column hotel_month date;
comment on column public.partner_transactions.hotel_month is 'The hotel month (first day) the sale belongs to, fixed when it was written: statements, closes and fees select by it.';
-- Before this migration every statement used the hotel's zone of the moment; months keep the boundaries of
-- that zone (the only segment so far).
alter table public.partner_transactions disable trigger user;
update public.partner_transactions t set hotel_month = private.customer_month(t.customer_id, t.created_at)
where t.hotel_month is null;
alter table public.partner_transactions enable trigger user;
-- The default only keeps the column optional for writers: the guard always sets the month from created_at.
alter table public.partner_transactions
  alter column hotel_month set default date_trunc('month', now())::date,
  alter column hotel_month set not null,
  add constraint partner_transactions_hotel_month check (extract(day from hotel_month) = 1);
create index partner_transactions_customer_month_idx on public.partner_transactions (customer_id, hotel_month);
create index partner_transactions_activity_month_idx on public.partner_transactions (activity_id, hotel_month);

-- As before (closed months change no more; figures never change), with the month set once on insert and
-- taken from the row afterwards.
create or replace function private.partner_transactions_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform pg_advisory_xact_lock_shared(private.settlement_lock_key(old.customer_id));
    if private.month_is_closed(old.customer_id, old.hotel_month) then
      raise exception 'This month is closed' using errcode = 'P0001', detail = 'month_closed';
    end if;
  end if;
  if tg_op = 'INSERT' then
    perform pg_advisory_xact_lock_shared(private.settlement_lock_key(new.customer_id));
    new.hotel_month := private.customer_month(new.customer_id, new.created_at);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    if private.month_is_closed(new.customer_id, new.hotel_month) then
      raise exception 'This month is closed' using errcode = 'P0001', detail = 'month_closed';
    end if;
  end if;
  if tg_op = 'UPDATE' and (
       new.id, new.customer_id, new.activity_id, new.voucher_id, new.amount_minor, new.currency, new.commission_rate,
       new.reinvestment_pct, new.commission_minor, new.hotel_share_minor, new.platform_fee_minor, new.reinvestment_minor,
       new.net_to_hotel_minor, new.created_by, new.idempotency_key, new.created_at, new.hotel_month)
     is distinct from (
       old.id, old.customer_id, old.activity_id, old.voucher_id, old.amount_minor, old.currency, old.commission_rate,
       old.reinvestment_pct, old.commission_minor, old.hotel_share_minor, old.platform_fee_minor, old.reinvestment_minor,
       old.net_to_hotel_minor, old.created_by, old.idempotency_key, old.created_at, old.hotel_month) then
    raise exception 'A transaction''s figures never change' using errcode = 'P0001', detail = 'transaction_immutable';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end;
$$;

-- ─── answers, statements, closes, fees: by the stored month ─────────────────────
create or replace function private.decide_transaction(p_id uuid, p_status text, p_reason text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tx public.partner_transactions;
  v_reason text := nullif(btrim(coalesce(p_reason, '')), '');
begin
  if auth.uid() is null then
    raise exception 'Sign in first' using errcode = '42501', detail = 'not_authenticated';
  end if;
  select * into v_tx from public.partner_transactions t where t.id = p_id;
  if v_tx.id is null or not private.is_partner_staff(v_tx.activity_id) then
    raise exception 'Transaction not found' using errcode = 'P0001', detail = 'transaction_not_found';
  end if;
  if p_status = 'disputed' then
    if v_reason is null then
      raise exception 'Say why you dispute this sale' using errcode = 'P0001', detail = 'reason_required';
    end if;
    if char_length(v_reason) > 500 then
      raise exception 'The reason is too long (500 characters at most)' using errcode = 'P0001', detail = 'reason_too_long';
    end if;
  end if;
  perform pg_advisory_xact_lock_shared(private.settlement_lock_key(v_tx.customer_id));
  select * into v_tx from public.partner_transactions t where t.id = p_id for update;
  if private.month_is_closed(v_tx.customer_id, v_tx.hotel_month) then
    raise exception 'This month is closed' using errcode = 'P0001', detail = 'month_closed';
  end if;
  if v_tx.status <> 'pending' then
    raise exception 'This sale was already answered' using errcode = 'P0001', detail = 'not_pending';
  end if;
  update public.partner_transactions t
  set status = p_status, dispute_reason = case when p_status = 'disputed' then v_reason end,
      decided_by = auth.uid(), decided_at = now()
  where t.id = p_id
  returning * into v_tx;
  return private.settlement_item(v_tx);
end;
$$;

create or replace function public.partner_statement(p_activity_id uuid, p_month date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_activity public.activities := private.require_partner_reader(p_activity_id);
  v_month date;
  v_range record;
  v_invoices jsonb;
begin
  if p_month is null then
    raise exception 'A month is required' using errcode = 'P0001', detail = 'invalid_month';
  end if;
  v_month := date_trunc('month', p_month)::date;
  select * into v_range from private.month_range(v_activity.customer_id, v_month);
  select coalesce(jsonb_agg(private.invoice_json(i) order by i.currency), '[]'::jsonb) into v_invoices
  from public.partner_invoices i
  where i.customer_id = v_activity.customer_id and i.activity_id = p_activity_id and i.month = v_month;
  return jsonb_build_object(
    'month', v_month,
    'activity_id', p_activity_id,
    'customer_id', v_activity.customer_id,
    'closed', private.month_is_closed(v_activity.customer_id, v_month),
    'rate_in_force', coalesce(private.rate_at(p_activity_id, least(clock_timestamp(), v_range.range_to - interval '1 microsecond')),
                              v_activity.commission_rate),
    'currency_totals', coalesce((
      select jsonb_agg(jsonb_build_object(
               'currency', x.currency, 'confirmed_count', x.confirmed_count, 'confirmed_gross_minor', x.gross,
               'commission_minor', x.commission, 'pending_count', x.pending_count, 'disputed_count', x.disputed_count)
             order by x.currency)
      from (
        select t.currency::text as currency,
               count(*) filter (where t.status = 'confirmed')::integer as confirmed_count,
               coalesce(sum(t.amount_minor) filter (where t.status = 'confirmed'), 0)::bigint as gross,
               coalesce(sum(t.commission_minor) filter (where t.status = 'confirmed'), 0)::bigint as commission,
               count(*) filter (where t.status = 'pending')::integer as pending_count,
               count(*) filter (where t.status = 'disputed')::integer as disputed_count
        from public.partner_transactions t
        where t.activity_id = p_activity_id and t.customer_id = v_activity.customer_id and t.hotel_month = v_month
        group by t.currency
      ) x), '[]'::jsonb),
    'items', coalesce((
      select jsonb_agg(private.settlement_item(t) order by t.created_at desc, t.id)
      from public.partner_transactions t
      where t.activity_id = p_activity_id and t.customer_id = v_activity.customer_id and t.hotel_month = v_month), '[]'::jsonb),
    'invoice', v_invoices -> 0,
    'invoices', v_invoices);
end;
$$;

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
    select t.activity_id, a.title, t.currency::text, count(*)::integer, sum(t.amount_minor)::bigint,
           sum(t.commission_minor)::bigint, sum(t.hotel_share_minor)::bigint, sum(t.platform_fee_minor)::bigint,
           sum(t.reinvestment_minor)::bigint, sum(t.net_to_hotel_minor)::bigint
    from public.partner_transactions t join public.activities a on a.id = t.activity_id
    where t.customer_id = p_customer_id and t.status = 'confirmed' and t.hotel_month = date_trunc('month', p_month)::date
    group by t.activity_id, a.title, t.currency
    order by a.title ->> 'en', t.currency;
end;
$$;

create or replace function public.monthly_statement_items(p_customer_id text, p_month date)
returns setof jsonb
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
    select private.settlement_item(t)
    from public.partner_transactions t
    where t.customer_id = p_customer_id and t.status in ('pending', 'disputed')
      and t.hotel_month = date_trunc('month', p_month)::date
    order by t.status desc, t.created_at desc, t.id;
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
    select t.activity_id, t.currency::text as currency, count(*)::integer as n, sum(t.amount_minor)::bigint as gross,
           sum(t.commission_minor)::bigint as commission
    from public.partner_transactions t
    where t.customer_id = p_customer_id and t.status = 'confirmed' and t.hotel_month = v_month
    group by t.activity_id, t.currency
    having sum(t.commission_minor) > 0
    order by t.activity_id, t.currency
  loop
    v_ref := private.new_payment_reference(v_month);
    insert into public.partner_invoices (customer_id, activity_id, month, currency, commission_minor, transactions, gross_minor,
      payment_reference, vietqr)
    values (p_customer_id, v_row.activity_id, v_month, v_row.currency, v_row.commission, v_row.n, v_row.gross, v_ref,
      private.invoice_vietqr(v_row.currency, v_row.commission, v_ref));
  end loop;
  insert into public.hotel_payouts (customer_id, month, currency, transactions, hotel_share_minor, reinvestment_minor,
    payout_minor, platform_fee_minor)
  select p_customer_id, v_month, t.currency, count(*)::integer, sum(t.hotel_share_minor), sum(t.reinvestment_minor),
         sum(t.net_to_hotel_minor), sum(t.platform_fee_minor)
  from public.partner_transactions t
  where t.customer_id = p_customer_id and t.status = 'confirmed' and t.hotel_month = v_month
  group by t.currency;
end;
$$;

-- A month can be closed once it has ended by its own boundaries.
create or replace function public.close_month(p_customer_id text, p_month date)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_month date;
begin
  perform private.require_manager(p_customer_id);
  if p_month is null then
    raise exception 'A month is required' using errcode = 'P0001', detail = 'invalid_month';
  end if;
  v_month := date_trunc('month', p_month)::date;
  if now() < (select r.range_to from private.month_range(p_customer_id, v_month) r) then
    raise exception 'This month has not ended yet' using errcode = 'P0001', detail = 'month_not_ended';
  end if;
  perform private.close_month(p_customer_id, v_month, auth.uid());
  return public.month_settlement(p_customer_id, v_month);
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
    select t.customer_id, t.activity_id, t.currency::text, count(*)::integer, sum(t.platform_fee_minor)::bigint
    from public.partner_transactions t
    where t.status = 'confirmed' and t.hotel_month = date_trunc('month', p_month)::date
    group by t.customer_id, t.activity_id, t.currency
    order by t.customer_id, t.activity_id, t.currency;
end;
$$;

revoke execute on function private.month_zone(text, date), private.change_billing_time_zone(text, text, timestamptz, uuid),
  private.customers_billing_time_zone() from public;
