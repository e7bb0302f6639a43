-- Engagement: bounds on what anonymous callers can write. record_event also caps each customer at
-- 600 events a minute (a flood with fresh visitor ids cannot grow the table without bound), and
-- contact messages are limited to 5 an hour per e-mail address and 200 an hour overall.

-- ─── record_event: per-customer cap ─────────────────────────────────────────────
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

  -- Rate limits: dropped events answer false (the client does not retry them).
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
  if (select count(*) from public.analytics_events e
      where e.customer_id = p_customer_id and e.created_at > now() - interval '1 minute') >= 600 then
    return false;
  end if;

  insert into public.analytics_events (customer_id, activity_id, type, visitor_id)
  values (p_customer_id, p_activity_id, v_type, p_visitor_id);
  return true;
end;
$$;
revoke all on function public.record_event(text, text, uuid, uuid) from public, anon, authenticated;
grant execute on function public.record_event(text, text, uuid, uuid) to anon, authenticated, service_role;

-- ─── contact messages: rate limit ───────────────────────────────────────────────
create index contact_messages_email_created_at_idx on public.contact_messages (lower(email), created_at);

create function private.limit_contact_messages()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select count(*) from public.contact_messages m
      where lower(m.email) = lower(new.email) and m.created_at > now() - interval '1 hour') >= 5
     or (select count(*) from public.contact_messages m where m.created_at > now() - interval '1 hour') >= 200 then
    raise exception 'Too many messages. Please wait a moment and try again.'
      using errcode = 'P0001', detail = 'rate_limited';
  end if;
  return new;
end;
$$;
revoke all on function private.limit_contact_messages() from public;

create trigger contact_messages_rate_limit
  before insert on public.contact_messages
  for each row execute function private.limit_contact_messages();

revoke execute on all functions in schema private from public;
