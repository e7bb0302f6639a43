-- Schema `realtime` as hosted Supabase has it for Broadcast authorisation and Broadcast from the database
-- (what Realtime's tenant migrations leave: `realtime.messages`, `realtime.topic()`, `realtime.send()`,
-- `realtime.send_binary()`, `realtime.broadcast_changes()`), plus the stack's own delivery of new messages
-- (schema `_realtime`, not granted to any API role). Written for this stack from the behaviour of those
-- migrations. Run on every start, before the project's migrations (a database bootstrapped by an older stack
-- gets it too), so migrations may create policies on realtime.messages as on hosted. Safe to re-run.

do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit noreplication;
  end if;
end $$;

-- Owned by supabase_admin as on hosted; Realtime's own role may create in it, postgres may not.
create schema if not exists realtime;
alter schema realtime owner to supabase_admin;
grant all on schema realtime to supabase_realtime_admin with grant option;
revoke create on schema realtime from postgres;
-- postgres may use the schema and create policies on realtime.messages (supautils allows it on hosted),
-- not create objects in it.
grant usage on schema realtime to anon, authenticated, service_role;
grant usage on schema realtime to postgres with grant option;

-- Partitioned by day as on hosted; the partitions (yesterday to three days ahead, none older than 72 hours)
-- are kept by _realtime.maintain_messages() below, at every start and hourly while the stack runs.
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_pkey primary key (id, inserted_at),
  constraint messages_payload_exclusive check (payload is null or binary_payload is null)
) partition by range (inserted_at);
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages owner to supabase_realtime_admin;
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;

-- The topic being authorised: Realtime sets `realtime.topic` for the transaction of each check, and
-- realtime.send() for its insert.
create or replace function realtime.topic() returns text language sql stable as $fn$
  select nullif(current_setting('realtime.topic', true), '')::text;
$fn$;

-- Broadcast from the database: a message row the service delivers to the topic's subscribers once committed.
-- Runs as the caller, so on a private topic the caller needs an INSERT policy; a failure is a warning, not an
-- error, as on hosted (the caller's transaction goes on).
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void language plpgsql as $fn$
declare
  message_id uuid := gen_random_uuid();
  body jsonb;
begin
  begin
    body := case when payload ? 'id' then payload else jsonb_set(payload, '{id}', to_jsonb(message_id)) end;
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (message_id, body, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$fn$;

create or replace function realtime.send_binary(payload bytea, event text, topic text, private boolean default true)
returns void language plpgsql as $fn$
declare
  message_id uuid := gen_random_uuid();
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (id, binary_payload, event, topic, private, extension)
    values (message_id, payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$fn$;

-- For row triggers: sends {old_record, record, operation, table, schema} (and the message id) to `topic_name`.
create or replace function realtime.broadcast_changes(
  topic_name text, event_name text, operation text, table_name text, table_schema text,
  new record, old record, level text default 'ROW'
) returns void language plpgsql as $fn$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation in ('INSERT', 'UPDATE', 'DELETE') then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
      'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end
$fn$;

alter function realtime.topic() owner to supabase_realtime_admin;
alter function realtime.send(jsonb, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.send_binary(bytea, text, text, boolean) owner to supabase_realtime_admin;
alter function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  owner to supabase_realtime_admin;
grant execute on all functions in schema realtime to postgres, anon, authenticated, service_role;

-- ─── The stack's delivery (hosted reads the WAL of realtime.messages instead) ────────────────────────
-- Each committed message the service would broadcast is queued here and announced with NOTIFY (ids only:
-- NOTIFY payloads are limited to 8 KB); src/realtime/messages.ts drains the queue. Rolled-back inserts
-- (the service's own authorisation probes among them) never reach it.
create schema if not exists _realtime;
revoke all on schema _realtime from public;
create table if not exists _realtime.messages_out (
  seq bigserial primary key,
  id uuid not null,
  topic text not null,
  event text not null,
  private boolean not null,
  payload jsonb,
  binary_payload bytea
);
revoke all on _realtime.messages_out from public;

create or replace function _realtime.queue_message() returns trigger
language plpgsql security definer set search_path = '' as $fn$
begin
  -- As hosted: a row is broadcast only with an event, a topic, `private` and a payload.
  if new.event is null or new.private is null or (new.payload is null and new.binary_payload is null) then
    return null;
  end if;
  insert into _realtime.messages_out (id, topic, event, private, payload, binary_payload)
  values (new.id, new.topic, new.event, new.private, new.payload, new.binary_payload);
  perform pg_catalog.pg_notify('realtime_messages', '');
  return null;
end
$fn$;
revoke all on function _realtime.queue_message() from public;
create or replace trigger _realtime_broadcast after insert on realtime.messages
  for each row execute function _realtime.queue_message();

-- Hosted's Realtime keeps the daily partitions (yesterday to three days ahead) and drops those older than
-- 72 hours; the stack calls this at start and hourly.
create or replace function _realtime.maintain_messages() returns void language plpgsql set search_path = '' as $fn$
declare
  today date := (pg_catalog.now() at time zone 'utc')::date;
  d date;
  part text;
begin
  for d in select pg_catalog.generate_series(today - 1, today + 3, interval '1 day')::date loop
    part := 'messages_' || pg_catalog.to_char(d, 'YYYY_MM_DD');
    if pg_catalog.to_regclass('realtime.' || part) is null then
      execute pg_catalog.format('create table realtime.%I partition of realtime.messages for values from (%L) to (%L)',
        part, d::timestamp, (d + 1)::timestamp);
      execute pg_catalog.format('alter table realtime.%I owner to supabase_realtime_admin', part);
    end if;
  end loop;
  for part in
    select c.relname from pg_catalog.pg_inherits i join pg_catalog.pg_class c on c.oid = i.inhrelid
     where i.inhparent = 'realtime.messages'::regclass and c.relname ~ '^messages_\d{4}_\d{2}_\d{2}$'
       and pg_catalog.to_date(pg_catalog.substr(c.relname, 10), 'YYYY_MM_DD')
           < ((pg_catalog.now() at time zone 'utc') - interval '72 hours')::date
  loop
    execute pg_catalog.format('drop table if exists realtime.%I', part);
  end loop;
end
$fn$;
revoke all on function _realtime.maintain_messages() from public;
select _realtime.maintain_messages();
