-- Settlement (issue 27, items 2–5): partner staff accounts, agreed commission rates, confirmed spend,
-- monthly settlement (invoices with a payment reference and a VietQR code, hotel payouts, platform fees).
-- docs/settlement.md says who can do what, when; /work/settlement-contract.md is the shared contract.
--
-- Rules
--   * Rates: a hotel moderator (or admin) proposes, the partner's staff accept or decline; an admin may
--     set a rate directly. The rate in force at t = the latest accepted row of commission_rates with
--     effective_from <= t. activities.commission_rate is a read-only mirror of the rate in force (clients
--     can no longer write it). A proposal replaces an open one ('withdrawn'); an admin-set rate
--     replaces an open proposal ('superseded'). Rate changes of one partner are serialised by an advisory
--     lock, so an acceptance racing a new proposal has one outcome.
--   * Each transaction keeps the rate in force when it was written (read under a share lock of the
--     activity row, so a concurrent acceptance is either before or after it). Later changes never
--     rewrite it.
--   * Voucher redemptions (partner PIN) are 'confirmed'; sales typed by the hotel are 'pending' until the
--     partner's staff confirm or dispute them (with a reason). Statements total confirmed spend only.
--   * Currencies: public.currencies (ISO 4217, minor units, per-currency upper bound); amounts are
--     positive integers in minor units, at most the currency's max_amount_minor.
--   * Months are the hotel's months (customers.time_zone). A month can be closed once it has ended;
--     closing creates, from confirmed items, one invoice per partner and currency (commission owed) and one
--     payout per currency (sum of net_to_hotel_minor = 80 % share less rewards reinvestment). A closed month
--     changes no more: triggers refuse inserts, updates and deletes of its transactions, and pending or
--     disputed items of a closed month stay listed apart, never billed, no longer confirmable.
--     Close and writes are serialised per hotel by an advisory lock (close: exclusive; writes: shared).
--   * Payment reference: 'GM' + yymm + 8 characters from A–Z/2–9 (14 characters, unique; bank
--     transfers in Viet Nam carry at most 19). VietQR payload (NAPAS EMVCo) for VND invoices when the
--     platform's bank account is configured (private.platform_settings).
--   * Invoices and payouts are marked paid by admins only (who, when), once.

-- ─── currencies ─────────────────────────────────────────────────────────────────
create table public.currencies (
  code char(3) primary key,
  minor_units smallint not null,
  max_amount_minor bigint not null,
  constraint currencies_code check (code ~ '^[A-Z]{3}$'),
  constraint currencies_minor_units check (minor_units between 0 and 3),
  constraint currencies_max check (max_amount_minor between 1 and 1000000000000)
);
comment on table public.currencies is 'ISO 4217 currencies accepted for partner transactions: minor units and the largest amount (in minor units) of one transaction (about 100,000 USD).';
insert into public.currencies (code, minor_units, max_amount_minor) values
  ('VND', 0, 2500000000),
  ('USD', 2, 10000000),
  ('EUR', 2, 10000000),
  ('GBP', 2, 8000000),
  ('JPY', 0, 15000000),
  ('KRW', 0, 140000000),
  ('CNY', 2, 70000000),
  ('THB', 2, 350000000),
  ('SGD', 2, 13500000),
  ('AUD', 2, 15000000);
alter table public.currencies enable row level security;
revoke all on table public.currencies from anon, authenticated;
grant select on table public.currencies to anon, authenticated;
create policy "Anyone can read currencies" on public.currencies for select to anon, authenticated using (true);

-- ─── partner_staff ──────────────────────────────────────────────────────────────
create table public.partner_staff (
  activity_id uuid not null references public.activities (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  added_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (activity_id, user_id)
);
comment on table public.partner_staff is 'Accounts of a partner business (activities.is_partner). Granted only by accept_invitation.';
create index partner_staff_user_id_idx on public.partner_staff (user_id);
create index partner_staff_added_by_idx on public.partner_staff (added_by);

create function private.is_partner_staff(p_activity_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.partner_staff s
    join public.profiles p on p.id = s.user_id
    join public.activities a on a.id = s.activity_id
    where s.activity_id = p_activity_id and s.user_id = auth.uid() and not p.is_disabled and a.is_partner
  )
$$;

-- The partner businesses the caller works for (active users only).
create function private.staff_activity_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select s.activity_id
  from public.partner_staff s
  join public.profiles p on p.id = s.user_id
  where s.user_id = auth.uid() and not p.is_disabled
$$;

alter table public.partner_staff enable row level security;
revoke all on table public.partner_staff from anon, authenticated;
grant select on table public.partner_staff to authenticated;
create policy "Staff, the hotel's moderators and admins can read partner staff"
  on public.partner_staff for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin())
         or exists (select 1 from public.activities a
                    where a.id = activity_id and a.customer_id in (select private.moderated_customer_ids())));

-- ─── commission_rates ───────────────────────────────────────────────────────────
create table public.commission_rates (
  id uuid primary key default gen_random_uuid(),
  activity_id uuid not null references public.activities (id) on delete cascade,
  rate numeric(4, 3) not null,
  status text not null,
  proposed_by uuid references public.profiles (id) on delete set null,
  proposed_at timestamptz not null default now(),
  decided_by uuid references public.profiles (id) on delete set null,
  decided_at timestamptz,
  effective_from timestamptz,
  set_by_admin boolean not null default false,
  constraint commission_rates_rate check (rate between 0 and 0.5),
  constraint commission_rates_status check (status in ('proposed', 'accepted', 'declined', 'withdrawn', 'superseded')),
  constraint commission_rates_effective check ((status = 'accepted') = (effective_from is not null)),
  constraint commission_rates_decided check (status = 'proposed' or decided_at is not null)
);
comment on table public.commission_rates is 'History of a partner''s commission rate: proposed by the hotel, accepted/declined by the partner, or set by an admin. Rate in force at t = latest accepted row with effective_from <= t.';
create index commission_rates_activity_idx on public.commission_rates (activity_id, effective_from);
create unique index commission_rates_one_open on public.commission_rates (activity_id) where status = 'proposed';
create index commission_rates_proposed_by_idx on public.commission_rates (proposed_by);
create index commission_rates_decided_by_idx on public.commission_rates (decided_by);

alter table public.commission_rates enable row level security;
revoke all on table public.commission_rates from anon, authenticated;
grant select on table public.commission_rates to authenticated;
create policy "Partner staff, the hotel's moderators and admins can read rate history"
  on public.commission_rates for select to authenticated
  using ((select private.is_admin())
         or activity_id in (select private.staff_activity_ids())
         or exists (select 1 from public.activities a
                    where a.id = activity_id and a.customer_id in (select private.moderated_customer_ids())));

-- Today's rates become the first accepted row of each partner's history (recorded as set by an admin:
-- nobody proposed them through this process).
insert into public.commission_rates (activity_id, rate, status, proposed_at, decided_at, effective_from, set_by_admin)
select a.id, a.commission_rate, 'accepted', a.created_at, a.created_at, a.created_at, true
from public.activities a
where a.is_partner and a.commission_rate is not null;

create function private.rate_at(p_activity_id uuid, p_at timestamptz)
returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select r.rate from public.commission_rates r
  where r.activity_id = p_activity_id and r.status = 'accepted' and r.effective_from <= p_at
  order by r.effective_from desc, r.decided_at desc
  limit 1
$$;

