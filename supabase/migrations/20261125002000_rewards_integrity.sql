-- Rewards integrity (issue 27, items 6 and 7): rewards that cannot be farmed, and a partner PIN that
-- cannot be guessed.
--
-- Plays
--   * A campaign of a hotel whose map is not public cannot be played (campaign_inactive, as for a
--     campaign that is switched off).
--   * A day is the hotel's day: customers.time_zone (IANA name, default Asia/Ho_Chi_Minh); play_day is
--     the hotel's local date, so the daily limit resets at the hotel's midnight.
--   * Voucher prizes (real money at a partner) are drawn only for a confirmed, non-anonymous identity
--     (auth.users: is_anonymous false and a confirmed e-mail or phone). Anonymous or unconfirmed players
--     still play and draw among the other prizes (points, "nothing"); points stay on that identity and
--     are never merged, so creating identities multiplies nothing.
--   * At most 10 vouchers per network source per hotel per hotel day (source = the gateway's client
--     address as private.request_network() of migration …1100 reads it: cf-connecting-ip, else
--     x-real-ip; IPv6 grouped by /64; stored only as its salted hash), counted under an advisory lock.
--     Past it vouchers leave the draw for that source (the play itself still happens). 10 because every
--     guest of a hotel may share the hotel's Wi-Fi address; calls without a gateway (no request.headers,
--     e.g. the service role or SQL) are not counted per source.
--
-- Redemption
--   * The voucher's state (unknown, used, expired) is checked before the PIN and answers the same
--     whatever PIN is typed; no PIN is evaluated or counted for such a code.
--   * Wrong PINs are counted per voucher (5 in 15 minutes lock that voucher) and per partner (20 in 15
--     minutes lock the partner's redemptions) while holding the partner's advisory lock and the voucher's
--     row lock, so concurrent guesses cannot pass the limits.
--   * PINs are 6 to 12 digits. Existing PINs (4 digits allowed before) are removed: each partner's
--     moderator sets a new one (until then: pin_not_set).

-- ─── the hotel's time zone ──────────────────────────────────────────────────────
create function private.is_time_zone(p_name text)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_name is null or char_length(p_name) not between 1 and 64 then
    return false;
  end if;
  perform now() at time zone p_name;
  return true;
exception when others then
  return false;
end;
$$;
revoke all on function private.is_time_zone(text) from public;
grant execute on function private.is_time_zone(text) to anon, authenticated, service_role;

alter table public.customers
  add column time_zone text not null default 'Asia/Ho_Chi_Minh'
  constraint customers_time_zone check (private.is_time_zone(time_zone));
comment on column public.customers.time_zone is 'IANA time zone of the hotel: its rewards day starts at its local midnight.';
grant update (time_zone) on table public.customers to authenticated;

-- The hotel's current local date.
create function private.customer_day(p_customer_id text)
returns date
language sql
stable
security definer
set search_path = ''
as $$
  select (now() at time zone coalesce((select c.time_zone from public.customers c where c.id = p_customer_id), 'UTC'))::date
$$;
revoke all on function private.customer_day(text) from public;

comment on table public.reward_campaigns is 'A hotel''s scratch card or fortune wheel. daily_limit = plays per guest per hotel day (customers.time_zone; scratch card: 1).';
comment on table public.reward_plays is 'One row per play; (user, campaign, hotel day, slot) unique so the daily limit holds under concurrency.';

-- Vouchers won per source (salted hash of the address, private.request_source()) per hotel day. Not exposed.
create table private.reward_source_vouchers (
  id bigint generated always as identity primary key,
  customer_id text not null,
  play_day date not null,
  source_hash text not null,
  play_id uuid not null,
  created_at timestamptz not null default now()
);
create index reward_source_vouchers_lookup_idx on private.reward_source_vouchers (customer_id, source_hash, play_day);
alter table private.reward_source_vouchers enable row level security;
revoke all on table private.reward_source_vouchers from public, anon, authenticated;

-- ─── play_reward ────────────────────────────────────────────────────────────────
create or replace function public.play_reward(p_campaign_id uuid, p_idempotency_key text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  c_vouchers_per_source constant integer := 10;
  v_uid uuid := auth.uid();
  v_campaign public.reward_campaigns;
  v_day date;
  v_existing public.reward_plays;
  v_count integer;
  v_prize public.reward_prizes;
  v_total bigint;
  v_pick numeric;
  v_play_id uuid;
  v_code text;
  v_vouchers_ok boolean;
  v_verified boolean;
  v_source text;
  v_source_hash text;
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
  if not found or not private.reward_campaign_is_live(p_campaign_id)
     or not exists (select 1 from public.customers cu where cu.id = v_campaign.customer_id and cu.is_public) then
    raise exception 'This game is not available' using errcode = 'P0001', detail = 'campaign_inactive';
  end if;

  v_day := private.customer_day(v_campaign.customer_id);
  select count(*) into v_count from public.reward_plays p
  where p.user_id = v_uid and p.campaign_id = p_campaign_id and p.play_day = v_day;
  if v_count >= v_campaign.daily_limit then
    raise exception 'No more plays today' using errcode = 'P0001', detail = 'daily_limit';
  end if;

  -- Who may win a voucher: a confirmed, non-anonymous identity, within its source's quota of the day.
  select not coalesce(u.is_anonymous, false) and (u.email_confirmed_at is not null or u.phone_confirmed_at is not null)
  into v_verified
  from auth.users u where u.id = v_uid;
  v_verified := coalesce(v_verified, false);
  v_vouchers_ok := v_verified;
  -- The gateway-reported source (private.request_network, migration …1100); 'unknown' = no gateway
  -- (a direct database session, the service role's SQL): not counted per source.
  v_source := private.request_network();
  if v_vouchers_ok and v_source <> 'unknown' then
    v_source_hash := private.request_source();
    -- Serialise the source's voucher draws at this hotel so concurrent plays cannot pass the quota.
    perform pg_advisory_xact_lock(hashtextextended('reward_source:' || v_campaign.customer_id || ':' || v_source_hash, 0));
    v_vouchers_ok := (select count(*) from private.reward_source_vouchers s
                      where s.customer_id = v_campaign.customer_id and s.source_hash = v_source_hash and s.play_day = v_day)
                     < c_vouchers_per_source;
  end if;

  -- Weighted draw over prizes in stock (vouchers only when allowed); the stock update re-checks so a
  -- concurrent draw of the last item makes us draw again.
  loop
    select sum(p.weight) into v_total from public.reward_prizes p
    where p.campaign_id = p_campaign_id and p.weight > 0 and (p.stock is null or p.stock > 0)
      and (v_vouchers_ok or p.kind <> 'voucher');
    if coalesce(v_total, 0) = 0 then
      if not v_verified and exists (select 1 from public.reward_prizes p where p.campaign_id = p_campaign_id
                                    and p.kind = 'voucher' and p.weight > 0 and (p.stock is null or p.stock > 0)) then
        raise exception 'Create an account to play for vouchers' using errcode = 'P0001', detail = 'account_required';
      end if;
      raise exception 'No prizes left' using errcode = 'P0001', detail = 'no_prizes';
    end if;
    v_pick := floor(random() * v_total);
    select * into v_prize from (
      select p.*, sum(p.weight) over (order by p.sort_order, p.id) as cum
      from public.reward_prizes p
      where p.campaign_id = p_campaign_id and p.weight > 0 and (p.stock is null or p.stock > 0)
        and (v_vouchers_ok or p.kind <> 'voucher')
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
    if v_source_hash is not null then
      -- Old days of this source only (other sources' rows are not under our lock).
      delete from private.reward_source_vouchers s
      where s.customer_id = v_campaign.customer_id and s.source_hash = v_source_hash and s.play_day < v_day - 2;
      insert into private.reward_source_vouchers (customer_id, play_day, source_hash, play_id)
      values (v_campaign.customer_id, v_day, v_source_hash, v_play_id);
    end if;
  end if;

  return private.play_outcome(v_play_id);
end;
$$;
revoke all on function public.play_reward(uuid, text) from public, anon, authenticated;
grant execute on function public.play_reward(uuid, text) to anon, authenticated, service_role;

-- ─── partner PINs: 6 to 12 digits ───────────────────────────────────────────────
-- The hashes cannot tell how long the old PINs were: every old PIN goes, partners set new ones.
delete from public.partner_pins;
alter table public.partner_pins
  add column pin_length smallint not null constraint partner_pins_pin_length check (pin_length between 6 and 12);
comment on table public.partner_pins is 'bcrypt hash of the PIN (6 to 12 digits) partner staff type to redeem vouchers. No client access at all.';

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
  perform private.require_manager(coalesce(v_customer, ''));
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

-- ─── redeem_voucher ─────────────────────────────────────────────────────────────
-- Wrong PINs: per voucher and per partner over the last 15 minutes.
alter table private.partner_pin_failures add column voucher_id uuid;
create index partner_pin_failures_voucher_id_created_at_idx on private.partner_pin_failures (voucher_id, created_at);

create or replace function public.redeem_voucher(
  p_code text, p_pin text, p_amount_minor bigint, p_currency text, p_idempotency_key text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  c_voucher_limit constant integer := 5;
  c_partner_limit constant integer := 20;
  c_window constant interval := interval '15 minutes';
  v_voucher public.vouchers;
  v_hash text;
  v_tx public.partner_transactions;
  v_voucher_failures integer;
  v_partner_failures integer;
  v_pin_ok boolean;
begin
  select * into v_voucher from public.vouchers v where v.code = upper(btrim(coalesce(p_code, '')));
  if not found then
    raise exception 'Unknown voucher code' using errcode = 'P0001', detail = 'voucher_not_found';
  end if;

  -- Every PIN check of this partner in turn (the failure counts below are exact), then this voucher.
  perform pg_advisory_xact_lock(hashtextextended('partner_pin:' || v_voucher.activity_id::text, 0));
  select * into v_voucher from public.vouchers v where v.id = v_voucher.id for update;

  -- A retried submission (same key) of a redemption that went through: its first result, PIN checked.
  select * into v_tx from public.partner_transactions t where t.idempotency_key = p_idempotency_key;
  if found and v_tx.voucher_id is distinct from v_voucher.id then
    raise exception 'This key was used for another transaction' using errcode = 'P0001', detail = 'idempotency_conflict';
  end if;

  -- The voucher's state first: the same answer whatever PIN was typed, and no PIN is evaluated.
  if v_tx.id is null then
    if v_voucher.redeemed_at is not null then
      raise exception 'This voucher was already used' using errcode = 'P0001', detail = 'voucher_used';
    end if;
    if v_voucher.expires_at <= now() then
      raise exception 'This voucher has expired' using errcode = 'P0001', detail = 'voucher_expired';
    end if;
  end if;

  select count(*) filter (where f.voucher_id = v_voucher.id), count(*)
  into v_voucher_failures, v_partner_failures
  from private.partner_pin_failures f
  where f.activity_id = v_voucher.activity_id and f.created_at > now() - c_window;
  if v_voucher_failures >= c_voucher_limit then
    raise exception 'Too many wrong PINs for this voucher. Try again in 15 minutes.' using errcode = 'P0001', detail = 'pin_locked';
  end if;
  if v_partner_failures >= c_partner_limit then
    raise exception 'Too many wrong PINs at this partner. Try again in 15 minutes.' using errcode = 'P0001', detail = 'partner_locked';
  end if;

  select p.pin_hash into v_hash from public.partner_pins p where p.activity_id = v_voucher.activity_id;
  if v_hash is null then
    raise exception 'This partner has no PIN yet' using errcode = 'P0001', detail = 'pin_not_set';
  end if;
  v_pin_ok := p_pin is not null and p_pin ~ '^[0-9]{6,12}$' and extensions.crypt(p_pin, v_hash) = v_hash;
  if not v_pin_ok then
    -- Returned, not raised: the failed attempt must be kept for the limits.
    insert into private.partner_pin_failures (activity_id, voucher_id) values (v_voucher.activity_id, v_voucher.id);
    return jsonb_build_object('ok', false, 'details', 'wrong_pin',
      'attempts_left', greatest(0, least(c_voucher_limit - v_voucher_failures - 1, c_partner_limit - v_partner_failures - 1)));
  end if;

  if v_tx.id is not null then
    return private.transaction_result(v_tx);
  end if;

  update public.vouchers v set redeemed_at = now() where v.id = v_voucher.id;
  v_tx := private.insert_partner_transaction(v_voucher.customer_id, v_voucher.activity_id, v_voucher.id, p_amount_minor,
    p_currency, p_idempotency_key, null);
  return private.transaction_result(v_tx);
end;
$$;
revoke all on function public.redeem_voucher(text, text, bigint, text, text) from public, anon, authenticated;
grant execute on function public.redeem_voucher(text, text, bigint, text, text) to anon, authenticated, service_role;

revoke execute on all functions in schema private from public;
