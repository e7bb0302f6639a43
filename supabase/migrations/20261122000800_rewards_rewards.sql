-- Rewards and partner commission: campaigns (scratch card, fortune wheel) with weighted prizes drawn
-- in the database, plays, a points ledger, vouchers redeemed at partners with a PIN, partner
-- transactions with the commission split computed (and checked) in the database, monthly statements.
-- Clients never write these tables: every change goes through the security-definer RPCs below.
--
-- Rounding rule (all amounts in the currency's minor unit, bigint, never negative):
--   commission   = round(amount × commission_rate)          (half-up; numeric round())
--   platform_fee = round(commission × 0.20)                  (half-up)
--   hotel_share  = commission − platform_fee
--   reinvestment = round(hotel_share × reinvestment_pct / 100) (half-up)
--   net_to_hotel = hotel_share − reinvestment
-- so hotel_share + platform_fee = commission and reinvestment + net_to_hotel = hotel_share exactly.

-- ─── types ──────────────────────────────────────────────────────────────────────
create type public.reward_campaign_kind as enum ('scratch_card', 'fortune_wheel');
create type public.reward_prize_kind as enum ('points', 'voucher', 'nothing');

-- ─── reward_campaigns ───────────────────────────────────────────────────────────
create table public.reward_campaigns (
  id uuid primary key default gen_random_uuid(),
  customer_id text not null references public.customers (id) on delete cascade,
  kind public.reward_campaign_kind not null,
  title jsonb,
  active boolean not null default true,
  daily_limit integer not null default 1,
  starts_at timestamptz,
  ends_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint reward_campaigns_daily_limit check (daily_limit between 1 and 1000),
  constraint reward_campaigns_scratch_card_once check (kind <> 'scratch_card' or daily_limit = 1),
  constraint reward_campaigns_window check (starts_at is null or ends_at is null or starts_at < ends_at),
  constraint reward_campaigns_title_i18n check (title is null or private.is_i18n_text(title, 120))
);
comment on table public.reward_campaigns is 'A hotel''s scratch card or fortune wheel. daily_limit = plays per guest per UTC day (scratch card: 1).';
create index reward_campaigns_customer_id_idx on public.reward_campaigns (customer_id);
create index reward_campaigns_active_idx on public.reward_campaigns (active);

-- ─── reward_prizes ──────────────────────────────────────────────────────────────
create table public.reward_prizes (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references public.reward_campaigns (id) on delete cascade,
  kind public.reward_prize_kind not null,
  label jsonb not null,
  points integer,
  activity_id uuid references public.activities (id) on delete cascade,
  discount_pct integer,
  discount_text jsonb,
  valid_days integer not null default 30,
  weight integer not null default 1,
  stock integer,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint reward_prizes_label_i18n check (private.is_i18n_text(label, 120, true)),
  constraint reward_prizes_weight check (weight between 0 and 1000000),
  constraint reward_prizes_stock check (stock is null or stock >= 0),
  constraint reward_prizes_valid_days check (valid_days between 1 and 365),
  constraint reward_prizes_points check ((kind = 'points') = (points is not null) and (points is null or points between 1 and 100000)),
  constraint reward_prizes_voucher check (
    (kind = 'voucher') = (activity_id is not null)
    and (kind = 'voucher' or (discount_pct is null and discount_text is null))
    and (kind <> 'voucher' or discount_pct is not null or discount_text is not null)
  ),
  constraint reward_prizes_discount_pct check (discount_pct is null or discount_pct between 1 and 100),
  constraint reward_prizes_discount_text_i18n check (discount_text is null or private.is_i18n_text(discount_text, 200))
);
comment on table public.reward_prizes is 'Prizes of a campaign. Clients read labels and voucher details only (column grants); weight and stock via list_reward_prizes().';
create index reward_prizes_campaign_id_idx on public.reward_prizes (campaign_id);
create index reward_prizes_activity_id_idx on public.reward_prizes (activity_id);

-- A voucher prize names a partner activity of the campaign's own customer.
create function private.check_reward_prize()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.activity_id is not null and not exists (
    select 1 from public.activities a join public.reward_campaigns c on c.customer_id = a.customer_id
    where a.id = new.activity_id and c.id = new.campaign_id and a.is_partner
  ) then
    raise exception 'A voucher must name a partner of the same customer'
      using errcode = 'P0001', detail = 'invalid_partner';
  end if;
  return new;
end;
$$;
revoke all on function private.check_reward_prize() from public;
create trigger reward_prizes_check
  before insert or update of activity_id, campaign_id on public.reward_prizes
  for each row execute function private.check_reward_prize();

-- ─── reward_plays ───────────────────────────────────────────────────────────────
create table public.reward_plays (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  campaign_id uuid not null references public.reward_campaigns (id) on delete cascade,
  customer_id text not null references public.customers (id) on delete cascade,
  prize_id uuid references public.reward_prizes (id) on delete set null,
  prize_kind public.reward_prize_kind not null,
  label jsonb not null,
  points integer,
  play_day date not null,
  slot integer not null,
  idempotency_key text not null,
  played_at timestamptz not null default now(),
  constraint reward_plays_slot check (slot >= 1),
  constraint reward_plays_idempotency_key check (char_length(idempotency_key) between 1 and 200),
  constraint reward_plays_user_key_unique unique (user_id, idempotency_key),
  constraint reward_plays_user_slot_unique unique (user_id, campaign_id, play_day, slot)
);
comment on table public.reward_plays is 'One row per play; (user, campaign, UTC day, slot) unique so the daily limit holds under concurrency.';
create index reward_plays_campaign_id_idx on public.reward_plays (campaign_id);
create index reward_plays_customer_id_idx on public.reward_plays (customer_id);
create index reward_plays_prize_id_idx on public.reward_plays (prize_id);

-- ─── points_ledger ──────────────────────────────────────────────────────────────
create table public.points_ledger (
  id bigint generated always as identity primary key,
  user_id uuid not null references public.profiles (id) on delete cascade,
  customer_id text not null references public.customers (id) on delete cascade,
  delta integer not null,
  reason text not null,
  play_id uuid unique references public.reward_plays (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint points_ledger_delta check (delta <> 0),
  constraint points_ledger_reason check (reason in ('play', 'adjustment'))
);
create index points_ledger_user_id_customer_id_idx on public.points_ledger (user_id, customer_id);
create index points_ledger_customer_id_idx on public.points_ledger (customer_id);

create view public.points_balances with (security_invoker = true) as
  select l.user_id, l.customer_id, sum(l.delta)::bigint as balance, max(l.created_at) as updated_at
  from public.points_ledger l
  group by l.user_id, l.customer_id;

-- ─── vouchers ───────────────────────────────────────────────────────────────────
create table public.vouchers (
  id uuid primary key default gen_random_uuid(),
  code text not null unique,
  user_id uuid not null references public.profiles (id) on delete cascade,
  customer_id text not null references public.customers (id) on delete cascade,
  activity_id uuid not null references public.activities (id) on delete cascade,
  play_id uuid unique references public.reward_plays (id) on delete set null,
  discount_pct integer,
  discount_text jsonb,
  issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  redeemed_at timestamptz,
  constraint vouchers_code_format check (code ~ '^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{10}$'),
  constraint vouchers_expiry check (expires_at > issued_at),
  constraint vouchers_redeemed check (redeemed_at is null or redeemed_at >= issued_at)
);
create index vouchers_user_id_idx on public.vouchers (user_id);
create index vouchers_customer_id_idx on public.vouchers (customer_id);
create index vouchers_activity_id_idx on public.vouchers (activity_id);

-- ─── partner_transactions ───────────────────────────────────────────────────────
create table public.partner_transactions (
  id uuid primary key default gen_random_uuid(),
  customer_id text not null references public.customers (id) on delete restrict,
  activity_id uuid not null references public.activities (id) on delete restrict,
  voucher_id uuid unique references public.vouchers (id) on delete restrict,
  amount_minor bigint not null,
  currency char(3) not null,
  commission_rate numeric(4, 3) not null,
  reinvestment_pct numeric(5, 2) not null,
  commission_minor bigint not null,
  hotel_share_minor bigint not null,
  platform_fee_minor bigint not null,
  reinvestment_minor bigint not null,
  net_to_hotel_minor bigint not null,
  created_by uuid references public.profiles (id) on delete set null,
  idempotency_key text not null unique,
  created_at timestamptz not null default now(),
  constraint partner_transactions_amount check (amount_minor > 0),
  constraint partner_transactions_currency check (currency ~ '^[A-Z]{3}$'),
  constraint partner_transactions_rate check (commission_rate between 0 and 0.5),
  constraint partner_transactions_pct check (reinvestment_pct between 0 and 100),
  constraint partner_transactions_nonnegative check (
    commission_minor >= 0 and hotel_share_minor >= 0 and platform_fee_minor >= 0
    and reinvestment_minor >= 0 and net_to_hotel_minor >= 0),
  constraint partner_transactions_commission check (commission_minor = round(amount_minor * commission_rate)),
  constraint partner_transactions_platform_fee check (platform_fee_minor = round(commission_minor * 0.20)),
  constraint partner_transactions_split_adds_up check (hotel_share_minor + platform_fee_minor = commission_minor),
  constraint partner_transactions_reinvestment check (reinvestment_minor = round(hotel_share_minor * reinvestment_pct / 100)),
  constraint partner_transactions_hotel_share_adds_up check (reinvestment_minor + net_to_hotel_minor = hotel_share_minor),
  constraint partner_transactions_idempotency_key check (char_length(idempotency_key) between 1 and 200)
);
comment on table public.partner_transactions is 'Guest spend at a partner, attributed to the guest''s hotel; the split is computed in the database (see rounding rule in the migration).';
create index partner_transactions_customer_id_created_at_idx on public.partner_transactions (customer_id, created_at);
create index partner_transactions_activity_id_idx on public.partner_transactions (activity_id);
create index partner_transactions_created_by_idx on public.partner_transactions (created_by);

-- ─── partner_pins (never readable by clients) ───────────────────────────────────
create table public.partner_pins (
  activity_id uuid primary key references public.activities (id) on delete cascade,
  pin_hash text not null,
  updated_by uuid references public.profiles (id) on delete set null,
  updated_at timestamptz not null default now()
);
comment on table public.partner_pins is 'bcrypt hash of the PIN partner staff type to redeem vouchers. No client access at all.';
create index partner_pins_updated_by_idx on public.partner_pins (updated_by);

-- Wrong PIN attempts (rate limit: 5 per activity per 15 minutes). Not exposed.
create table private.partner_pin_failures (
  id bigint generated always as identity primary key,
  activity_id uuid not null,
  created_at timestamptz not null default now()
);
create index partner_pin_failures_activity_id_created_at_idx on private.partner_pin_failures (activity_id, created_at);

-- ─── grants and policies ────────────────────────────────────────────────────────
alter table public.reward_campaigns enable row level security;
alter table public.reward_prizes enable row level security;
alter table public.reward_plays enable row level security;
alter table public.points_ledger enable row level security;
alter table public.vouchers enable row level security;
alter table public.partner_transactions enable row level security;
alter table public.partner_pins enable row level security;

revoke all on table public.reward_campaigns, public.reward_prizes, public.reward_plays, public.points_ledger,
  public.points_balances, public.vouchers, public.partner_transactions, public.partner_pins from anon, authenticated;
revoke all on table private.partner_pin_failures from public, anon, authenticated;

grant select on table public.reward_campaigns to anon, authenticated;
grant select (id, campaign_id, kind, label, points, activity_id, discount_pct, discount_text, valid_days, sort_order)
  on table public.reward_prizes to anon, authenticated;
grant select on table public.reward_plays, public.points_ledger, public.points_balances, public.vouchers,
  public.partner_transactions to authenticated;

-- Active = flag on and inside the optional window.
create function private.reward_campaign_is_live(p_campaign_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.reward_campaigns c
    where c.id = p_campaign_id and c.active
      and (c.starts_at is null or c.starts_at <= now())
      and (c.ends_at is null or now() < c.ends_at)
  )
$$;
revoke all on function private.reward_campaign_is_live(uuid) from public;
grant execute on function private.reward_campaign_is_live(uuid) to anon, authenticated, service_role;

create policy "Anyone can read active campaigns of public hotels"
  on public.reward_campaigns for select to anon, authenticated
  using (active and exists (select 1 from public.customers c where c.id = customer_id and c.is_public));
create policy "Moderators and admins can read their customers' campaigns"
  on public.reward_campaigns for select to authenticated
  using ((select private.is_admin()) or customer_id in (select private.moderated_customer_ids()));

create policy "Anyone can read prizes of active campaigns of public hotels"
  on public.reward_prizes for select to anon, authenticated
  using (exists (select 1 from public.reward_campaigns c join public.customers cu on cu.id = c.customer_id
                 where c.id = campaign_id and c.active and cu.is_public));
create policy "Moderators and admins can read their customers' prizes"
  on public.reward_prizes for select to authenticated
  using ((select private.is_admin())
         or exists (select 1 from public.reward_campaigns c
                    where c.id = campaign_id and c.customer_id in (select private.moderated_customer_ids())));

create policy "Users can read their own plays; moderators and admins their customers'"
  on public.reward_plays for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin())
         or customer_id in (select private.moderated_customer_ids()));

