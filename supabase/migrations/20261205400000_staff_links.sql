-- Staff links (issue 43, item 2): credit to the staff member who shared the map.
--
-- A hotel's moderators (and administrators) create one link per staff member: a display name and an unguessable
-- code (16 random bytes, base64url: 22 characters, 128 bits), giving `/{hotel}?s=<code>`. The first visit through a
-- live link is recorded server-side (record_staff_visit) against the guest's first-party visitor id (the id the map
-- already keeps in localStorage for its analytics) and, once the guest has a session (an anonymous sign-in at the
-- first play, or an account), against the user too. For 30 days from that first visit, every play, voucher
-- redemption of that guest at the hotel carries the link (triggers: every path is covered, nothing comes from the
-- client). A sale the hotel types has no guest: the moderator may name the staff member who made it (one of the
-- hotel's live links, checked here). The dashboard reads per-link figures with staff_link_figures.
-- Decisions: docs/staff-links.md.

-- ─── the links ──────────────────────────────────────────────────────────────────
create table public.staff_links (
  id uuid primary key default gen_random_uuid(),
  customer_id text not null references public.customers (id) on delete cascade,
  name text not null,
  code text not null unique,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_by uuid references public.profiles (id) on delete set null,
  constraint staff_links_name check (char_length(btrim(name)) between 1 and 80 and name = btrim(name)),
  constraint staff_links_code check (code ~ '^[A-Za-z0-9_-]{22}$'),
  constraint staff_links_revoked check (revoked_at is null or revoked_at >= created_at),
  constraint staff_links_id_customer unique (id, customer_id)
);
comment on table public.staff_links is
  'One link per staff member of a hotel: /{hotel}?s=<code>. Read by the hotel''s managers only; written only by create_staff_link / revoke_staff_link.';
create index staff_links_customer_id_idx on public.staff_links (customer_id, created_at);
create index staff_links_created_by_idx on public.staff_links (created_by);
create index staff_links_revoked_by_idx on public.staff_links (revoked_by);
alter table public.staff_links enable row level security;
create policy "Moderators and admins can read their customers' staff links"
  on public.staff_links for select to authenticated
  using ((select private.is_admin()) or customer_id in (select private.moderated_customer_ids()));
grant select on table public.staff_links to authenticated;
grant select on table public.staff_links to service_role;

-- ─── attributions: a guest's first visit through a live link ────────────────────
create table private.staff_attributions (
  id bigint generated always as identity primary key,
  customer_id text not null references public.customers (id) on delete cascade,
  visitor_id uuid not null,
  user_id uuid references public.profiles (id) on delete set null,
  staff_link_id uuid not null,
  first_seen_at timestamptz not null default now(),
  constraint staff_attributions_link foreign key (staff_link_id, customer_id)
    references public.staff_links (id, customer_id) on delete cascade
);
comment on table private.staff_attributions is
  'Visitor (and, once known, user) → staff link, from the first visit through a live link; live for 30 days from first_seen_at. Not exposed.';
create index staff_attributions_visitor_idx on private.staff_attributions (customer_id, visitor_id, first_seen_at);
create index staff_attributions_user_idx on private.staff_attributions (customer_id, user_id, first_seen_at);
create index staff_attributions_link_idx on private.staff_attributions (staff_link_id, customer_id, first_seen_at);
alter table private.staff_attributions enable row level security;
revoke all on table private.staff_attributions from public, anon, authenticated, service_role;

insert into private.engagement_limits (name, value, description) values
  ('staff_source_visits_per_day', 200, 'New staff-link attributions one source may add to one map per UTC day');

/** How long an attribution lasts from the first visit. */
create function private.staff_window()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '30 days' $$;

/** The staff link a guest's row at p_at is credited to: their attribution at the hotel that was live then. */
create function private.staff_link_at(p_customer_id text, p_user_id uuid, p_at timestamptz)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select a.staff_link_id from private.staff_attributions a
  where a.customer_id = p_customer_id and a.user_id = p_user_id
    and a.first_seen_at <= p_at and p_at < a.first_seen_at + private.staff_window()
  order by a.first_seen_at
  limit 1
$$;

-- ─── the rows credited: plays, redemptions, typed sales ─────────────────────────
alter table public.reward_plays add column staff_link_id uuid;
alter table public.reward_plays add constraint reward_plays_staff_link foreign key (staff_link_id, customer_id)
  references public.staff_links (id, customer_id);
create index reward_plays_staff_link_idx on public.reward_plays (staff_link_id, customer_id, played_at);
comment on column public.reward_plays.staff_link_id is 'The staff link the guest was attributed to when playing (set by a trigger).';

alter table public.partner_transactions add column staff_link_id uuid;
alter table public.partner_transactions add constraint partner_transactions_staff_link foreign key (staff_link_id, customer_id)
  references public.staff_links (id, customer_id);
create index partner_transactions_staff_link_idx on public.partner_transactions (staff_link_id, customer_id, created_at);
comment on column public.partner_transactions.staff_link_id is
  'A redemption: the staff link the voucher''s guest was attributed to at the redemption (trigger). A typed sale: the staff member the hotel named.';

create function private.reward_plays_staff_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if new.staff_link_id is distinct from old.staff_link_id then
      raise exception 'A play''s attribution never changes' using errcode = 'P0001', detail = 'transaction_immutable';
    end if;
    return new;
  end if;
  new.staff_link_id := private.staff_link_at(new.customer_id, new.user_id, new.played_at);
  return new;
end;
$$;
revoke all on function private.reward_plays_staff_link() from public;
create trigger reward_plays_staff_link
  before insert or update on public.reward_plays
  for each row execute function private.reward_plays_staff_link();

create function private.partner_transactions_staff_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if new.staff_link_id is distinct from old.staff_link_id then
      raise exception 'A transaction''s figures never change' using errcode = 'P0001', detail = 'transaction_immutable';
    end if;
    return new;
  end if;
  if new.voucher_id is not null then
    -- A redemption: the voucher's guest's attribution at the time of the sale, whatever the writer sent.
    new.staff_link_id := (select private.staff_link_at(new.customer_id, v.user_id, new.created_at)
                          from public.vouchers v where v.id = new.voucher_id);
  end if;
  -- A typed sale keeps the link its writer named; the foreign key holds it to the same hotel.
  return new;
end;
$$;
revoke all on function private.partner_transactions_staff_link() from public;
create trigger partner_transactions_staff_link
  before insert or update on public.partner_transactions
  for each row execute function private.partner_transactions_staff_link();

-- ─── managing links ─────────────────────────────────────────────────────────────
create function private.new_staff_code()
returns text
language sql
volatile
security definer
set search_path = ''
as $$
  select translate(rtrim(encode(extensions.gen_random_bytes(16), 'base64'), '='), '+/', '-_')
$$;
revoke all on function private.new_staff_code() from public;

create function public.create_staff_link(p_customer_id text, p_name text)
returns public.staff_links
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_name text := btrim(coalesce(p_name, ''));
  v_row public.staff_links;
begin
  perform private.require_manager(p_customer_id);
  if not exists (select 1 from public.customers c where c.id = p_customer_id and c.kind = 'hotel') then
    raise exception 'Staff links are for hotels' using errcode = 'P0001', detail = 'not_hotel';
  end if;
  if char_length(v_name) not between 1 and 80 then
    raise exception 'A name of 1 to 80 characters' using errcode = 'P0001', detail = 'invalid_staff_name';
  end if;
  -- Counted under the customer's row lock: concurrent creations cannot pass the limit together.
  perform 1 from public.customers c where c.id = p_customer_id for update;
  if (select count(*) from public.staff_links l where l.customer_id = p_customer_id and l.revoked_at is null) >= 500 then
    raise exception 'At most 500 live staff links' using errcode = 'P0001', detail = 'staff_link_limit';
  end if;
  insert into public.staff_links (customer_id, name, code, created_by)
  values (p_customer_id, v_name, private.new_staff_code(), auth.uid())
  returning * into v_row;
  return v_row;
end;
$$;
revoke all on function public.create_staff_link(text, text) from public, anon, authenticated;
grant execute on function public.create_staff_link(text, text) to authenticated;

create function public.revoke_staff_link(p_id uuid)
returns public.staff_links
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.staff_links;
begin
  select * into v_row from public.staff_links l where l.id = p_id;
  if v_row.id is null or not private.can_manage_customer(v_row.customer_id) then
    if auth.uid() is null then
      raise exception 'Sign in first' using errcode = '42501', detail = 'not_authenticated';
    end if;
    raise exception 'Staff link not found' using errcode = 'P0001', detail = 'staff_link_not_found';
  end if;
  perform private.require_manager(v_row.customer_id);
  update public.staff_links l set revoked_at = now(), revoked_by = auth.uid()
  where l.id = p_id and l.revoked_at is null
  returning * into v_row;
  if not found then
    select * into v_row from public.staff_links l where l.id = p_id;
  end if;
  return v_row;
end;
$$;
revoke all on function public.revoke_staff_link(uuid) from public, anon, authenticated;
grant execute on function public.revoke_staff_link(uuid) to authenticated;

-- ─── the visit ──────────────────────────────────────────────────────────────────
-- Called by the map when a page opens with ?s=<code>, and again once the guest has a session (before the first
-- play) to bind the visit to the user. Answers nothing, whatever the code: an unknown or revoked code, a hotel that
-- is not public, a source over its daily limit all attribute nothing and raise nothing (the guest's map never
-- fails for it, and the answer tells nobody whether a code exists).
-- First visit wins: per hotel, a visitor id and a user each have at most one live attribution; a later visit through
-- another link within the 30 days changes nothing. Both are decided under advisory locks (the visitor's, then the
-- user's: always in this order), so two first visits at once make one attribution.
create function public.record_staff_visit(p_customer_id text, p_code text, p_visitor_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_att private.staff_attributions;
  v_link uuid;
  v_source text;
  v_day_start timestamptz := date_trunc('day', now() at time zone 'UTC') at time zone 'UTC';
begin
  if p_customer_id is null or p_visitor_id is null then
    return;
  end if;
  if not exists (select 1 from public.customers c where c.id = p_customer_id and c.kind = 'hotel' and c.is_public) then
    return;
  end if;
  if v_uid is not null and not exists (select 1 from public.profiles p where p.id = v_uid and not p.is_disabled) then
    v_uid := null;
  end if;
  perform pg_advisory_xact_lock(hashtext('guestmap.staff_visitor'), hashtext(p_customer_id || ':' || p_visitor_id::text));
  if v_uid is not null then
    perform pg_advisory_xact_lock(hashtext('guestmap.staff_user'), hashtext(p_customer_id || ':' || v_uid::text));
    if exists (select 1 from private.staff_attributions a
               where a.customer_id = p_customer_id and a.user_id = v_uid
                 and a.first_seen_at > now() - private.staff_window()) then
      return;
    end if;
  end if;
  select * into v_att from private.staff_attributions a
  where a.customer_id = p_customer_id and a.visitor_id = p_visitor_id
    and a.first_seen_at > now() - private.staff_window()
  order by a.first_seen_at
  limit 1;
  if v_att.id is not null then
    if v_uid is not null and v_att.user_id is null then
      update private.staff_attributions a set user_id = v_uid where a.id = v_att.id;
    end if;
    return;
  end if;
  if p_code is null or p_code !~ '^[A-Za-z0-9_-]{22}$' then
    return;
  end if;
  select l.id into v_link from public.staff_links l
  where l.code = p_code and l.customer_id = p_customer_id and l.revoked_at is null;
  if v_link is null then
    return;
  end if;
  v_source := private.request_source();
  if (select count(*) from private.engagement_hits h
      where h.bucket = 'staff:' || p_customer_id and h.source = v_source and h.created_at >= v_day_start)
     >= private.engagement_limit('staff_source_visits_per_day') then
    return;
  end if;
  insert into private.staff_attributions (customer_id, visitor_id, user_id, staff_link_id)
  values (p_customer_id, p_visitor_id, v_uid, v_link);
  insert into private.engagement_hits (bucket, source) values ('staff:' || p_customer_id, v_source);
end;
$$;
revoke all on function public.record_staff_visit(text, text, uuid) from public, anon, authenticated;
grant execute on function public.record_staff_visit(text, text, uuid) to anon, authenticated;

-- ─── typed sales: the staff member the hotel names ──────────────────────────────
-- insert_partner_transaction gains the link (the 7-argument form stays, for the redemption paths).
create or replace function private.insert_partner_transaction(
  p_customer_id text, p_activity_id uuid, p_voucher_id uuid, p_amount_minor bigint, p_currency text,
  p_idempotency_key text, p_created_by uuid, p_staff_link_id uuid
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
    created_by, idempotency_key, status, decided_at, staff_link_id)
  values (p_customer_id, p_activity_id, p_voucher_id, p_amount_minor, v_currency.code, v_rate, v_pct, v_commission, v_share, v_fee,
    v_reinvest, v_share - v_reinvest, p_created_by, p_idempotency_key,
    case when p_voucher_id is not null then 'confirmed' else 'pending' end,
    case when p_voucher_id is not null then now() end,
    p_staff_link_id)
  returning * into v_row;
  return v_row;
end;
$$;
revoke all on function private.insert_partner_transaction(text, uuid, uuid, bigint, text, text, uuid, uuid) from public;

create or replace function private.insert_partner_transaction(
  p_customer_id text, p_activity_id uuid, p_voucher_id uuid, p_amount_minor bigint, p_currency text,
  p_idempotency_key text, p_created_by uuid
)
returns public.partner_transactions
language sql
security definer
set search_path = ''
as $$
  select private.insert_partner_transaction(p_customer_id, p_activity_id, p_voucher_id, p_amount_minor, p_currency,
    p_idempotency_key, p_created_by, null)
$$;
revoke all on function private.insert_partner_transaction(text, uuid, uuid, bigint, text, text, uuid) from public;

-- As 20261202100000_request_keys.sql, with the staff member: part of the request (a replay naming another one is
-- another request: idempotency_conflict), one of the hotel's live links (staff_link_not_found otherwise).
drop function public.record_partner_transaction(text, uuid, bigint, text, text);
create function public.record_partner_transaction(
  p_customer_id text, p_activity_id uuid, p_amount_minor bigint, p_currency text, p_idempotency_key text,
  p_staff_link_id uuid default null
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_currency text;
  v_scope text;
  v_request jsonb;
  v_key private.request_keys;
  v_tx public.partner_transactions;
begin
  perform private.require_manager(p_customer_id);
  v_currency := private.check_sale(p_amount_minor, p_currency, p_idempotency_key);
  if p_staff_link_id is not null and not exists (
    select 1 from public.staff_links l
    where l.id = p_staff_link_id and l.customer_id = p_customer_id and l.revoked_at is null
  ) then
    raise exception 'Staff link not found' using errcode = 'P0001', detail = 'staff_link_not_found';
  end if;
  v_scope := coalesce('user:' || auth.uid()::text, 'service');
  v_request := jsonb_build_object('op', 'record_partner_transaction', 'customer_id', p_customer_id,
                                  'activity_id', p_activity_id, 'amount_minor', p_amount_minor, 'currency', v_currency);
  if p_staff_link_id is not null then
    v_request := v_request || jsonb_build_object('staff_link_id', p_staff_link_id);
  end if;
  v_key := private.claim_request_key(v_scope, p_idempotency_key, v_request);
  if v_key.transaction_id is not null then
    select * into v_tx from public.partner_transactions t where t.id = v_key.transaction_id;
    return private.transaction_result(v_tx);
  end if;
  v_tx := private.insert_partner_transaction(p_customer_id, p_activity_id, null, p_amount_minor, v_currency,
    p_idempotency_key, auth.uid(), p_staff_link_id);
  perform private.keep_request_key(v_scope, p_idempotency_key, v_request, v_tx.id, null, null);
  return private.transaction_result(v_tx);
end;
$$;
revoke all on function public.record_partner_transaction(text, uuid, bigint, text, text, uuid) from public, anon, authenticated;
grant execute on function public.record_partner_transaction(text, uuid, bigint, text, text, uuid) to authenticated;

-- ─── the figures ────────────────────────────────────────────────────────────────
-- Per link of the hotel (revoked ones included), for whole UTC days [p_from, p_to), the overview's rules restricted
-- to the link's rows: guests = attributions first seen in the period; plays = reward_plays.played_at; redemptions =
-- vouchers.redeemed_at (the redemption's transaction carries the link); commission = the hotel's share
-- (hotel_share_minor) of confirmed transactions by created_at, per currency. Summed over the links, each figure is
-- the overview's figure over the attributed rows (supabase/tests/security/staff-links.test.ts, the property test).
create function public.staff_link_figures(p_customer_id text, p_from date, p_to date)
returns table (
  staff_link_id uuid, name text, code text, created_at timestamptz, revoked_at timestamptz,
  guests bigint, plays bigint, redemptions bigint, commission jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_from timestamptz := p_from::timestamp at time zone 'UTC';
  v_to timestamptz := p_to::timestamp at time zone 'UTC';
begin
  perform private.require_manager(p_customer_id);
  if p_from is null or p_to is null or p_to <= p_from or p_to - p_from > 3660 then
    raise exception 'The period is 1 day to 10 years' using errcode = 'P0001', detail = 'invalid_period';
  end if;
  return query
  select l.id, l.name, l.code, l.created_at, l.revoked_at,
    (select count(*) from private.staff_attributions a
     where a.staff_link_id = l.id and a.customer_id = p_customer_id and a.first_seen_at >= v_from and a.first_seen_at < v_to),
    (select count(*) from public.reward_plays p
     where p.staff_link_id = l.id and p.customer_id = p_customer_id and p.played_at >= v_from and p.played_at < v_to),
    (select count(*) from public.partner_transactions t join public.vouchers v on v.id = t.voucher_id
     where t.staff_link_id = l.id and t.customer_id = p_customer_id
       and v.redeemed_at >= v_from and v.redeemed_at < v_to),
    (select coalesce(jsonb_object_agg(x.currency, x.n), '{}'::jsonb) from (
       select t.currency::text as currency, sum(t.hotel_share_minor)::bigint as n from public.partner_transactions t
       where t.staff_link_id = l.id and t.customer_id = p_customer_id and t.status = 'confirmed'
         and t.created_at >= v_from and t.created_at < v_to
       group by t.currency) x)
  from public.staff_links l
  where l.customer_id = p_customer_id
  order by l.revoked_at is not null, l.created_at, l.id;
end;
$$;
revoke all on function public.staff_link_figures(text, date, date) from public, anon, authenticated;
grant execute on function public.staff_link_figures(text, date, date) to authenticated;

revoke execute on all functions in schema private from public;