-- The rate in force now, for the mirror trigger below (runs as the client): only for the activity's
-- moderators and admins, so the history stays private to the partner, its hotel and admins.
create function private.mirror_rate(p_activity_id uuid)
returns numeric
language sql
stable
security definer
set search_path = ''
as $$
  select private.rate_at(a.id, now()) from public.activities a
  where a.id = p_activity_id and private.can_manage_customer(a.customer_id)
$$;

-- activities.commission_rate: a mirror of the rate in force. Clients (anon, authenticated) cannot
-- change it; it follows is_partner (null when not a partner). Privileged direct writes (migrations,
-- the seed, the service role) are recorded in the history as admin-set; the RPCs below set
-- guestmap.rate_sync so their own writes are not recorded twice.
create function private.activities_commission_mirror()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_expected numeric;
begin
  if current_user in ('anon', 'authenticated') then
    if tg_op = 'INSERT' then
      if new.commission_rate is not null then
        raise exception 'The commission rate is agreed with the partner (propose a rate)'
          using errcode = '42501', detail = 'commission_rate_read_only';
      end if;
    else
      -- What the mirror must be: unchanged while a partner, null once not, the rate in force on becoming one.
      v_expected := case when not new.is_partner then null
                         when old.is_partner then old.commission_rate
                         else private.mirror_rate(new.id) end;
      if new.commission_rate is distinct from old.commission_rate and new.commission_rate is distinct from v_expected then
        raise exception 'The commission rate is agreed with the partner (propose a rate)'
          using errcode = '42501', detail = 'commission_rate_read_only';
      end if;
      new.commission_rate := v_expected;
    end if;
  end if;
  return new;
end;
$$;
create trigger activities_commission_mirror
  before insert or update on public.activities
  for each row execute function private.activities_commission_mirror();

create function private.activities_commission_history()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(current_setting('guestmap.rate_sync', true), '') <> 'on'
     and new.commission_rate is not null
     and (tg_op = 'INSERT' or new.commission_rate is distinct from old.commission_rate)
     and new.commission_rate is distinct from private.rate_at(new.id, now()) then
    update public.commission_rates r set status = 'superseded', decided_at = now(), decided_by = auth.uid()
    where r.activity_id = new.id and r.status = 'proposed';
    insert into public.commission_rates (activity_id, rate, status, proposed_by, proposed_at, decided_by, decided_at, effective_from, set_by_admin)
    values (new.id, new.commission_rate, 'accepted', auth.uid(), clock_timestamp(), auth.uid(), clock_timestamp(), clock_timestamp(), true);
  end if;
  return null;
end;
$$;
create trigger activities_commission_history
  after insert or update of commission_rate on public.activities
  for each row execute function private.activities_commission_history();

-- ─── partner_transactions: status, currency, immutability ───────────────────────
alter table public.partner_transactions
  add column status text not null default 'pending',
  add column dispute_reason text,
  add column decided_by uuid references public.profiles (id) on delete set null,
  add column decided_at timestamptz;
-- Voucher redemptions were confirmed by the partner's PIN; sales typed by the hotel wait for the partner.
update public.partner_transactions set status = 'confirmed', decided_at = created_at where voucher_id is not null;
alter table public.partner_transactions
  add constraint partner_transactions_status check (status in ('confirmed', 'pending', 'disputed')),
  add constraint partner_transactions_voucher_confirmed check (voucher_id is null or status = 'confirmed'),
  add constraint partner_transactions_dispute check ((status = 'disputed') = (dispute_reason is not null)),
  add constraint partner_transactions_dispute_reason check (dispute_reason is null or char_length(dispute_reason) between 1 and 500),
  add constraint partner_transactions_currency_fk foreign key (currency) references public.currencies (code) not valid;
create index partner_transactions_decided_by_idx on public.partner_transactions (decided_by);
create index partner_transactions_currency_idx on public.partner_transactions (currency);
create index partner_transactions_activity_created_idx on public.partner_transactions (activity_id, created_at);

create policy "Partner staff can read their partner's transactions"
  on public.partner_transactions for select to authenticated
  using (activity_id in (select private.staff_activity_ids()));

-- ─── settlement tables ──────────────────────────────────────────────────────────
create table public.settlement_months (
  customer_id text not null references public.customers (id) on delete restrict,
  month date not null,
  closed_at timestamptz not null default now(),
  closed_by uuid references public.profiles (id) on delete set null,
  primary key (customer_id, month),
  constraint settlement_months_first_day check (extract(day from month) = 1)
);
comment on table public.settlement_months is 'Closed months (the hotel''s months, customers.time_zone). A closed month changes no more.';
create index settlement_months_closed_by_idx on public.settlement_months (closed_by);

create table public.partner_invoices (
  id uuid primary key default gen_random_uuid(),
  customer_id text not null,
  activity_id uuid not null references public.activities (id) on delete restrict,
  month date not null,
  currency char(3) not null references public.currencies (code),
  commission_minor bigint not null,
  transactions integer not null,
  gross_minor bigint not null,
  payment_reference text not null unique,
  vietqr text,
  status text not null default 'open',
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  paid_by uuid references public.profiles (id) on delete set null,
  foreign key (customer_id, month) references public.settlement_months (customer_id, month) on delete restrict,
  unique (customer_id, month, activity_id, currency),
  constraint partner_invoices_reference check (payment_reference ~ '^[A-Z0-9]{1,19}$'),
  constraint partner_invoices_amount check (commission_minor > 0 and gross_minor > 0 and transactions > 0),
  constraint partner_invoices_status check (status in ('open', 'paid')),
  constraint partner_invoices_paid check ((status = 'paid') = (paid_at is not null))
);
comment on table public.partner_invoices is 'Per closed month, partner and currency: the commission the partner owes (confirmed items only).';
create index partner_invoices_activity_idx on public.partner_invoices (activity_id, month);
create index partner_invoices_paid_by_idx on public.partner_invoices (paid_by);
create index partner_invoices_currency_idx on public.partner_invoices (currency);

create table public.hotel_payouts (
  id uuid primary key default gen_random_uuid(),
  customer_id text not null,
  month date not null,
  currency char(3) not null references public.currencies (code),
  transactions integer not null,
  hotel_share_minor bigint not null,
  reinvestment_minor bigint not null,
  payout_minor bigint not null,
  platform_fee_minor bigint not null,
  status text not null default 'open',
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  paid_by uuid references public.profiles (id) on delete set null,
  foreign key (customer_id, month) references public.settlement_months (customer_id, month) on delete restrict,
  unique (customer_id, month, currency),
  constraint hotel_payouts_amounts check (hotel_share_minor >= 0 and reinvestment_minor >= 0 and payout_minor >= 0
    and platform_fee_minor >= 0 and reinvestment_minor + payout_minor = hotel_share_minor and transactions > 0),
  constraint hotel_payouts_status check (status in ('open', 'paid')),
  constraint hotel_payouts_paid check ((status = 'paid') = (paid_at is not null))
);
comment on table public.hotel_payouts is 'Per closed month and currency: what the platform pays the hotel (its 80 % share less rewards reinvestment = sum of net_to_hotel_minor).';
create index hotel_payouts_paid_by_idx on public.hotel_payouts (paid_by);
create index hotel_payouts_currency_idx on public.hotel_payouts (currency);

