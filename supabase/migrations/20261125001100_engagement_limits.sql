-- Engagement limits that hold under concurrency, and a hotel's figures that a client cannot grow at
-- will (issue #26).
--
-- Before: record_event and the contact-message trigger counted rows and then inserted. On PostgreSQL
-- concurrent requests all counted the same rows and all passed; and the visitor id is made by the
-- browser, so inventing a new one per call added a "unique guest" (and events) without bound.
--
-- Now:
-- * Each check-and-write runs under a transaction-scoped advisory lock on its key (one hotel for
--   record_event, one lock for all contact messages): the next caller counts after the previous one
--   committed. The counts are plain statements in volatile functions, so under READ COMMITTED (PostgREST's
--   default) each takes its snapshot after the lock is granted.
-- * Where a request comes from (its "source") is what the API gateway reports, never what the client
--   says: `cf-connecting-ip` (hosted Supabase: Cloudflare sets it and drops a client's own), else
--   `x-real-ip` (the local stack sets it from the socket and drops a client's own). `x-forwarded-for`
--   is never read: a client can prepend to it. IPv6 counts per /64. Only a salted hash is kept, for two days.
-- * A source adds at most 200 new visitor ids and 2000 events per hotel per UTC day. The browser's random
--   visitor id still tells guests apart (guests of one hotel often share its Wi-Fi address), but inventing
--   ids from one address adds at most 200 "unique guests" a day to a hotel. (docs/dashboard.md)
-- * Contact messages: at most 5 an hour per e-mail address, 10 an hour per source, 200 an hour overall;
--   over a limit the insert fails with P0001 / detail 'rate_limited' (the form says so in the user's language).
--   The service role is not limited (nor counted).
-- * The numbers live in private.engagement_limits (an operator, or a test, may change them).

-- ─── limits ─────────────────────────────────────────────────────────────────────
create table private.engagement_limits (
  name text primary key,
  value integer not null check (value >= 0),
  description text not null
);
comment on table private.engagement_limits is 'Rate limits of record_event and contact messages; read by the functions below, not exposed.';
alter table private.engagement_limits enable row level security;
revoke all on table private.engagement_limits from public, anon, authenticated;

insert into private.engagement_limits (name, value, description) values
  ('analytics_visitor_per_minute', 60, 'Events of one visitor id on one map in the last minute'),
  ('analytics_customer_per_minute', 600, 'Events of one map in the last minute, all visitors together'),
  ('analytics_source_visitors_per_day', 200, 'New visitor ids one source may add to one map per UTC day'),
  ('analytics_source_events_per_day', 2000, 'Events one source may add to one map per UTC day'),
  ('contact_email_per_hour', 5, 'Contact messages from one e-mail address in the last hour'),
  ('contact_source_per_hour', 10, 'Contact messages from one source in the last hour'),
  ('contact_total_per_hour', 200, 'Contact messages from everyone in the last hour');

/** A limit by name; a missing one is an error (a limit never silently disappears). */
create function private.engagement_limit(p_name text)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v integer;
begin
  select l.value into v from private.engagement_limits l where l.name = p_name;
  if v is null then
    raise exception 'Unknown engagement limit %', p_name;
  end if;
  return v;
end;
$$;

-- ─── the source of a request ────────────────────────────────────────────────────
create table private.engagement_salt (
  only_row boolean primary key default true check (only_row),
  salt text not null
);
comment on table private.engagement_salt is 'Secret mixed into source hashes, so a stored hash does not give back an address.';
alter table private.engagement_salt enable row level security;
revoke all on table private.engagement_salt from public, anon, authenticated;
insert into private.engagement_salt (salt) values (md5(gen_random_uuid()::text || clock_timestamp()::text));

/**
 * The caller's network as the gateway reports it: 'v4:a.b.c.d', 'v6:<network>/64', 'unknown' when the
 * request carried no gateway header (a direct database session), 'invalid' for an unreadable one.
 */
create function private.request_network()
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_headers jsonb;
  v_raw text;
  v_ip inet;
begin
  begin
    v_headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    return 'invalid';
  end;
  v_raw := coalesce(nullif(btrim(v_headers ->> 'cf-connecting-ip'), ''), nullif(btrim(v_headers ->> 'x-real-ip'), ''));
  if v_raw is null then
    return 'unknown';
  end if;
  begin
    v_ip := v_raw::inet;
  exception when others then
    return 'invalid';
  end;
  if family(v_ip) = 6 and v_ip << '::ffff:0:0/96'::inet then
    -- an IPv4 address written as IPv6 (a dual-stack socket): the IPv4 address it is
    v_ip := split_part(host(v_ip), ':', 4)::inet;
  end if;
  if family(v_ip) = 4 then
    return 'v4:' || host(v_ip);
  end if;
  return 'v6:' || network(set_masklen(v_ip, 64))::text;
end;
$$;

/** A salted hash of request_network(): what the limits count per source. */
create function private.request_source()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select md5(s.salt || ':' || private.request_network()) from private.engagement_salt s
$$;

-- One row per counted action of a source, kept two days (the longest window is one UTC day).
create table private.engagement_hits (
  bucket text not null,
  source text not null,
  created_at timestamptz not null default now()
);
comment on table private.engagement_hits is 'Per-source counts for the engagement limits: bucket (''contact'', ''events:<customer>'', ''visitors:<customer>''), hashed source, time.';
create index engagement_hits_bucket_source_created_at_idx on private.engagement_hits (bucket, source, created_at);
create index engagement_hits_created_at_idx on private.engagement_hits (created_at);
alter table private.engagement_hits enable row level security;
revoke all on table private.engagement_hits from public, anon, authenticated;

-- ─── record_event ───────────────────────────────────────────────────────────────
-- Same signature and answers as before: true when stored, false when dropped by a limit (the client
-- ignores it: analytics never blocks a guest); invalid input raises P0001 / 'invalid_event'.
create or replace function public.record_event(
  p_customer_id text,
  p_type text,
  p_activity_id uuid default null,
  p_visitor_id uuid default null
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_type public.analytics_event_type;
  v_day_start timestamptz := date_trunc('day', now() at time zone 'UTC') at time zone 'UTC';
  v_source text;
  v_new_visitor boolean;
begin
  if p_visitor_id is null then
    raise exception 'A visitor id is required'
      using errcode = 'P0001', detail = 'invalid_event';
  end if;
  if p_type is null or p_type not in ('qr_scan', 'map_view', 'activity_view', 'directions_click', 'share', 'favourite') then
    raise exception 'Unknown event type'
      using errcode = 'P0001', detail = 'invalid_event';
  end if;
  v_type := p_type::public.analytics_event_type;
  if not exists (select 1 from public.customers c
                 where c.id = p_customer_id and (c.is_public or private.can_manage_customer(c.id))) then
    raise exception 'Customer not found'
      using errcode = 'P0001', detail = 'invalid_event';
  end if;
  if v_type in ('activity_view', 'directions_click', 'favourite') and p_activity_id is null then
    raise exception 'This event needs an activity'
      using errcode = 'P0001', detail = 'invalid_event';
  end if;
  if p_activity_id is not null and not exists (
    select 1 from public.activities a
    where a.id = p_activity_id and a.customer_id = p_customer_id
      and (a.published or private.can_manage_customer(a.customer_id))
  ) then
    raise exception 'Activity not found on this map'
      using errcode = 'P0001', detail = 'invalid_event';
  end if;

  -- One map's events are counted and written one caller at a time (until this transaction ends).
  perform pg_advisory_xact_lock(hashtext('guestmap.record_event'), hashtext(p_customer_id));

  -- Per visitor id on this map: at most N a minute, and the same event once per 10 seconds.
  if (select count(*) from public.analytics_events e
      where e.visitor_id = p_visitor_id and e.customer_id = p_customer_id
        and e.created_at > now() - interval '1 minute') >= private.engagement_limit('analytics_visitor_per_minute') then
    return false;
  end if;
  if exists (select 1 from public.analytics_events e
             where e.visitor_id = p_visitor_id and e.created_at > now() - interval '10 seconds'
               and e.customer_id = p_customer_id and e.type = v_type
               and e.activity_id is not distinct from p_activity_id) then
    return false;
  end if;
  -- Per map, everyone together.
  if (select count(*) from public.analytics_events e
      where e.customer_id = p_customer_id and e.created_at > now() - interval '1 minute') >= private.engagement_limit('analytics_customer_per_minute') then
    return false;
  end if;
  -- Per source on this map and UTC day: events, and visitor ids not seen on this map today.
  v_source := private.request_source();
  if (select count(*) from private.engagement_hits h
      where h.bucket = 'events:' || p_customer_id and h.source = v_source and h.created_at >= v_day_start)
     >= private.engagement_limit('analytics_source_events_per_day') then
    return false;
  end if;
  v_new_visitor := not exists (select 1 from public.analytics_events e
                               where e.visitor_id = p_visitor_id and e.customer_id = p_customer_id and e.created_at >= v_day_start);
  if v_new_visitor and (select count(*) from private.engagement_hits h
                        where h.bucket = 'visitors:' || p_customer_id and h.source = v_source and h.created_at >= v_day_start)
                       >= private.engagement_limit('analytics_source_visitors_per_day') then
    return false;
  end if;

  insert into public.analytics_events (customer_id, activity_id, type, visitor_id)
  values (p_customer_id, p_activity_id, v_type, p_visitor_id);
  insert into private.engagement_hits (bucket, source) values ('events:' || p_customer_id, v_source);
  if v_new_visitor then
    insert into private.engagement_hits (bucket, source) values ('visitors:' || p_customer_id, v_source);
  end if;
  delete from private.engagement_hits h where h.created_at < now() - interval '2 days';
  return true;
end;
$$;
revoke all on function public.record_event(text, text, uuid, uuid) from public, anon, authenticated;
grant execute on function public.record_event(text, text, uuid, uuid) to anon, authenticated, service_role;

-- ─── contact messages ───────────────────────────────────────────────────────────
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
