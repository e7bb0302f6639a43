-- Till sessions (issue 31, docs/scale.md "Redemptions: the PIN's bcrypt on every redemption", docs/rewards.md
-- "Till sessions"): the partner's PIN is checked by bcrypt once a shift, not on every redemption.
--
-- - redeem_voucher_open_till(code, pin, amount, currency, key): redeem_voucher itself (the same PIN check, the
--   same failure counts and limits, the same idempotency key), and when it redeems, a till: a random token of
--   32 bytes returned once (hex), of which the database keeps only the SHA-256, with the partner, the PIN hash
--   it was opened under and its end (12 hours).
-- - redeem_voucher_at_till(code, till_token, amount, currency, key): one primary-key lookup of the token's
--   SHA-256, no bcrypt. A token that is unknown, signed out, expired, or opened under another PIN than the
--   partner's current one answers till_signed_out; a live till of another partner answers till_other_partner.
--   Neither redeems nor counts as a wrong PIN (a 256-bit token cannot be guessed).
-- - close_till(till_token): "sign out this till" deletes it.
-- A new PIN (set_partner_pin, or any change of partner_pins) deletes every till of that partner.

create table private.partner_tills (
  token_sha256 bytea primary key,
  activity_id uuid not null references public.activities (id) on delete cascade,
  pin_hash text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
comment on table private.partner_tills is
  'Open till sessions of partner staff (SHA-256 of the token only; the token itself is never stored). No client access.';
create index partner_tills_activity_id_idx on private.partner_tills (activity_id);
revoke all on table private.partner_tills from public, anon, authenticated;

-- ─── revocation: a new PIN closes every till of the partner ─────────────────────
create function private.close_tills_on_pin_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' or new.pin_hash is distinct from old.pin_hash then
    delete from private.partner_tills t where t.activity_id = old.activity_id;
  end if;
  return null;
end;
$$;
revoke all on function private.close_tills_on_pin_change() from public, anon, authenticated;
create trigger partner_pins_close_tills
  after update or delete on public.partner_pins
  for each row execute function private.close_tills_on_pin_change();

-- ─── opening a till: the first redemption of a shift, with the PIN ──────────────
create function public.redeem_voucher_open_till(
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
  -- Everything of redeem_voucher: the PIN by bcrypt, its limits, the voucher's state, the key.
  v_result := public.redeem_voucher(p_code, p_pin, p_amount_minor, p_currency, p_idempotency_key);
  if not coalesce((v_result ->> 'ok')::boolean, false) then
    return v_result;
  end if;
  -- The PIN was right (redeem_voucher checks it on a retried key too): the till is opened under its hash.
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

-- ─── redeeming at an open till: no PIN, no bcrypt ───────────────────────────────
create function public.redeem_voucher_at_till(
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

  -- From here as redeem_voucher after a right PIN: this voucher locked, the key's first result, the state.
  select * into v_voucher from public.vouchers v where v.id = v_voucher.id for update;
  select * into v_tx from public.partner_transactions t where t.idempotency_key = p_idempotency_key;
  if found then
    if v_tx.voucher_id is distinct from v_voucher.id then
      raise exception 'This key was used for another transaction' using errcode = 'P0001', detail = 'idempotency_conflict';
    end if;
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
    p_currency, p_idempotency_key, null);
  return private.transaction_result(v_tx);
end;
$$;
revoke all on function public.redeem_voucher_at_till(text, text, bigint, text, text) from public, anon, authenticated;
grant execute on function public.redeem_voucher_at_till(text, text, bigint, text, text) to anon, authenticated, service_role;

-- ─── signing out ────────────────────────────────────────────────────────────────
create function public.close_till(p_till_token text)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_n integer := 0;
begin
  if p_till_token is not null and p_till_token ~ '^[0-9a-f]{64}$' then
    delete from private.partner_tills t where t.token_sha256 = extensions.digest(decode(p_till_token, 'hex'), 'sha256');
    get diagnostics v_n = row_count;
  end if;
  return v_n > 0;
end;
$$;
revoke all on function public.close_till(text) from public, anon, authenticated;
grant execute on function public.close_till(text) to anon, authenticated, service_role;

revoke execute on all functions in schema private from public;
