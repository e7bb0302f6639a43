-- Writes in flight (issue 32): every write a user can lose the answer of on a bad connection carries one
-- key per user action, and the database applies a key at most once, so the client can check a lost
-- answer by sending the very same request again (shared-ui/src/in-flight, docs/reliability.md).
--
-- Already keyed before this migration: play_reward (reward_plays unique (user_id, idempotency_key)),
-- redeem_voucher and record_partner_transaction (partner_transactions.idempotency_key unique).
-- Settings saves (customers, profiles) are updates to absolute values: sending one twice leaves the
-- same row, so they need no key. Contact messages were plain inserts: a message re-sent after a lost
-- answer was stored twice. This migration gives them a request id.

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

revoke execute on all functions in schema private from public;