create table private.platform_settings (
  id boolean primary key default true constraint platform_settings_single check (id),
  bank_bin text not null constraint platform_settings_bin check (bank_bin ~ '^[0-9]{6}$'),
  account_number text not null constraint platform_settings_account check (account_number ~ '^[0-9A-Z]{1,19}$'),
  account_name text not null constraint platform_settings_name check (char_length(account_name) between 1 and 50),
  updated_at timestamptz not null default now(),
  updated_by uuid
);
comment on table private.platform_settings is 'The platform''s bank account (NAPAS BIN, account number, name): invoices carry a VietQR code when set.';
revoke all on table private.platform_settings from public, anon, authenticated;

alter table public.settlement_months enable row level security;
alter table public.partner_invoices enable row level security;
alter table public.hotel_payouts enable row level security;
revoke all on table public.settlement_months, public.partner_invoices, public.hotel_payouts from anon, authenticated;
grant select on table public.settlement_months, public.partner_invoices, public.hotel_payouts to authenticated;
create policy "Moderators, the hotel's partner staff and admins can read closed months"
  on public.settlement_months for select to authenticated
  using ((select private.is_admin()) or customer_id in (select private.moderated_customer_ids())
         or exists (select 1 from public.activities a
                    where a.customer_id = settlement_months.customer_id and a.id in (select private.staff_activity_ids())));
create policy "The partner's staff, the hotel's moderators and admins can read invoices"
  on public.partner_invoices for select to authenticated
  using ((select private.is_admin()) or customer_id in (select private.moderated_customer_ids())
         or activity_id in (select private.staff_activity_ids()));
create policy "The hotel's moderators and admins can read payouts"
  on public.hotel_payouts for select to authenticated
  using ((select private.is_admin()) or customer_id in (select private.moderated_customer_ids()));

-- ─── months ─────────────────────────────────────────────────────────────────────
create function private.customer_tz(p_customer_id text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select c.time_zone from public.customers c where c.id = p_customer_id), 'UTC')
$$;

-- The hotel's month (first day) of an instant.
create function private.customer_month(p_customer_id text, p_at timestamptz)
returns date
language sql
stable
security definer
set search_path = ''
as $$
  select date_trunc('month', p_at at time zone private.customer_tz(p_customer_id))::date
$$;

-- [from, to) of the hotel's month containing p_month.
create function private.month_range(p_customer_id text, p_month date, out range_from timestamptz, out range_to timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select (date_trunc('month', p_month)::date)::timestamp at time zone private.customer_tz(p_customer_id),
         ((date_trunc('month', p_month) + interval '1 month')::date)::timestamp at time zone private.customer_tz(p_customer_id)
$$;

create function private.settlement_lock_key(p_customer_id text)
returns bigint
language sql
immutable
set search_path = ''
as $$ select hashtextextended('settlement:' || coalesce(p_customer_id, ''), 0) $$;

create function private.month_is_closed(p_customer_id text, p_month date)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.settlement_months m
                 where m.customer_id = p_customer_id and m.month = date_trunc('month', p_month)::date)
$$;

-- A closed month changes no more; amounts, rates and splits never change. Writes take the hotel's
-- settlement lock in shared mode so close_month (exclusive) sees every write that precedes it.
create function private.partner_transactions_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform pg_advisory_xact_lock_shared(private.settlement_lock_key(old.customer_id));
    if private.month_is_closed(old.customer_id, private.customer_month(old.customer_id, old.created_at)) then
      raise exception 'This month is closed' using errcode = 'P0001', detail = 'month_closed';
    end if;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform pg_advisory_xact_lock_shared(private.settlement_lock_key(new.customer_id));
    if private.month_is_closed(new.customer_id, private.customer_month(new.customer_id, new.created_at)) then
      raise exception 'This month is closed' using errcode = 'P0001', detail = 'month_closed';
    end if;
  end if;
  if tg_op = 'UPDATE' and (
       new.id, new.customer_id, new.activity_id, new.voucher_id, new.amount_minor, new.currency, new.commission_rate,
       new.reinvestment_pct, new.commission_minor, new.hotel_share_minor, new.platform_fee_minor, new.reinvestment_minor,
       new.net_to_hotel_minor, new.created_by, new.idempotency_key, new.created_at)
     is distinct from (
       old.id, old.customer_id, old.activity_id, old.voucher_id, old.amount_minor, old.currency, old.commission_rate,
       old.reinvestment_pct, old.commission_minor, old.hotel_share_minor, old.platform_fee_minor, old.reinvestment_minor,
       old.net_to_hotel_minor, old.created_by, old.idempotency_key, old.created_at) then
    raise exception 'A transaction''s figures never change' using errcode = 'P0001', detail = 'transaction_immutable';
  end if;
  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end;
$$;
create trigger partner_transactions_guard
  before insert or update or delete on public.partner_transactions
  for each row execute function private.partner_transactions_guard();

-- Invoices and payouts: only open → paid (with who and when).
create function private.settlement_rows_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'Settlement rows are never deleted' using errcode = 'P0001', detail = 'settlement_immutable';
  end if;
  if old.status = 'paid' or (to_jsonb(new) - array['status', 'paid_at', 'paid_by', 'vietqr'])
                             is distinct from (to_jsonb(old) - array['status', 'paid_at', 'paid_by', 'vietqr']) then
    raise exception 'A settled figure never changes' using errcode = 'P0001', detail = 'settlement_immutable';
  end if;
  return new;
end;
$$;
create trigger partner_invoices_guard before update or delete on public.partner_invoices
  for each row execute function private.settlement_rows_guard();
create trigger hotel_payouts_guard before update or delete on public.hotel_payouts
  for each row execute function private.settlement_rows_guard();

create function private.settlement_months_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  raise exception 'A closed month stays closed' using errcode = 'P0001', detail = 'month_closed';
end;
$$;
create trigger settlement_months_guard before update or delete on public.settlement_months
  for each row execute function private.settlement_months_guard();

-- ─── transactions: currency, bounds, status, rate in force ──────────────────────
create or replace function private.insert_partner_transaction(
  p_customer_id text, p_activity_id uuid, p_voucher_id uuid, p_amount_minor bigint, p_currency text,
  p_idempotency_key text, p_created_by uuid
)
returns public.partner_transactions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_currency public.currencies;
  v_rate numeric;
  v_pct numeric;
  v_commission bigint;
  v_fee bigint;
  v_share bigint;
  v_reinvest bigint;
  v_row public.partner_transactions;
begin
  select * into v_currency from public.currencies c where c.code = upper(btrim(coalesce(p_currency, '')));
  if not found or p_currency is null or p_currency !~ '^[A-Z]{3}$' then
    raise exception 'Unknown currency: use an ISO 4217 code from the list' using errcode = 'P0001', detail = 'invalid_currency';
  end if;
  if p_amount_minor is null or p_amount_minor <= 0 or p_amount_minor > v_currency.max_amount_minor then
    raise exception 'The amount must be positive and at most % (minor units)', v_currency.max_amount_minor
      using errcode = 'P0001', detail = 'invalid_amount';
  end if;
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 1 and 200 then
    raise exception 'An idempotency key is required' using errcode = 'P0001', detail = 'invalid_key';
  end if;
  -- The rate in force now; the share lock orders us against a concurrent rate change of this partner.
  select coalesce(a.commission_rate, 0) into v_rate
  from public.activities a where a.id = p_activity_id and a.customer_id = p_customer_id and a.is_partner
  for share;
  if not found then
    raise exception 'Not a partner of this customer' using errcode = 'P0001', detail = 'not_partner';
  end if;
  select c.rewards_reinvestment_pct into v_pct from public.customers c where c.id = p_customer_id;
  v_commission := round(p_amount_minor * v_rate);
  v_fee := round(v_commission * 0.20);
  v_share := v_commission - v_fee;
  v_reinvest := round(v_share * v_pct / 100);
  insert into public.partner_transactions (customer_id, activity_id, voucher_id, amount_minor, currency, commission_rate,
    reinvestment_pct, commission_minor, hotel_share_minor, platform_fee_minor, reinvestment_minor, net_to_hotel_minor,
    created_by, idempotency_key, status, decided_at)
  values (p_customer_id, p_activity_id, p_voucher_id, p_amount_minor, v_currency.code, v_rate, v_pct, v_commission, v_share, v_fee,
    v_reinvest, v_share - v_reinvest, p_created_by, p_idempotency_key,
    case when p_voucher_id is not null then 'confirmed' else 'pending' end,
    case when p_voucher_id is not null then now() end)
  returning * into v_row;
  return v_row;
