-- Engagement: anonymous analytics events (written only through record_event) and contact messages.

create type public.analytics_event_type as enum (
  'qr_scan', 'map_view', 'activity_view', 'directions_click', 'share', 'favourite'
);

-- ─── analytics events ───────────────────────────────────────────────────────────
-- visitor_id is a random id the browser keeps; no user id, IP or other personal data is stored.
create table public.analytics_events (
  id bigint generated always as identity primary key,
  customer_id text not null references public.customers (id) on delete cascade,
  activity_id uuid references public.activities (id) on delete set null,
  type public.analytics_event_type not null,
  visitor_id uuid not null,
  created_at timestamptz not null default now()
);
comment on table public.analytics_events is 'Anonymous usage events. Insert only through record_event(); readable by the customer''s moderators and admins.';
create index analytics_events_customer_id_created_at_idx on public.analytics_events (customer_id, created_at);
create index analytics_events_activity_id_idx on public.analytics_events (activity_id);
create index analytics_events_visitor_id_created_at_idx on public.analytics_events (visitor_id, created_at);

alter table public.analytics_events enable row level security;
revoke all on table public.analytics_events from anon, authenticated;
grant select on table public.analytics_events to authenticated;

create policy "Moderators and admins can read their customers' events"
  on public.analytics_events for select to authenticated
  using ((select private.is_admin()) or customer_id in (select private.moderated_customer_ids()));

-- Daily totals per customer and type, for the dashboard (runs with the caller's rights).
create view public.analytics_daily
with (security_invoker = true)
as
select
  e.customer_id,
  (e.created_at at time zone 'UTC')::date as day,
  e.type,
  count(*)::integer as events,
  count(distinct e.visitor_id)::integer as visitors
from public.analytics_events e
group by e.customer_id, (e.created_at at time zone 'UTC')::date, e.type;
comment on view public.analytics_daily is 'Per customer, UTC day and event type: events and distinct visitors. Security invoker.';
revoke all on table public.analytics_daily from anon, authenticated;
grant select on table public.analytics_daily to authenticated;

-- Records one event. Returns true when stored, false when dropped by the rate limit (at most 60
-- events per visitor per minute, and one identical event per visitor per 10 seconds).
-- Invalid input raises P0001 with detail 'invalid_event'.
create function public.record_event(
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

  if (select count(*) from public.analytics_events e
      where e.visitor_id = p_visitor_id and e.created_at > now() - interval '1 minute') >= 60 then
    return false;
  end if;
  if exists (select 1 from public.analytics_events e
             where e.visitor_id = p_visitor_id and e.created_at > now() - interval '10 seconds'
               and e.customer_id = p_customer_id and e.type = v_type
               and e.activity_id is not distinct from p_activity_id) then
    return false;
  end if;

  insert into public.analytics_events (customer_id, activity_id, type, visitor_id)
  values (p_customer_id, p_activity_id, v_type, p_visitor_id);
  return true;
end;
$$;
revoke all on function public.record_event(text, text, uuid, uuid) from public, anon, authenticated;
grant execute on function public.record_event(text, text, uuid, uuid) to anon, authenticated, service_role;

-- ─── contact messages ───────────────────────────────────────────────────────────
-- Anyone may send one (insert with return=minimal); only administrators read and handle them.
create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  hotel text,
  message text not null,
  locale public.app_language not null default 'en-US',
  handled_at timestamptz,
  created_at timestamptz not null default now(),
  constraint contact_messages_name_length check (char_length(btrim(name)) between 1 and 120),
  constraint contact_messages_email_format check (char_length(email) <= 320 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  constraint contact_messages_hotel_length check (hotel is null or char_length(hotel) <= 200),
  constraint contact_messages_message_length check (char_length(btrim(message)) between 1 and 5000)
);
comment on table public.contact_messages is 'Contact form submissions. Clients insert only (return=minimal); admins read.';
create index contact_messages_created_at_idx on public.contact_messages (created_at desc);

alter table public.contact_messages enable row level security;
revoke all on table public.contact_messages from anon, authenticated;
grant insert (name, email, hotel, message, locale) on table public.contact_messages to anon, authenticated;
grant select, update (handled_at), delete on table public.contact_messages to authenticated;

create policy "Anyone can send a new contact message"
  on public.contact_messages for insert to anon, authenticated
  with check (handled_at is null);

create policy "Admins can read contact messages"
  on public.contact_messages for select to authenticated
  using ((select private.is_admin()));

create policy "Admins can mark contact messages handled"
  on public.contact_messages for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can delete contact messages"
  on public.contact_messages for delete to authenticated
  using ((select private.is_admin()));