create policy "Users can read their own points; moderators and admins their customers'"
  on public.points_ledger for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin())
         or customer_id in (select private.moderated_customer_ids()));

create policy "Users can read their own vouchers; moderators and admins their customers'"
  on public.vouchers for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin())
         or customer_id in (select private.moderated_customer_ids()));

create policy "Moderators and admins can read their customers' partner transactions"
  on public.partner_transactions for select to authenticated
  using ((select private.is_admin()) or customer_id in (select private.moderated_customer_ids()));

-- ─── helpers ────────────────────────────────────────────────────────────────────
create function private.require_manager(p_customer_id text)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Sign in first' using errcode = '42501', detail = 'not_authenticated';
  end if;
  if not private.can_manage_customer(p_customer_id) then
    raise exception 'Only moderators of this customer can do this' using errcode = '42501', detail = 'not_moderator';
  end if;
end;
$$;
revoke all on function private.require_manager(text) from public;

-- 10 characters from a 32-letter alphabet without 0/O/1/I (50 random bits from pgcrypto).
create function private.new_voucher_code()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  v_bytes bytea := extensions.gen_random_bytes(10);
  v_code text := '';
begin
  for i in 0..9 loop
    v_code := v_code || substr(v_alphabet, (get_byte(v_bytes, i) % 32) + 1, 1);
  end loop;
  return v_code;