end;
$$;
revoke all on function private.insert_partner_transaction(text, uuid, uuid, bigint, text, text, uuid) from public;

create or replace function private.transaction_result(p_tx public.partner_transactions)
returns jsonb
language sql
immutable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'ok', true, 'transaction_id', p_tx.id, 'voucher_id', p_tx.voucher_id, 'customer_id', p_tx.customer_id,
    'activity_id', p_tx.activity_id, 'amount_minor', p_tx.amount_minor, 'currency', p_tx.currency,
    'commission_minor', p_tx.commission_minor, 'hotel_share_minor', p_tx.hotel_share_minor,
    'platform_fee_minor', p_tx.platform_fee_minor, 'reinvestment_minor', p_tx.reinvestment_minor,
    'net_to_hotel_minor', p_tx.net_to_hotel_minor, 'created_at', p_tx.created_at,
    'commission_rate', p_tx.commission_rate, 'status', p_tx.status)
$$;
revoke all on function private.transaction_result(public.partner_transactions) from public;

-- One item of a statement.
create function private.settlement_item(p_tx public.partner_transactions)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_tx.id, 'created_at', p_tx.created_at,
    'source', case when p_tx.voucher_id is not null then 'voucher' else 'manual' end,
    'amount_minor', p_tx.amount_minor, 'currency', p_tx.currency::text, 'commission_rate', p_tx.commission_rate,
    'commission_minor', p_tx.commission_minor, 'status', p_tx.status, 'dispute_reason', p_tx.dispute_reason,
    'decided_at', p_tx.decided_at,
    'activity_id', p_tx.activity_id,
    'activity_title', (select a.title from public.activities a where a.id = p_tx.activity_id))
$$;

-- ─── invitations: partner staff ─────────────────────────────────────────────────
create function private.partner_invitation_mail(p_language text, p_inviter text, p_partner text, p_customer text,
  p_expires_at timestamptz, out subject text, out body text)
language plpgsql
stable
set search_path = ''
as $$
declare
  v_day text := to_char(p_expires_at at time zone 'UTC', 'YYYY-MM-DD');
begin
  if p_language like 'vi%' then
    subject := format('%s mời bạn vào cổng đối tác của %s trên Guestmap', p_inviter, p_partner);
    body := format(E'%s mời bạn làm nhân viên của đối tác "%s" (khách sạn "%s") trên Guestmap: xem giao dịch, xác nhận hoặc khiếu nại doanh thu, chấp nhận mức hoa hồng.\n\nĐăng nhập bằng địa chỉ e-mail này để chấp nhận hoặc từ chối lời mời:\n{{ .SiteURL }}/user\n\nLời mời hết hạn ngày %s (UTC). Nếu bạn không chấp nhận, sẽ không có gì thay đổi.\n', p_inviter, p_partner, p_customer, v_day);
  elsif p_language like 'fr%' then
    subject := format('%s vous invite sur le portail partenaire de %s sur Guestmap', p_inviter, p_partner);
    body := format(E'%s vous invite à rejoindre l''équipe du partenaire « %s » (hôtel « %s ») sur Guestmap : voir les transactions, confirmer ou contester les ventes, accepter le taux de commission.\n\nConnectez-vous avec cette adresse e-mail pour accepter ou refuser l''invitation :\n{{ .SiteURL }}/user\n\nL''invitation expire le %s (UTC). Si vous ne l''acceptez pas, rien ne change.\n', p_inviter, p_partner, p_customer, v_day);
  else
    subject := format('%s invites you to the partner portal of %s on Guestmap', p_inviter, p_partner);
    body := format(E'%s invites you to join the staff of the partner "%s" (hotel "%s") on Guestmap: see transactions, confirm or dispute sales, accept the commission rate.\n\nSign in with this e-mail address to accept or decline the invitation:\n{{ .SiteURL }}/user\n\nThe invitation expires on %s (UTC). If you do not accept it, nothing changes.\n', p_inviter, p_partner, p_customer, v_day);
  end if;
end;
$$;
revoke all on function private.partner_invitation_mail(text, text, text, text, timestamptz) from public;

create or replace function private.create_invitation(p_customer_id text, p_role public.invitation_role, p_partner_id uuid, p_email text, p_language text)
returns public.invitations
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(coalesce(p_email, '')));
  v_row public.invitations;
  v_inviter text;
  v_customer text;
  v_partner text;
  v_mail record;
begin
  if char_length(v_email) > 320 or v_email !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    raise exception 'Enter a valid e-mail address'
      using errcode = 'P0001', detail = 'invalid_email';
  end if;
  select c.name into v_customer from public.customers c where c.id = p_customer_id for update;
  if v_customer is null then
    raise exception 'Customer not found'
      using errcode = 'P0001', detail = 'customer_not_found';
  end if;
  update public.invitations i set status = 'expired'
  where i.customer_id = p_customer_id and i.status = 'pending' and i.expires_at <= now();
  if exists (select 1 from public.invitations i
             where i.customer_id = p_customer_id and i.role = p_role and i.partner_id is not distinct from p_partner_id
               and i.email = v_email and i.status = 'pending') then
    raise exception 'An invitation to this address is already pending'
      using errcode = 'P0001', detail = 'already_invited';
  end if;
  if (select count(*) from public.invitations i
      where i.customer_id = p_customer_id and i.created_at > now() - interval '1 day') >= private.invitation_daily_limit() then
    raise exception 'Too many invitations today: try again tomorrow'
      using errcode = 'P0001', detail = 'invitation_limit';
  end if;
  insert into public.invitations (customer_id, role, partner_id, email, invited_by)
  values (p_customer_id, p_role, p_partner_id, v_email, auth.uid())
  returning * into v_row;
  select coalesce(nullif(btrim(p.display_name), ''), p.email, 'Guestmap') into v_inviter
  from public.profiles p where p.id = auth.uid();
  if p_role = 'partner_staff' then
    select coalesce(a.title ->> coalesce(nullif(left(p_language, 2), ''), 'en'), a.title ->> 'en', a.slug) into v_partner
    from public.activities a where a.id = p_partner_id;
    select * into v_mail from private.partner_invitation_mail(coalesce(p_language, 'en'), coalesce(v_inviter, 'Guestmap'),
      coalesce(v_partner, '?'), v_customer, v_row.expires_at);
  else
    select * into v_mail from private.invitation_mail(coalesce(p_language, 'en'), coalesce(v_inviter, 'Guestmap'), v_customer, v_row.expires_at);
  end if;
  insert into private.mail_outbox (to_email, subject, body_text) values (v_email, v_mail.subject, v_mail.body);
  return v_row;
