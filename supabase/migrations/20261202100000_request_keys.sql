-- Issue 41, items 1 and 5: a replayed idempotency key is not a fresh PIN guess, and one key is one request of
-- one caller (docs/rewards.md "Idempotency keys: one key, one request, one caller"; tests
-- supabase/tests/security/replays.test.ts).
--
-- Before: a wrong PIN sent again under a key that already failed was answered wrong_pin uncounted while the PIN
-- was still checked (the right one redeemed): unlimited guesses under one key. An invalid amount was answered
-- after the PIN (invalid_amount for the right PIN, wrong_pin for a wrong one): a PIN oracle that spends nothing.
-- A key sent again with another amount, currency or partner answered the first result with ok: true, and keys
-- were unique across hotels (another tenant's key answered idempotency_conflict).
--
-- Now:
--   * private.request_keys keeps, per caller (scope) and key, the request (operation, voucher or partner,
--     amount, currency: never a secret) and its outcome: the transaction, or the refused attempt (wrong_pin)
--     with a bcrypt of the PIN it carried. The caller is the signed-in user ('user:<id>'), the till
--     ('till:<sha256 of its token>'), or, for a PIN redemption without an account, the partner whose PIN
--     authenticates ('partner:<activity id>'). partner_transactions.idempotency_key is no longer unique.
--   * Same key, other request: HTTP 422 (SQLSTATE PT422), detail idempotency_conflict. Never ok.
--   * Same key, same request:
--       - a redemption that went through answers its transaction; no PIN is evaluated (the PIN is the caller's
--         credential, not part of the request; comparing it with the first one would be a PIN oracle);
--       - a refused attempt sent again with the very PIN it carried (a check after a lost answer) answers as
--         before and is not counted: that PIN was evaluated and counted once;
--       - with any other PIN it is a new try: limits first, then the PIN, counted like any other.
--     So no sequence of requests evaluates more wrong PINs than 5 per voucher and 20 per partner in 15 minutes.
--   * Opening a till (redeem_voucher_open_till) evaluates and counts the PIN on every call, replays included:
--     a replay of a redemption that went through opens a new till only with the right PIN.
--   * Before any PIN: the code, the amount, the currency, the key, the partner taking part, the voucher's
--     state; their answers depend on what was sent, not on the PIN.

-- ─── the keys ───────────────────────────────────────────────────────────────────
create table private.request_keys (
  scope text not null,
  key text not null,
  request jsonb not null,
  transaction_id uuid references public.partner_transactions (id) on delete cascade,
  refused jsonb,
  refused_pin text,
  created_at timestamptz not null default now(),
  primary key (scope, key),
  constraint request_keys_key check (char_length(key) between 1 and 200),
  constraint request_keys_outcome check (transaction_id is null or (refused is null and refused_pin is null))
);
comment on table private.request_keys is
  'One idempotency key = one request of one caller (scope: user, till or partner): the request (no secret) and its outcome. No client access.';
create index request_keys_transaction_id_idx on private.request_keys (transaction_id);
revoke all on table private.request_keys from public, anon, authenticated;

-- Keys are the caller's: no longer unique across callers.
alter table public.partner_transactions drop constraint partner_transactions_idempotency_key_key;
create index partner_transactions_idempotency_key_idx on public.partner_transactions (idempotency_key);

-- The keys of transactions written before: a redemption's caller is its partner, a typed sale's its recorder.
insert into private.request_keys (scope, key, request, transaction_id, created_at)
select case when t.voucher_id is not null then 'partner:' || t.activity_id::text
            else coalesce('user:' || t.created_by::text, 'service') end,
       t.idempotency_key,
       case when t.voucher_id is not null
            then jsonb_build_object('op', 'redeem_voucher', 'voucher_id', t.voucher_id, 'amount_minor', t.amount_minor,
                                    'currency', t.currency::text)
            else jsonb_build_object('op', 'record_partner_transaction', 'customer_id', t.customer_id,
                                    'activity_id', t.activity_id, 'amount_minor', t.amount_minor, 'currency', t.currency::text)
       end,
       t.id, t.created_at
from public.partner_transactions t
on conflict (scope, key) do nothing;

-- ─── helpers ────────────────────────────────────────────────────────────────────
-- Amount, currency and key of a sale, checked before anything secret: the normalised currency code.
create function private.check_sale(p_amount_minor bigint, p_currency text, p_idempotency_key text)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_currency public.currencies;
begin
  select * into v_currency from public.currencies c where c.code = upper(btrim(coalesce(p_currency, '')));
  if not found or p_currency !~ '^[A-Z]{3}$' then
    raise exception 'Unknown currency: use an ISO 4217 code from the list' using errcode = 'P0001', detail = 'invalid_currency';
  end if;
  if p_amount_minor is null or p_amount_minor <= 0 or p_amount_minor > v_currency.max_amount_minor then
    raise exception 'The amount must be positive and at most % (minor units)', v_currency.max_amount_minor
      using errcode = 'P0001', detail = 'invalid_amount';
  end if;
  if p_idempotency_key is null or char_length(p_idempotency_key) not between 1 and 200 then
    raise exception 'An idempotency key is required' using errcode = 'P0001', detail = 'invalid_key';
  end if;
  return v_currency.code::text;
end;
$$;
revoke all on function private.check_sale(bigint, text, text) from public;

-- The caller's key, locked for this transaction (every use of one key is decided one after the other), and
-- what it holds; a key of another request is refused with HTTP 422.
create function private.claim_request_key(p_scope text, p_key text, p_request jsonb)
returns private.request_keys
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row private.request_keys;
begin
  perform pg_advisory_xact_lock(hashtextextended('request_key:' || p_scope || ':' || p_key, 0));
  select * into v_row from private.request_keys k where k.scope = p_scope and k.key = p_key;
  if found and v_row.request is distinct from p_request then
    raise exception 'This key was already used for another request: send this one with a new key'
      using errcode = 'PT422', detail = 'idempotency_conflict';
  end if;
  return v_row;
end;
$$;
revoke all on function private.claim_request_key(text, text, jsonb) from public;

create function private.keep_request_key(p_scope text, p_key text, p_request jsonb, p_transaction_id uuid,
  p_refused jsonb, p_refused_pin text)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.request_keys (scope, key, request, transaction_id, refused, refused_pin)
  values (p_scope, p_key, p_request, p_transaction_id, p_refused, p_refused_pin)
  on conflict (scope, key) do update
    set transaction_id = excluded.transaction_id, refused = excluded.refused, refused_pin = excluded.refused_pin
$$;
revoke all on function private.keep_request_key(text, text, jsonb, uuid, jsonb, text) from public;

-- ─── a redemption with the PIN (redeem_voucher and redeem_voucher_open_till) ───────
create function private.redeem_with_pin(
  p_code text, p_pin text, p_amount_minor bigint, p_currency text, p_idempotency_key text, p_opening_till boolean
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
  v_currency text;
  v_scope text;
  v_request jsonb;
  v_key private.request_keys;
  v_hash text;
  v_tx public.partner_transactions;
  v_voucher_failures integer;
  v_partner_failures integer;
  v_answer jsonb;
begin
  -- What was sent, before anything secret: the code, the amount, the currency, the key, the partner.
  select * into v_voucher from public.vouchers v where v.code = upper(btrim(coalesce(p_code, '')));
  if not found then
    raise exception 'Unknown voucher code' using errcode = 'P0001', detail = 'voucher_not_found';
  end if;
  v_currency := private.check_sale(p_amount_minor, p_currency, p_idempotency_key);
  if not exists (select 1 from public.activities a
                 where a.id = v_voucher.activity_id and a.customer_id = v_voucher.customer_id and a.is_partner) then
    raise exception 'Not a partner of this customer' using errcode = 'P0001', detail = 'not_partner';
  end if;

  -- The key (then every PIN check of this partner, then this voucher): one decision at a time, exact counts.
  v_scope := coalesce('user:' || auth.uid()::text, 'partner:' || v_voucher.activity_id::text);
  v_request := jsonb_build_object('op', 'redeem_voucher', 'voucher_id', v_voucher.id, 'amount_minor', p_amount_minor,
                                  'currency', v_currency);
  v_key := private.claim_request_key(v_scope, p_idempotency_key, v_request);
  perform pg_advisory_xact_lock(hashtextextended('partner_pin:' || v_voucher.activity_id::text, 0));
  select * into v_voucher from public.vouchers v where v.id = v_voucher.id for update;

  if v_key.transaction_id is not null then
    select * into v_tx from public.partner_transactions t where t.id = v_key.transaction_id;
    -- A redemption that went through: its answer, no PIN evaluated (a till is opened only with the PIN, below).
    if not p_opening_till then
      return private.transaction_result(v_tx);
    end if;
  elsif v_key.refused is not null and p_pin is not null and char_length(p_pin) <= 72
        and v_key.refused_pin is not null and extensions.crypt(p_pin, v_key.refused_pin) = v_key.refused_pin then
    -- The check of a refused attempt with the very PIN it carried: that PIN was evaluated and counted once.
    return v_key.refused;
  end if;

  -- From here the PIN is evaluated: a new try, counted like any other.
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
  if not (p_pin is not null and p_pin ~ '^[0-9]{6,12}$' and extensions.crypt(p_pin, v_hash) = v_hash) then
    -- Returned, not raised: the failed attempt must be kept for the limits.
    insert into private.partner_pin_failures (activity_id, voucher_id, idempotency_key)
    values (v_voucher.activity_id, v_voucher.id, p_idempotency_key);
    v_answer := jsonb_build_object('ok', false, 'details', 'wrong_pin',
      'attempts_left', greatest(0, least(c_voucher_limit - v_voucher_failures - 1, c_partner_limit - v_partner_failures - 1)));
    if v_tx.id is null then
      perform private.keep_request_key(v_scope, p_idempotency_key, v_request, null, v_answer,
        case when p_pin is not null and char_length(p_pin) <= 72 then extensions.crypt(p_pin, extensions.gen_salt('bf', 8)) end);
    end if;
    return v_answer;
  end if;

  if v_tx.id is null then
    update public.vouchers v set redeemed_at = now() where v.id = v_voucher.id;
    v_tx := private.insert_partner_transaction(v_voucher.customer_id, v_voucher.activity_id, v_voucher.id, p_amount_minor,
      v_currency, p_idempotency_key, null);
    perform private.keep_request_key(v_scope, p_idempotency_key, v_request, v_tx.id, null, null);
  end if;
  return private.transaction_result(v_tx);
end;
$$;
revoke all on function private.redeem_with_pin(text, text, bigint, text, text, boolean) from public;

create or replace function public.redeem_voucher(
  p_code text, p_pin text, p_amount_minor bigint, p_currency text, p_idempotency_key text
)
returns jsonb
language sql
security definer
set search_path = ''
as $$ select private.redeem_with_pin(p_code, p_pin, p_amount_minor, p_currency, p_idempotency_key, false) $$;
revoke all on function public.redeem_voucher(text, text, bigint, text, text) from public, anon, authenticated;
grant execute on function public.redeem_voucher(text, text, bigint, text, text) to anon, authenticated, service_role;

-- ─── opening a till: the PIN evaluated and counted on every call ─────────────────
create or replace function public.redeem_voucher_open_till(
  p_code text, p_pin text, p_amount_minor bigint, p_currency text, p_idempotency_key text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  c_shift constant interval := interval '12 hours';
  v_result jsonb;
  v_token bytea;
  v_hash text;
  v_activity uuid;
  v_expires timestamptz := now() + c_shift;
begin
  -- The redemption with the PIN checked on this very call, a replayed key included.
  v_result := private.redeem_with_pin(p_code, p_pin, p_amount_minor, p_currency, p_idempotency_key, true);
  if not coalesce((v_result ->> 'ok')::boolean, false) then
    return v_result;
  end if;
  v_activity := (v_result ->> 'activity_id')::uuid;
  select p.pin_hash into v_hash from public.partner_pins p where p.activity_id = v_activity;
  v_token := extensions.gen_random_bytes(32);
  delete from private.partner_tills t where t.activity_id = v_activity and t.expires_at <= now();
  insert into private.partner_tills (token_sha256, activity_id, pin_hash, expires_at)
  values (extensions.digest(v_token, 'sha256'), v_activity, v_hash, v_expires);
  return v_result || jsonb_build_object('till_token', encode(v_token, 'hex'), 'till_expires_at', v_expires);
end;
$$;
revoke all on function public.redeem_voucher_open_till(text, text, bigint, text, text) from public, anon, authenticated;
grant execute on function public.redeem_voucher_open_till(text, text, bigint, text, text) to anon, authenticated, service_role;

-- ─── redeeming at an open till: the till is the caller ──────────────────────────
create or replace function public.redeem_voucher_at_till(
  p_code text, p_till_token text, p_amount_minor bigint, p_currency text, p_idempotency_key text
)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_till private.partner_tills;
  v_voucher public.vouchers;
  v_currency text;
  v_scope text;
  v_request jsonb;
  v_key private.request_keys;
  v_tx public.partner_transactions;
begin
  -- The till first: a token that does not open a live till of the partner's current PIN decides nothing else.
  if p_till_token is not null and p_till_token ~ '^[0-9a-f]{64}$' then
    select * into v_till from private.partner_tills t
    where t.token_sha256 = extensions.digest(decode(p_till_token, 'hex'), 'sha256');
  end if;
  if v_till.token_sha256 is null or v_till.expires_at <= now()
     or not exists (select 1 from public.partner_pins p
                    where p.activity_id = v_till.activity_id and p.pin_hash = v_till.pin_hash) then
    raise exception 'This till is signed out. Enter the PIN.' using errcode = 'P0001', detail = 'till_signed_out';
  end if;

  select * into v_voucher from public.vouchers v where v.code = upper(btrim(coalesce(p_code, '')));
  if not found then
    raise exception 'Unknown voucher code' using errcode = 'P0001', detail = 'voucher_not_found';
  end if;
  if v_voucher.activity_id is distinct from v_till.activity_id then
    raise exception 'This voucher is for another partner' using errcode = 'P0001', detail = 'till_other_partner';
  end if;
  v_currency := private.check_sale(p_amount_minor, p_currency, p_idempotency_key);

  -- The till's key, then this voucher: the key's first result, or the state, then one transaction.
  v_scope := 'till:' || encode(v_till.token_sha256, 'hex');
  v_request := jsonb_build_object('op', 'redeem_voucher', 'voucher_id', v_voucher.id, 'amount_minor', p_amount_minor,
                                  'currency', v_currency);
  v_key := private.claim_request_key(v_scope, p_idempotency_key, v_request);
  select * into v_voucher from public.vouchers v where v.id = v_voucher.id for update;
  if v_key.transaction_id is not null then
    select * into v_tx from public.partner_transactions t where t.id = v_key.transaction_id;
    return private.transaction_result(v_tx);
  end if;
  if v_voucher.redeemed_at is not null then
    raise exception 'This voucher was already used' using errcode = 'P0001', detail = 'voucher_used';
  end if;
  if v_voucher.expires_at <= now() then
    raise exception 'This voucher has expired' using errcode = 'P0001', detail = 'voucher_expired';
  end if;

  update public.vouchers v set redeemed_at = now() where v.id = v_voucher.id;
  v_tx := private.insert_partner_transaction(v_voucher.customer_id, v_voucher.activity_id, v_voucher.id, p_amount_minor,
    v_currency, p_idempotency_key, null);
  perform private.keep_request_key(v_scope, p_idempotency_key, v_request, v_tx.id, null, null);
  return private.transaction_result(v_tx);
end;
$$;
revoke all on function public.redeem_voucher_at_till(text, text, bigint, text, text) from public, anon, authenticated;
grant execute on function public.redeem_voucher_at_till(text, text, bigint, text, text) to anon, authenticated, service_role;

-- ─── a sale typed by the hotel: the recorder is the caller ──────────────────────
create or replace function public.record_partner_transaction(
  p_customer_id text, p_activity_id uuid, p_amount_minor bigint, p_currency text, p_idempotency_key text
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
  v_scope := coalesce('user:' || auth.uid()::text, 'service');
  v_request := jsonb_build_object('op', 'record_partner_transaction', 'customer_id', p_customer_id,
                                  'activity_id', p_activity_id, 'amount_minor', p_amount_minor, 'currency', v_currency);
  v_key := private.claim_request_key(v_scope, p_idempotency_key, v_request);
  if v_key.transaction_id is not null then
    select * into v_tx from public.partner_transactions t where t.id = v_key.transaction_id;
    return private.transaction_result(v_tx);
  end if;
  v_tx := private.insert_partner_transaction(p_customer_id, p_activity_id, null, p_amount_minor, v_currency,
    p_idempotency_key, auth.uid());
  perform private.keep_request_key(v_scope, p_idempotency_key, v_request, v_tx.id, null, null);
  return private.transaction_result(v_tx);
end;
$$;
revoke all on function public.record_partner_transaction(text, uuid, bigint, text, text) from public, anon, authenticated;
grant execute on function public.record_partner_transaction(text, uuid, bigint, text, text) to authenticated, service_role;

revoke execute on all functions in schema private from public;
