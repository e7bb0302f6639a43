-- Writes in flight (issue 32): every write a user can lose the answer of on a bad connection carries one
-- key per user action, and the database applies a key at most once, so the client can check a lost
-- answer by sending the very same request again (shared-ui/src/in-flight, docs/reliability.md).
--
-- Already keyed before this migration: play_reward (reward_plays unique (user_id, idempotency_key)),
-- redeem_voucher and record_partner_transaction (partner_transactions.idempotency_key unique).
-- Settings saves (customers, profiles) are updates to absolute values: sending one twice leaves the
-- same row, so they need no key. Contact messages were plain inserts: a message re-sent after a lost
-- answer was stored twice. This migration gives them a request id, and counts a wrong voucher PIN once
-- per key.

-- ─── contact messages: request id ──────────────────────────────────────────────
alter table public.contact_messages add column request_id uuid;
comment on column public.contact_messages.request_id is
  'Made by the client once per message; a message sent again with the same id is stored once (answer: already_received).';
create unique index contact_messages_request_id_key on public.contact_messages (request_id);
grant insert (request_id) on table public.contact_messages to anon, authenticated;

-- The rate-limit trigger, with the repeat check first, inside its lock: a message already stored under
-- this request id answers already_received (not rate_limited, and nothing is counted), and two copies
-- sent at once are decided one after the other.
create or replace function private.limit_contact_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_source text := private.request_source();
begin
  -- The service role (the platform's own back office and tests) is not a public sender.
  if (select auth.role()) = 'service_role' then
    return new;
  end if;
  -- Contact messages are few: one lock for all of them, so the overall limit holds too.
  perform pg_advisory_xact_lock(hashtext('guestmap.contact_messages'), 0);
  if new.request_id is not null
     and exists (select 1 from public.contact_messages m where m.request_id = new.request_id) then
    raise exception 'This message was already received' using errcode = 'P0001', detail = 'already_received';
  end if;
  if (select count(*) from public.contact_messages m
      where lower(m.email) = lower(new.email) and m.created_at > now() - interval '1 hour') >= private.engagement_limit('contact_email_per_hour')
     or (select count(*) from private.engagement_hits h
         where h.bucket = 'contact' and h.source = v_source and h.created_at > now() - interval '1 hour') >= private.engagement_limit('contact_source_per_hour')
     or (select count(*) from public.contact_messages m
         where m.created_at > now() - interval '1 hour') >= private.engagement_limit('contact_total_per_hour') then
    raise exception 'Too many messages. Please wait a moment and try again.'
      using errcode = 'P0001', detail = 'rate_limited';
  end if;
  insert into private.engagement_hits (bucket, source) values ('contact', v_source);
  delete from private.engagement_hits h where h.created_at < now() - interval '2 days';
  return new;
end;
$$;


-- ─── redeem_voucher: a wrong PIN counted once per key ──────────────────────────
-- A wrong-PIN attempt whose answer was lost was counted again by its check (same key): five such checks
-- locked the voucher. The failure now keeps its key; a repeat answers as the first did, uncounted.
-- The rest of the function is unchanged (20261125002000_rewards_integrity.sql).
alter table private.partner_pin_failures add column idempotency_key text;

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
    -- The check of an attempt whose answer was lost (same key, same voucher): the same answer, counted once.
    if exists (select 1 from private.partner_pin_failures f
               where f.activity_id = v_voucher.activity_id and f.voucher_id = v_voucher.id
                 and f.idempotency_key = p_idempotency_key and f.created_at > now() - c_window) then
      return jsonb_build_object('ok', false, 'details', 'wrong_pin',
        'attempts_left', greatest(0, least(c_voucher_limit - v_voucher_failures, c_partner_limit - v_partner_failures)));
    end if;
    -- Returned, not raised: the failed attempt must be kept for the limits.
    insert into private.partner_pin_failures (activity_id, voucher_id, idempotency_key)
    values (v_voucher.activity_id, v_voucher.id, p_idempotency_key);
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