end;
$$;
revoke all on function private.create_invitation(text, public.invitation_role, uuid, text, text) from public;

create function public.invite_partner_staff(p_activity_id uuid, p_email text, p_language text default 'en')
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_activity public.activities;
  v_row public.invitations;
begin
  select * into v_activity from public.activities a where a.id = p_activity_id;
  if v_activity.id is null or not private.can_manage_customer(v_activity.customer_id) then
    raise exception 'Only moderators of this customer and administrators can do this'
      using errcode = '42501', detail = 'not_moderator';
  end if;
  if not v_activity.is_partner then
    raise exception 'Only partners have staff' using errcode = 'P0001', detail = 'not_partner';
  end if;
  v_row := private.create_invitation(v_activity.customer_id, 'partner_staff', p_activity_id, p_email, p_language);
  return jsonb_build_object('id', v_row.id, 'email', v_row.email, 'status', v_row.status, 'created_at', v_row.created_at,
                            'expires_at', v_row.expires_at);
end;
$$;
revoke all on function public.invite_partner_staff(uuid, text, text) from public, anon, authenticated;
grant execute on function public.invite_partner_staff(uuid, text, text) to authenticated, service_role;

create or replace function public.accept_invitation(p_invitation_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.invitations := private.lock_my_invitation(p_invitation_id);
  v_status public.invitation_status := private.effective_invitation_status(v_row.status, v_row.expires_at);
begin
  if v_row.status = 'accepted' and v_row.accepted_by = auth.uid() then
    return v_row.customer_id;
  end if;
  if v_status <> 'pending' then
    raise exception 'This invitation is no longer open'
      using errcode = 'P0001', detail = 'invitation_' || v_status::text;
  end if;
  if v_row.role = 'moderator' then
    insert into public.customer_moderators (customer_id, user_id, added_by)
    values (v_row.customer_id, auth.uid(), v_row.invited_by)
    on conflict (customer_id, user_id) do nothing;
    insert into public.user_customers (user_id, customer_id) values (auth.uid(), v_row.customer_id)
    on conflict (user_id, customer_id) do nothing;
  elsif v_row.role = 'partner_staff' then
    if not exists (select 1 from public.activities a
                   where a.id = v_row.partner_id and a.customer_id = v_row.customer_id and a.is_partner) then
      raise exception 'This partner no longer takes part'
        using errcode = 'P0001', detail = 'not_partner';
    end if;
    insert into public.partner_staff (activity_id, user_id, added_by)
    values (v_row.partner_id, auth.uid(), v_row.invited_by)
    on conflict (activity_id, user_id) do nothing;
  else
    raise exception 'This kind of invitation cannot be accepted'
      using errcode = 'P0001', detail = 'invitation_role_unsupported';
  end if;
  update public.invitations i set status = 'accepted', accepted_by = auth.uid(), responded_at = now() where i.id = v_row.id;
  return v_row.customer_id;
end;
$$;
revoke all on function public.accept_invitation(uuid) from public, anon, authenticated;
grant execute on function public.accept_invitation(uuid) to authenticated, service_role;

create function public.my_partners()
returns table (activity_id uuid, customer_id text, title jsonb, hotel_name text)
language sql
stable
security definer
set search_path = ''
as $$
  select a.id, a.customer_id, a.title, c.name
  from public.partner_staff s
  join public.activities a on a.id = s.activity_id and a.is_partner
  join public.customers c on c.id = a.customer_id
  join public.profiles p on p.id = s.user_id and not p.is_disabled
  where s.user_id = auth.uid()
  order by c.name, a.title ->> 'en'
$$;
revoke all on function public.my_partners() from public, anon, authenticated;
grant execute on function public.my_partners() to authenticated, service_role;

-- The partner's staff (accepted invitations only: before acceptance nothing about the invitee is shown),
-- for the hotel's moderators, admins and the partner's own staff.
create function public.list_partner_staff(p_activity_id uuid)
returns table (user_id uuid, email text, display_name text, created_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_customer text;
begin
  select a.customer_id into v_customer from public.activities a where a.id = p_activity_id;
  if not (private.is_partner_staff(p_activity_id) or private.can_manage_customer(coalesce(v_customer, ''))) then
    raise exception 'Only this partner''s staff and the hotel''s moderators can do this'
      using errcode = '42501', detail = 'not_allowed';
  end if;
  return query
    select s.user_id, p.email, p.display_name, s.created_at
    from public.partner_staff s join public.profiles p on p.id = s.user_id
    where s.activity_id = p_activity_id
    order by s.created_at, s.user_id;
end;
$$;
revoke all on function public.list_partner_staff(uuid) from public, anon, authenticated;
grant execute on function public.list_partner_staff(uuid) to authenticated, service_role;

-- A hotel's moderator (or admin) removes a staff member; staff may leave.
create function public.remove_partner_staff(p_activity_id uuid, p_user_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer text;
begin
  select a.customer_id into v_customer from public.activities a where a.id = p_activity_id;
  if p_user_id is distinct from auth.uid() and not private.can_manage_customer(coalesce(v_customer, '')) then
    raise exception 'Only moderators of this customer and administrators can do this'
      using errcode = '42501', detail = 'not_moderator';
  end if;
  delete from public.partner_staff s where s.activity_id = p_activity_id and s.user_id = p_user_id;
  return found;
end;
$$;
revoke all on function public.remove_partner_staff(uuid, uuid) from public, anon, authenticated;
grant execute on function public.remove_partner_staff(uuid, uuid) to authenticated, service_role;

-- ─── PIN: also the partner's own staff ──────────────────────────────────────────
create or replace function public.set_partner_pin(p_activity_id uuid, p_pin text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer text;
begin
  select a.customer_id into v_customer from public.activities a where a.id = p_activity_id;
  if not private.is_partner_staff(p_activity_id) then
    perform private.require_manager(coalesce(v_customer, ''));
  end if;
  if not exists (select 1 from public.activities a where a.id = p_activity_id and a.is_partner) then
    raise exception 'Only partners have a PIN' using errcode = 'P0001', detail = 'not_partner';
  end if;
  if p_pin is null or p_pin !~ '^[0-9]{6,12}$' then
    raise exception 'The PIN must be 6 to 12 digits' using errcode = 'P0001', detail = 'invalid_pin';
  end if;
  insert into public.partner_pins (activity_id, pin_hash, pin_length, updated_by, updated_at)
  values (p_activity_id, extensions.crypt(p_pin, extensions.gen_salt('bf', 8)), char_length(p_pin), auth.uid(), now())
  on conflict (activity_id) do update
    set pin_hash = excluded.pin_hash, pin_length = excluded.pin_length, updated_by = excluded.updated_by,
        updated_at = excluded.updated_at;
  delete from private.partner_pin_failures f where f.activity_id = p_activity_id;
end;
$$;
revoke all on function public.set_partner_pin(uuid, text) from public, anon, authenticated;
grant execute on function public.set_partner_pin(uuid, text) to authenticated, service_role;

-- ─── rates ──────────────────────────────────────────────────────────────────────
create function private.check_rate(p_rate numeric)
returns numeric
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_rate is null or p_rate < 0 or p_rate > 0.5 or p_rate <> round(p_rate, 3) then
    raise exception 'The rate must be between 0 and 0.5 with at most 3 decimals'
      using errcode = 'P0001', detail = 'invalid_rate';
  end if;
  return round(p_rate, 3);
end;
$$;

-- Locks a partner's rate changes; returns the activity (is_partner checked).
create function private.lock_partner_rates(p_activity_id uuid)
returns public.activities
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_activity public.activities;
begin
  perform pg_advisory_xact_lock(hashtextextended('commission_rate:' || coalesce(p_activity_id::text, ''), 0));
  select * into v_activity from public.activities a where a.id = p_activity_id;
  return v_activity;
end;
$$;

-- Makes p_rate the rate in force from now (mirror on the activity).
create function private.apply_rate(p_activity_id uuid, p_rate numeric)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('guestmap.rate_sync', 'on', true);
  update public.activities a set commission_rate = p_rate where a.id = p_activity_id;
  perform set_config('guestmap.rate_sync', 'off', true);
end;
$$;

create function public.propose_commission_rate(p_activity_id uuid, p_rate numeric)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_activity public.activities;
  v_rate numeric;
  v_row public.commission_rates;
begin
  select * into v_activity from public.activities a where a.id = p_activity_id;
  perform private.require_manager(coalesce(v_activity.customer_id, ''));
  if not coalesce(v_activity.is_partner, false) then
    raise exception 'Only partners have a commission rate' using errcode = 'P0001', detail = 'not_partner';
  end if;
  v_rate := private.check_rate(p_rate);
  v_activity := private.lock_partner_rates(p_activity_id);
  update public.commission_rates r set status = 'withdrawn', decided_by = auth.uid(), decided_at = now()
  where r.activity_id = p_activity_id and r.status = 'proposed';
  insert into public.commission_rates (activity_id, rate, status, proposed_by, proposed_at)
  values (p_activity_id, v_rate, 'proposed', auth.uid(), clock_timestamp())
  returning * into v_row;
  return to_jsonb(v_row);
end;
$$;
revoke all on function public.propose_commission_rate(uuid, numeric) from public, anon, authenticated;
grant execute on function public.propose_commission_rate(uuid, numeric) to authenticated, service_role;

create function public.respond_commission_rate(p_rate_id uuid, p_accept boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.commission_rates;
begin
  if auth.uid() is null then
    raise exception 'Sign in first' using errcode = '42501', detail = 'not_authenticated';
  end if;
  select * into v_row from public.commission_rates r where r.id = p_rate_id;
  if v_row.id is null or not private.is_partner_staff(v_row.activity_id) then
    raise exception 'Rate proposal not found' using errcode = 'P0001', detail = 'rate_not_found';
  end if;
  if p_accept is null then
    raise exception 'Accept or decline' using errcode = 'P0001', detail = 'invalid_answer';
  end if;
  perform private.lock_partner_rates(v_row.activity_id);
  select * into v_row from public.commission_rates r where r.id = p_rate_id;
  if v_row.status <> 'proposed' then
    raise exception 'This proposal is no longer open' using errcode = 'P0001', detail = 'rate_not_open';
  end if;
  if p_accept then
    update public.commission_rates r set status = 'accepted', decided_by = auth.uid(), decided_at = clock_timestamp(),
      effective_from = clock_timestamp()
    where r.id = p_rate_id returning * into v_row;
    perform private.apply_rate(v_row.activity_id, v_row.rate);
  else
    update public.commission_rates r set status = 'declined', decided_by = auth.uid(), decided_at = now()
    where r.id = p_rate_id returning * into v_row;
  end if;
  return to_jsonb(v_row);
end;
$$;
revoke all on function public.respond_commission_rate(uuid, boolean) from public, anon, authenticated;
grant execute on function public.respond_commission_rate(uuid, boolean) to authenticated, service_role;

create function public.admin_set_commission_rate(p_activity_id uuid, p_rate numeric)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_activity public.activities;
  v_rate numeric;
  v_row public.commission_rates;
begin
  if not private.is_admin() then
    raise exception 'Only administrators can do this' using errcode = '42501', detail = 'not_admin';
  end if;
  select * into v_activity from public.activities a where a.id = p_activity_id;
  if not coalesce(v_activity.is_partner, false) then
    raise exception 'Only partners have a commission rate' using errcode = 'P0001', detail = 'not_partner';
  end if;
  v_rate := private.check_rate(p_rate);
  perform private.lock_partner_rates(p_activity_id);
  update public.commission_rates r set status = 'superseded', decided_by = auth.uid(), decided_at = now()
  where r.activity_id = p_activity_id and r.status = 'proposed';
  insert into public.commission_rates (activity_id, rate, status, proposed_by, proposed_at, decided_by, decided_at, effective_from, set_by_admin)
  values (p_activity_id, v_rate, 'accepted', auth.uid(), clock_timestamp(), auth.uid(), clock_timestamp(), clock_timestamp(), true)
  returning * into v_row;
  perform private.apply_rate(p_activity_id, v_rate);
  return to_jsonb(v_row);
end;
$$;
revoke all on function public.admin_set_commission_rate(uuid, numeric) from public, anon, authenticated;
grant execute on function public.admin_set_commission_rate(uuid, numeric) to authenticated, service_role;

-- Partner staff, the hotel's moderators, admins: who may see a partner's settlement.
create function private.require_partner_reader(p_activity_id uuid)
returns public.activities
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_activity public.activities;
begin
  if auth.uid() is null then
    raise exception 'Sign in first' using errcode = '42501', detail = 'not_authenticated';
  end if;
  select * into v_activity from public.activities a where a.id = p_activity_id;
  if v_activity.id is null
     or not (private.is_partner_staff(p_activity_id) or private.can_manage_customer(v_activity.customer_id)) then
    raise exception 'Only this partner''s staff and the hotel''s moderators can do this'
      using errcode = '42501', detail = 'not_allowed';
  end if;
  return v_activity;
end;
$$;

create function public.commission_rate_history(p_activity_id uuid)
returns setof public.commission_rates
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_partner_reader(p_activity_id);
  return query select * from public.commission_rates r where r.activity_id = p_activity_id
    order by r.proposed_at desc, r.id;
end;
$$;
revoke all on function public.commission_rate_history(uuid) from public, anon, authenticated;
grant execute on function public.commission_rate_history(uuid) to authenticated, service_role;

-- ─── confirm / dispute ──────────────────────────────────────────────────────────
create function private.decide_transaction(p_id uuid, p_status text, p_reason text)
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
  -- The settlement lock first (as every write of a transaction), then the row: one decision per item.
  perform pg_advisory_xact_lock_shared(private.settlement_lock_key(v_tx.customer_id));
  select * into v_tx from public.partner_transactions t where t.id = p_id for update;
  if private.month_is_closed(v_tx.customer_id, private.customer_month(v_tx.customer_id, v_tx.created_at)) then
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

create function public.confirm_partner_transaction(p_id uuid)
returns jsonb
language sql
security definer
set search_path = ''
as $$ select private.decide_transaction(p_id, 'confirmed', null) $$;
revoke all on function public.confirm_partner_transaction(uuid) from public, anon, authenticated;
grant execute on function public.confirm_partner_transaction(uuid) to authenticated, service_role;

create function public.dispute_partner_transaction(p_id uuid, p_reason text)
returns jsonb
language sql
security definer
set search_path = ''
as $$ select private.decide_transaction(p_id, 'disputed', p_reason) $$;
revoke all on function public.dispute_partner_transaction(uuid, text) from public, anon, authenticated;
grant execute on function public.dispute_partner_transaction(uuid, text) to authenticated, service_role;

-- ─── VietQR (NAPAS, EMVCo merchant-presented) ───────────────────────────────────
-- CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor (check value of
-- '123456789' = 29B1), over the UTF-8 bytes.
create function private.crc16_ccitt(p_text text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_bytes bytea := convert_to(p_text, 'UTF8');
  v_crc integer := 65535;
begin
  for i in 0 .. length(v_bytes) - 1 loop
    v_crc := v_crc # (get_byte(v_bytes, i) << 8);
    for b in 1 .. 8 loop
      if (v_crc & 32768) <> 0 then
        v_crc := ((v_crc << 1) # 4129) & 65535;
      else
        v_crc := (v_crc << 1) & 65535;
      end if;
    end loop;
  end loop;
  return upper(lpad(to_hex(v_crc), 4, '0'));
end;
$$;

create function private.emv_tlv(p_id text, p_value text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_value is null or char_length(p_value) not between 1 and 99 then
    raise exception 'EMV field % must have 1 to 99 characters', p_id using errcode = 'P0001', detail = 'invalid_qr_field';
  end if;
  return p_id || lpad(char_length(p_value)::text, 2, '0') || p_value;
end;
$$;

-- 00 format, 01 dynamic (12: carries an amount), 38 NAPAS account (GUID A000000727, 01 = 00 BIN + 01
-- account, 02 service QRIBFTTA = transfer to an account), 53 currency 704 (VND), 54 amount, 58 VN,
-- 62/08 purpose = payment reference, 63 CRC.
create function private.vietqr_payload(p_bin text, p_account text, p_amount bigint, p_reference text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_payload text;
begin
  if p_bin !~ '^[0-9]{6}$' or p_account !~ '^[0-9A-Z]{1,19}$' or p_amount is null or p_amount <= 0
     or p_reference !~ '^[A-Z0-9]{1,19}$' then
    raise exception 'Invalid VietQR data' using errcode = 'P0001', detail = 'invalid_qr_field';
  end if;
  v_payload := private.emv_tlv('00', '01')
    || private.emv_tlv('01', '12')
    || private.emv_tlv('38', private.emv_tlv('00', 'A000000727')
                             || private.emv_tlv('01', private.emv_tlv('00', p_bin) || private.emv_tlv('01', p_account))
                             || private.emv_tlv('02', 'QRIBFTTA'))
    || private.emv_tlv('53', '704')
    || private.emv_tlv('54', p_amount::text)
    || private.emv_tlv('58', 'VN')
    || private.emv_tlv('62', private.emv_tlv('08', p_reference))
    || '6304';
  return v_payload || private.crc16_ccitt(v_payload);
end;
$$;

-- The invoice's VietQR payload: VND invoices only, when the platform's bank account is set.
create function private.invoice_vietqr(p_currency text, p_amount bigint, p_reference text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when p_currency = 'VND' then
    (select private.vietqr_payload(s.bank_bin, s.account_number, p_amount, p_reference) from private.platform_settings s where s.id)
  end
$$;

create function public.set_platform_bank_account(p_bank_bin text, p_account_number text, p_account_name text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_account text := upper(regexp_replace(coalesce(p_account_number, ''), '[[:space:]]', '', 'g'));
begin
  if not private.is_admin() then
    raise exception 'Only administrators can do this' using errcode = '42501', detail = 'not_admin';
  end if;
  if coalesce(p_bank_bin, '') !~ '^[0-9]{6}$' or v_account !~ '^[0-9A-Z]{1,19}$'
     or char_length(btrim(coalesce(p_account_name, ''))) not between 1 and 50 then
    raise exception 'Enter the bank''s 6-digit BIN, the account number (up to 19 characters) and the account name'
      using errcode = 'P0001', detail = 'invalid_bank_account';
  end if;
  insert into private.platform_settings (id, bank_bin, account_number, account_name, updated_at, updated_by)
  values (true, p_bank_bin, v_account, btrim(p_account_name), now(), auth.uid())
  on conflict (id) do update set bank_bin = excluded.bank_bin, account_number = excluded.account_number,
    account_name = excluded.account_name, updated_at = excluded.updated_at, updated_by = excluded.updated_by;
  -- Open invoices get the new account's code.
  update public.partner_invoices i set vietqr = private.invoice_vietqr(i.currency, i.commission_minor, i.payment_reference)
  where i.status = 'open';
  return jsonb_build_object('bank_bin', p_bank_bin, 'account_number', v_account, 'account_name', btrim(p_account_name));
end;
$$;
revoke all on function public.set_platform_bank_account(text, text, text) from public, anon, authenticated;
grant execute on function public.set_platform_bank_account(text, text, text) to authenticated, service_role;

-- ─── statements ─────────────────────────────────────────────────────────────────
create function private.invoice_json(p_invoice public.partner_invoices)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_invoice.id, 'activity_id', p_invoice.activity_id,
    'activity_title', (select a.title from public.activities a where a.id = p_invoice.activity_id),
    'month', p_invoice.month, 'currency', p_invoice.currency::text, 'transactions', p_invoice.transactions,
    'gross_minor', p_invoice.gross_minor, 'commission_minor', p_invoice.commission_minor,
    'payment_reference', p_invoice.payment_reference, 'vietqr', p_invoice.vietqr, 'status', p_invoice.status,
    'paid_at', p_invoice.paid_at, 'paid_by', p_invoice.paid_by)
$$;

create function private.payout_json(p_payout public.hotel_payouts)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', p_payout.id, 'month', p_payout.month, 'currency', p_payout.currency::text, 'transactions', p_payout.transactions,
    'hotel_share_minor', p_payout.hotel_share_minor, 'reinvestment_minor', p_payout.reinvestment_minor,
    'payout_minor', p_payout.payout_minor, 'platform_fee_minor', p_payout.platform_fee_minor,
    'status', p_payout.status, 'paid_at', p_payout.paid_at, 'paid_by', p_payout.paid_by)
$$;

create function public.partner_statement(p_activity_id uuid, p_month date)
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
        where t.activity_id = p_activity_id and t.customer_id = v_activity.customer_id
          and t.created_at >= v_range.range_from and t.created_at < v_range.range_to
        group by t.currency
      ) x), '[]'::jsonb),
    'items', coalesce((
      select jsonb_agg(private.settlement_item(t) order by t.created_at desc, t.id)
      from public.partner_transactions t
      where t.activity_id = p_activity_id and t.customer_id = v_activity.customer_id
        and t.created_at >= v_range.range_from and t.created_at < v_range.range_to), '[]'::jsonb),
    'invoice', v_invoices -> 0,
    'invoices', v_invoices);
end;
$$;
revoke all on function public.partner_statement(uuid, date) from public, anon, authenticated;
grant execute on function public.partner_statement(uuid, date) to authenticated, service_role;

-- Same columns as before; confirmed items only; the hotel's month.
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
declare
  v_range record;
begin
  perform private.require_manager(p_customer_id);
  if p_month is null then
    raise exception 'A month is required' using errcode = 'P0001', detail = 'invalid_month';
  end if;
  select * into v_range from private.month_range(p_customer_id, p_month);
  return query
    select t.activity_id, a.title, t.currency::text, count(*)::integer, sum(t.amount_minor)::bigint,
           sum(t.commission_minor)::bigint, sum(t.hotel_share_minor)::bigint, sum(t.platform_fee_minor)::bigint,
           sum(t.reinvestment_minor)::bigint, sum(t.net_to_hotel_minor)::bigint
    from public.partner_transactions t join public.activities a on a.id = t.activity_id
    where t.customer_id = p_customer_id and t.status = 'confirmed'
      and t.created_at >= v_range.range_from and t.created_at < v_range.range_to
    group by t.activity_id, a.title, t.currency
    order by a.title ->> 'en', t.currency;
end;
$$;
revoke all on function public.monthly_statement(text, date) from public, anon, authenticated;
grant execute on function public.monthly_statement(text, date) to authenticated, service_role;

create function public.monthly_statement_items(p_customer_id text, p_month date)
returns setof jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_range record;
begin
  perform private.require_manager(p_customer_id);
  if p_month is null then
    raise exception 'A month is required' using errcode = 'P0001', detail = 'invalid_month';
  end if;
  select * into v_range from private.month_range(p_customer_id, p_month);
  return query
    select private.settlement_item(t)
    from public.partner_transactions t
    where t.customer_id = p_customer_id and t.status in ('pending', 'disputed')
      and t.created_at >= v_range.range_from and t.created_at < v_range.range_to
    order by t.status desc, t.created_at desc, t.id;
end;
$$;
revoke all on function public.monthly_statement_items(text, date) from public, anon, authenticated;
grant execute on function public.monthly_statement_items(text, date) to authenticated, service_role;

-- ─── month close ────────────────────────────────────────────────────────────────
-- 'GM' + yymm + 8 characters (no 0/O/1/I): 14 characters.
create function private.new_payment_reference(p_month date)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  v_bytes bytea;
  v_code text;
begin
  loop
    v_bytes := extensions.gen_random_bytes(8);
    v_code := 'GM' || to_char(p_month, 'YYMM');
    for i in 0..7 loop
      v_code := v_code || substr(v_alphabet, (get_byte(v_bytes, i) % 32) + 1, 1);
    end loop;
    exit when not exists (select 1 from public.partner_invoices i where i.payment_reference = v_code);
  end loop;
  return v_code;
end;
$$;

create function public.month_settlement(p_customer_id text, p_month date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_month date;
  v_closed public.settlement_months;
begin
  perform private.require_manager(p_customer_id);
  if p_month is null then
    raise exception 'A month is required' using errcode = 'P0001', detail = 'invalid_month';
  end if;
  v_month := date_trunc('month', p_month)::date;
  select * into v_closed from public.settlement_months m where m.customer_id = p_customer_id and m.month = v_month;
  return jsonb_build_object(
    'customer_id', p_customer_id,
    'month', v_month,
    'closed', v_closed.month is not null,
    'closed_at', v_closed.closed_at,
    'closed_by', v_closed.closed_by,
    'invoices', coalesce((select jsonb_agg(private.invoice_json(i) order by i.activity_id, i.currency)
                          from public.partner_invoices i where i.customer_id = p_customer_id and i.month = v_month), '[]'::jsonb),
    'payouts', coalesce((select jsonb_agg(private.payout_json(p) order by p.currency)
                         from public.hotel_payouts p where p.customer_id = p_customer_id and p.month = v_month), '[]'::jsonb));
end;
$$;
revoke all on function public.month_settlement(text, date) from public, anon, authenticated;
grant execute on function public.month_settlement(text, date) to authenticated, service_role;

-- Closes a month (no permission check: callers check). Idempotent.
create function private.close_month(p_customer_id text, p_month date, p_closed_by uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_month date := date_trunc('month', p_month)::date;
  v_range record;
  v_row record;
  v_ref text;
begin
  -- Every write of this hotel's transactions holds the lock in shared mode: once we have it, every
  -- earlier write is committed and every later one sees the closed month.
  perform pg_advisory_xact_lock(private.settlement_lock_key(p_customer_id));
  if private.month_is_closed(p_customer_id, v_month) then
    return;
  end if;
  select * into v_range from private.month_range(p_customer_id, v_month);
  insert into public.settlement_months (customer_id, month, closed_at, closed_by) values (p_customer_id, v_month, now(), p_closed_by);
  for v_row in
    select t.activity_id, t.currency::text as currency, count(*)::integer as n, sum(t.amount_minor)::bigint as gross,
           sum(t.commission_minor)::bigint as commission
    from public.partner_transactions t
    where t.customer_id = p_customer_id and t.status = 'confirmed'
      and t.created_at >= v_range.range_from and t.created_at < v_range.range_to
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
  where t.customer_id = p_customer_id and t.status = 'confirmed'
    and t.created_at >= v_range.range_from and t.created_at < v_range.range_to
  group by t.currency;
end;
$$;

create function public.close_month(p_customer_id text, p_month date)
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
  if (now() at time zone private.customer_tz(p_customer_id))::date < (v_month + interval '1 month')::date then
    raise exception 'This month has not ended yet' using errcode = 'P0001', detail = 'month_not_ended';
  end if;
  perform private.close_month(p_customer_id, v_month, auth.uid());
  return public.month_settlement(p_customer_id, v_month);
end;
$$;
revoke all on function public.close_month(text, date) from public, anon, authenticated;
grant execute on function public.close_month(text, date) to authenticated, service_role;

create function public.mark_invoice_paid(p_invoice_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.partner_invoices;
begin
  if not private.is_admin() then
    raise exception 'Only administrators can do this' using errcode = '42501', detail = 'not_admin';
  end if;
  select * into v_row from public.partner_invoices i where i.id = p_invoice_id for update;
  if v_row.id is null then
    raise exception 'Invoice not found' using errcode = 'P0001', detail = 'invoice_not_found';
  end if;
  if v_row.status = 'open' then
    update public.partner_invoices i set status = 'paid', paid_at = now(), paid_by = auth.uid()
    where i.id = p_invoice_id returning * into v_row;
  end if;
  return private.invoice_json(v_row);
end;
$$;
revoke all on function public.mark_invoice_paid(uuid) from public, anon, authenticated;
grant execute on function public.mark_invoice_paid(uuid) to authenticated, service_role;

create function public.mark_payout_paid(p_payout_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.hotel_payouts;
begin
  if not private.is_admin() then
    raise exception 'Only administrators can do this' using errcode = '42501', detail = 'not_admin';
  end if;
  select * into v_row from public.hotel_payouts p where p.id = p_payout_id for update;
  if v_row.id is null then
    raise exception 'Payout not found' using errcode = 'P0001', detail = 'payout_not_found';
  end if;
  if v_row.status = 'open' then
    update public.hotel_payouts p set status = 'paid', paid_at = now(), paid_by = auth.uid()
    where p.id = p_payout_id returning * into v_row;
  end if;
  return private.payout_json(v_row);
end;
$$;
revoke all on function public.mark_payout_paid(uuid) from public, anon, authenticated;
grant execute on function public.mark_payout_paid(uuid) to authenticated, service_role;

-- Platform fee (20 % of commission) of confirmed items, by hotel, partner and currency, in each
-- hotel's month.
create function public.platform_fees(p_month date)
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
    cross join lateral private.month_range(t.customer_id, p_month) r
    where t.status = 'confirmed' and t.created_at >= r.range_from and t.created_at < r.range_to
    group by t.customer_id, t.activity_id, t.currency
    order by t.customer_id, t.activity_id, t.currency;
end;
$$;
revoke all on function public.platform_fees(date) from public, anon, authenticated;
grant execute on function public.platform_fees(date) to authenticated, service_role;

-- ─── function privileges ────────────────────────────────────────────────────────
revoke execute on all functions in schema private from public;
-- Policies (staff_activity_ids) and the mirror trigger (mirror_rate) run as the client.
grant execute on function private.staff_activity_ids(), private.mirror_rate(uuid) to authenticated, service_role;