end;
$$;
revoke all on function private.new_voucher_code() from public;

create function private.play_outcome(p_play_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'play_id', p.id, 'campaign_id', p.campaign_id, 'prize_id', p.prize_id, 'prize_kind', p.prize_kind,
    'label', p.label, 'points', p.points, 'voucher_code', v.code, 'voucher_expires_at', v.expires_at,
    'discount_pct', v.discount_pct, 'discount_text', v.discount_text, 'activity_id', v.activity_id,
    'played_at', p.played_at)
  from public.reward_plays p left join public.vouchers v on v.play_id = p.id
  where p.id = p_play_id
$$;
revoke all on function private.play_outcome(uuid) from public;

-- The split, computed once here (see the rounding rule at the top).
create function private.insert_partner_transaction(
  p_customer_id text, p_activity_id uuid, p_voucher_id uuid, p_amount_minor bigint, p_currency text,
  p_idempotency_key text, p_created_by uuid
)
returns public.partner_transactions
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_rate numeric;
  v_pct numeric;
  v_commission bigint;
  v_fee bigint;
  v_share bigint;
  v_reinvest bigint;
  v_row public.partner_transactions;
begin
  if p_amount_minor is null or p_amount_minor <= 0 or p_amount_minor > 1000000000000 then
    raise exception 'The amount must be positive' using errcode = 'P0001', detail = 'invalid_amount';
  end if;
  if p_currency is null or p_currency !~ '^[A-Z]{3}$' then
    raise exception 'Currency must be an ISO 4217 code' using errcode = 'P0001', detail = 'invalid_currency';
  end if;
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 1 and 200 then
    raise exception 'An idempotency key is required' using errcode = 'P0001', detail = 'invalid_key';
  end if;
  select coalesce(a.commission_rate, 0) into v_rate
  from public.activities a where a.id = p_activity_id and a.customer_id = p_customer_id and a.is_partner;
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
    created_by, idempotency_key)
  values (p_customer_id, p_activity_id, p_voucher_id, p_amount_minor, p_currency, v_rate, v_pct, v_commission, v_share,
    v_fee, v_reinvest, v_share - v_reinvest, p_created_by, p_idempotency_key)
  returning * into v_row;
  return v_row;
end;
$$;
revoke all on function private.insert_partner_transaction(text, uuid, uuid, bigint, text, text, uuid) from public;

-- ─── play_reward ────────────────────────────────────────────────────────────────
create function public.play_reward(p_campaign_id uuid, p_idempotency_key text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_uid uuid := auth.uid();
  v_campaign public.reward_campaigns;
  v_day date := (now() at time zone 'utc')::date;
  v_existing public.reward_plays;
  v_count integer;
  v_prize public.reward_prizes;
  v_total bigint;
  v_pick numeric;
  v_play_id uuid;
  v_code text;
begin
  if v_uid is null then
    raise exception 'Sign in first' using errcode = '42501', detail = 'not_authenticated';
  end if;
  if not private.is_active_user() then
    raise exception 'This account is disabled' using errcode = '42501', detail = 'user_disabled';
  end if;
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 1 and 200 then
    raise exception 'An idempotency key is required' using errcode = 'P0001', detail = 'invalid_key';
  end if;

  -- One play at a time per user: the replay check and the daily count below see every committed play.
  perform pg_advisory_xact_lock(hashtextextended('reward_play:' || v_uid::text, 0));

  select * into v_existing from public.reward_plays p where p.user_id = v_uid and p.idempotency_key = p_idempotency_key;
  if found then
    if v_existing.campaign_id <> p_campaign_id then
      raise exception 'This key was used for another play' using errcode = 'P0001', detail = 'idempotency_conflict';
    end if;
    return private.play_outcome(v_existing.id);
  end if;

  select * into v_campaign from public.reward_campaigns c where c.id = p_campaign_id;
  if not found or not private.reward_campaign_is_live(p_campaign_id) then
    raise exception 'This game is not available' using errcode = 'P0001', detail = 'campaign_inactive';
  end if;

  select count(*) into v_count from public.reward_plays p
  where p.user_id = v_uid and p.campaign_id = p_campaign_id and p.play_day = v_day;
  if v_count >= v_campaign.daily_limit then
    raise exception 'No more plays today' using errcode = 'P0001', detail = 'daily_limit';
  end if;

  -- Weighted draw over prizes in stock; the stock update re-checks so a concurrent draw of the
  -- last item makes us draw again.
  loop
    select sum(p.weight) into v_total from public.reward_prizes p
    where p.campaign_id = p_campaign_id and p.weight > 0 and (p.stock is null or p.stock > 0);
    if coalesce(v_total, 0) = 0 then
      raise exception 'No prizes left' using errcode = 'P0001', detail = 'no_prizes';
    end if;
    v_pick := floor(random() * v_total);
    select * into v_prize from (
      select p.*, sum(p.weight) over (order by p.sort_order, p.id) as cum
      from public.reward_prizes p
      where p.campaign_id = p_campaign_id and p.weight > 0 and (p.stock is null or p.stock > 0)
    ) x
    where x.cum > v_pick
    order by x.cum
    limit 1;
    exit when v_prize.stock is null;
    update public.reward_prizes p set stock = p.stock - 1 where p.id = v_prize.id and p.stock > 0;
    exit when found;
  end loop;

  insert into public.reward_plays (user_id, campaign_id, customer_id, prize_id, prize_kind, label, points, play_day, slot, idempotency_key)
  values (v_uid, p_campaign_id, v_campaign.customer_id, v_prize.id, v_prize.kind, v_prize.label, v_prize.points, v_day,
          v_count + 1, p_idempotency_key)
  returning id into v_play_id;

  if v_prize.kind = 'points' then
    insert into public.points_ledger (user_id, customer_id, delta, reason, play_id)
    values (v_uid, v_campaign.customer_id, v_prize.points, 'play', v_play_id);
  elsif v_prize.kind = 'voucher' then
    loop
      v_code := private.new_voucher_code();
      exit when not exists (select 1 from public.vouchers v where v.code = v_code);
    end loop;
    insert into public.vouchers (code, user_id, customer_id, activity_id, play_id, discount_pct, discount_text, expires_at)
    values (v_code, v_uid, v_campaign.customer_id, v_prize.activity_id, v_play_id, v_prize.discount_pct,
            v_prize.discount_text, now() + make_interval(days => v_prize.valid_days));
  end if;

  return private.play_outcome(v_play_id);
end;
$$;
revoke all on function public.play_reward(uuid, text) from public, anon, authenticated;
grant execute on function public.play_reward(uuid, text) to anon, authenticated, service_role;

-- ─── redeem_voucher (partner staff: no account, the PIN authenticates) ──────────
create function private.transaction_result(p_tx public.partner_transactions)
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
    'net_to_hotel_minor', p_tx.net_to_hotel_minor, 'created_at', p_tx.created_at)
$$;
revoke all on function private.transaction_result(public.partner_transactions) from public;

create function public.redeem_voucher(
  p_code text, p_pin text, p_amount_minor bigint, p_currency text, p_idempotency_key text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_voucher public.vouchers;
  v_hash text;
  v_tx public.partner_transactions;
  v_failures integer;
begin
  select * into v_voucher from public.vouchers v where v.code = upper(btrim(coalesce(p_code, '')));
  if not found then
    raise exception 'Unknown voucher code' using errcode = 'P0001', detail = 'voucher_not_found';
  end if;

  select count(*) into v_failures from private.partner_pin_failures f
  where f.activity_id = v_voucher.activity_id and f.created_at > now() - interval '15 minutes';
  if v_failures >= 5 then
    raise exception 'Too many wrong PINs. Try again in 15 minutes.' using errcode = 'P0001', detail = 'pin_locked';
  end if;
  select p.pin_hash into v_hash from public.partner_pins p where p.activity_id = v_voucher.activity_id;
  if v_hash is null then
    raise exception 'This partner has no PIN yet' using errcode = 'P0001', detail = 'pin_not_set';
  end if;
  if p_pin is null or extensions.crypt(p_pin, v_hash) <> v_hash then
    -- Returned, not raised: the failed attempt must be kept for the rate limit.
    insert into private.partner_pin_failures (activity_id) values (v_voucher.activity_id);
    return jsonb_build_object('ok', false, 'details', 'wrong_pin', 'attempts_left', greatest(0, 4 - v_failures));
  end if;

  -- Serialise redemptions of this voucher so a retry and a second key cannot race.
  perform pg_advisory_xact_lock(hashtextextended('voucher:' || v_voucher.id::text, 0));
  select * into v_tx from public.partner_transactions t where t.idempotency_key = p_idempotency_key;
  if found then
    if v_tx.voucher_id is distinct from v_voucher.id then
      raise exception 'This key was used for another transaction' using errcode = 'P0001', detail = 'idempotency_conflict';
    end if;
    return private.transaction_result(v_tx);
  end if;

  update public.vouchers v set redeemed_at = now()
  where v.id = v_voucher.id and v.redeemed_at is null and v.expires_at > now();
  if not found then
    if v_voucher.expires_at <= now() then
      raise exception 'This voucher has expired' using errcode = 'P0001', detail = 'voucher_expired';
    end if;
    raise exception 'This voucher was already used' using errcode = 'P0001', detail = 'voucher_used';
  end if;

  v_tx := private.insert_partner_transaction(v_voucher.customer_id, v_voucher.activity_id, v_voucher.id, p_amount_minor,
    p_currency, p_idempotency_key, null);
  return private.transaction_result(v_tx);
end;
$$;
revoke all on function public.redeem_voucher(text, text, bigint, text, text) from public, anon, authenticated;
grant execute on function public.redeem_voucher(text, text, bigint, text, text) to anon, authenticated, service_role;

-- ─── record_partner_transaction (moderators/admins) ─────────────────────────────
create function public.record_partner_transaction(
  p_customer_id text, p_activity_id uuid, p_amount_minor bigint, p_currency text, p_idempotency_key text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_tx public.partner_transactions;
begin
  perform private.require_manager(p_customer_id);
  perform pg_advisory_xact_lock(hashtextextended('partner_tx:' || coalesce(p_idempotency_key, ''), 0));
  select * into v_tx from public.partner_transactions t where t.idempotency_key = p_idempotency_key;
  if found then
    if v_tx.customer_id <> p_customer_id or v_tx.activity_id <> p_activity_id or v_tx.voucher_id is not null then
      raise exception 'This key was used for another transaction' using errcode = 'P0001', detail = 'idempotency_conflict';
    end if;
    return private.transaction_result(v_tx);
  end if;
  v_tx := private.insert_partner_transaction(p_customer_id, p_activity_id, null, p_amount_minor, p_currency,
    p_idempotency_key, auth.uid());
  return private.transaction_result(v_tx);
end;
$$;
revoke all on function public.record_partner_transaction(text, uuid, bigint, text, text) from public, anon, authenticated;
grant execute on function public.record_partner_transaction(text, uuid, bigint, text, text) to authenticated, service_role;

-- ─── monthly_statement ──────────────────────────────────────────────────────────
create function public.monthly_statement(p_customer_id text, p_month date)
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
  v_from timestamptz := (date_trunc('month', p_month)::date)::timestamp at time zone 'utc';
  v_to timestamptz := ((date_trunc('month', p_month) + interval '1 month')::date)::timestamp at time zone 'utc';
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
    where t.customer_id = p_customer_id and t.created_at >= v_from and t.created_at < v_to
    group by t.activity_id, a.title, t.currency
    order by a.title ->> 'en', t.currency;
end;
$$;
revoke all on function public.monthly_statement(text, date) from public, anon, authenticated;
grant execute on function public.monthly_statement(text, date) to authenticated, service_role;

-- ─── set_partner_pin ────────────────────────────────────────────────────────────
create function public.set_partner_pin(p_activity_id uuid, p_pin text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer text;
begin
  select a.customer_id into v_customer from public.activities a where a.id = p_activity_id;
  perform private.require_manager(coalesce(v_customer, ''));
  if not exists (select 1 from public.activities a where a.id = p_activity_id and a.is_partner) then
    raise exception 'Only partners have a PIN' using errcode = 'P0001', detail = 'not_partner';
  end if;
  if p_pin is null or p_pin !~ '^[0-9]{4,8}$' then
    raise exception 'The PIN must be 4 to 8 digits' using errcode = 'P0001', detail = 'invalid_pin';
  end if;
  insert into public.partner_pins (activity_id, pin_hash, updated_by, updated_at)
  values (p_activity_id, extensions.crypt(p_pin, extensions.gen_salt('bf', 8)), auth.uid(), now())
  on conflict (activity_id) do update
    set pin_hash = excluded.pin_hash, updated_by = excluded.updated_by, updated_at = excluded.updated_at;
  delete from private.partner_pin_failures f where f.activity_id = p_activity_id;
end;
$$;
revoke all on function public.set_partner_pin(uuid, text) from public, anon, authenticated;
grant execute on function public.set_partner_pin(uuid, text) to authenticated, service_role;

-- ─── campaign and prize management (moderators/admins) ──────────────────────────
create function public.upsert_reward_campaign(
  p_id uuid,
  p_customer_id text,
  p_kind text,
  p_title jsonb default null,
  p_active boolean default true,
  p_daily_limit integer default 1,
  p_starts_at timestamptz default null,
  p_ends_at timestamptz default null
)
returns public.reward_campaigns
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row public.reward_campaigns;
begin
  perform private.require_manager(p_customer_id);
  if p_kind is null or p_kind not in ('scratch_card', 'fortune_wheel') then
    raise exception 'Unknown game' using errcode = 'P0001', detail = 'invalid_kind';
  end if;
  if not exists (select 1 from public.customers c where c.id = p_customer_id and c.kind = 'hotel') then
    raise exception 'Rewards are for hotels' using errcode = 'P0001', detail = 'not_hotel';
  end if;
  if p_daily_limit is null or p_daily_limit not between 1 and 1000 or (p_kind = 'scratch_card' and p_daily_limit <> 1) then
    raise exception 'Invalid daily limit' using errcode = 'P0001', detail = 'invalid_daily_limit';
  end if;
  if p_id is null then
    insert into public.reward_campaigns (customer_id, kind, title, active, daily_limit, starts_at, ends_at)
    values (p_customer_id, p_kind::public.reward_campaign_kind, p_title, coalesce(p_active, true), p_daily_limit, p_starts_at, p_ends_at)
    returning * into v_row;
  else
    update public.reward_campaigns c
    set kind = p_kind::public.reward_campaign_kind, title = p_title, active = coalesce(p_active, true),
        daily_limit = p_daily_limit, starts_at = p_starts_at, ends_at = p_ends_at, updated_at = now()
    where c.id = p_id and c.customer_id = p_customer_id
    returning * into v_row;
    if not found then
      raise exception 'Campaign not found' using errcode = 'P0001', detail = 'campaign_not_found';
    end if;
  end if;
  return v_row;
end;
$$;
revoke all on function public.upsert_reward_campaign(uuid, text, text, jsonb, boolean, integer, timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function public.upsert_reward_campaign(uuid, text, text, jsonb, boolean, integer, timestamptz, timestamptz) to authenticated, service_role;

create function public.upsert_reward_prize(
  p_id uuid,
  p_campaign_id uuid,
  p_kind text,
  p_label jsonb,
  p_weight integer,
  p_stock integer default null,
  p_points integer default null,
  p_activity_id uuid default null,
  p_discount_pct integer default null,
  p_discount_text jsonb default null,
  p_valid_days integer default 30,
  p_sort_order integer default 0
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer text;
  v_row public.reward_prizes;
begin
  select c.customer_id into v_customer from public.reward_campaigns c where c.id = p_campaign_id;
  perform private.require_manager(coalesce(v_customer, ''));
  if p_kind is null or p_kind not in ('points', 'voucher', 'nothing') then
    raise exception 'Unknown prize kind' using errcode = 'P0001', detail = 'invalid_kind';
  end if;
  begin
    if p_id is null then
      insert into public.reward_prizes (campaign_id, kind, label, points, activity_id, discount_pct, discount_text, valid_days, weight, stock, sort_order)
      values (p_campaign_id, p_kind::public.reward_prize_kind, p_label, p_points, p_activity_id, p_discount_pct, p_discount_text,
              coalesce(p_valid_days, 30), p_weight, p_stock, coalesce(p_sort_order, 0))
      returning * into v_row;
    else
      update public.reward_prizes p
      set kind = p_kind::public.reward_prize_kind, label = p_label, points = p_points, activity_id = p_activity_id,
          discount_pct = p_discount_pct, discount_text = p_discount_text, valid_days = coalesce(p_valid_days, 30),
          weight = p_weight, stock = p_stock, sort_order = coalesce(p_sort_order, 0), updated_at = now()
      where p.id = p_id and p.campaign_id = p_campaign_id
      returning * into v_row;
      if not found then
        raise exception 'Prize not found' using errcode = 'P0001', detail = 'prize_not_found';
      end if;
    end if;
  exception
    when check_violation or not_null_violation then
      raise exception 'Invalid prize: %', sqlerrm using errcode = 'P0001', detail = 'invalid_prize';
  end;
  return to_jsonb(v_row);
end;
$$;
revoke all on function public.upsert_reward_prize(uuid, uuid, text, jsonb, integer, integer, integer, uuid, integer, jsonb, integer, integer) from public, anon, authenticated;
grant execute on function public.upsert_reward_prize(uuid, uuid, text, jsonb, integer, integer, integer, uuid, integer, jsonb, integer, integer) to authenticated, service_role;

-- Full prize rows (weight, stock) for the campaign's moderators and admins.
create function public.list_reward_prizes(p_campaign_id uuid)
returns setof public.reward_prizes
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_customer text;
begin
  select c.customer_id into v_customer from public.reward_campaigns c where c.id = p_campaign_id;
  perform private.require_manager(coalesce(v_customer, ''));
  return query select * from public.reward_prizes p where p.campaign_id = p_campaign_id order by p.sort_order, p.id;
end;
$$;
revoke all on function public.list_reward_prizes(uuid) from public, anon, authenticated;
grant execute on function public.list_reward_prizes(uuid) to authenticated, service_role;

revoke execute on all functions in schema private from public;
