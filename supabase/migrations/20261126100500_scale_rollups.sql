-- Scale (issue 31): the dashboard's overview from rollups maintained as events arrive, and the indexes
-- the guest, dashboard, statement and rewards paths need at production size (1,000 hotels, 10 million
-- analytics events a year, 1 million partner transactions, 2 million reward plays). docs/scale.md has
-- the figures and plans.
--
-- Rollups (private, never exposed; only dashboard_overview() reads them)
--   * analytics_day_counts:   per customer, UTC day and event type: the number of events.
--   * analytics_day_visitors: per customer, UTC day and visitor id: the number of events. A period's
--                             "unique guests" = distinct visitor ids over its days (a visitor seen on
--                             several days counts once): exact, unlike summing daily distinct counts.
--   * analytics_day_views:    per customer, UTC day and place: activity_view events (top places).
--   * analytics_month_views:  the same per UTC month: a year's top places of a city with 10,000 places
--                             read 12 × 10,000 rows and the days of the partial months at the edges,
--                             not 365 × the places viewed each day.
--   They are maintained by statement-level triggers on analytics_events (after insert, update and
--   delete, with transition tables): one grouped upsert per statement, so record_event's single row and
--   a COPY of a million rows cost one statement each. Updates and deletes move or remove counts
--   (a deleted place's events keep counting, with no place: its views leave the top places, exactly as
--   the raw events' activity_id becomes null). A row whose count reaches 0 is deleted; TRUNCATE empties
--   them. Concurrent
--   inserts are exact: every change is an `insert … on conflict do update set n = n + excluded.n`,
--   which takes the row lock, so no increment is lost. private.rebuild_analytics_rollups() recomputes
--   them from the raw events (after a bulk load with triggers disabled).
--   Days are UTC days, as the overview's periods (docs/dashboard.md).

-- ─── rollup tables ──────────────────────────────────────────────────────────────
create table private.analytics_day_counts (
  customer_id text not null,
  day date not null,
  type public.analytics_event_type not null,
  events bigint not null,
  primary key (customer_id, day, type) include (events)
);
create table private.analytics_day_visitors (
  customer_id text not null,
  day date not null,
  visitor_id uuid not null,
  events integer not null,
  primary key (customer_id, day, visitor_id)
);
create table private.analytics_day_views (
  customer_id text not null,
  day date not null,
  activity_id uuid not null,
  views integer not null,
  primary key (customer_id, day, activity_id) include (views)
);
create table private.analytics_month_views (
  customer_id text not null,
  month date not null,
  activity_id uuid not null,
  views integer not null,
  primary key (customer_id, month, activity_id) include (views)
);
comment on table private.analytics_day_counts is 'Rollup of analytics_events: events per customer, UTC day and type (trigger-maintained).';
comment on table private.analytics_day_visitors is 'Rollup of analytics_events: events per customer, UTC day and visitor id (trigger-maintained).';
comment on table private.analytics_day_views is 'Rollup of analytics_events: activity_view events per customer, UTC day and place (trigger-maintained).';
comment on table private.analytics_month_views is 'Rollup of analytics_events: activity_view events per customer, UTC month and place (trigger-maintained).';
alter table private.analytics_day_counts enable row level security;
alter table private.analytics_day_visitors enable row level security;
alter table private.analytics_day_views enable row level security;
alter table private.analytics_month_views enable row level security;
revoke all on table private.analytics_day_counts, private.analytics_day_visitors, private.analytics_day_views,
  private.analytics_month_views from public, anon, authenticated;

-- ─── maintenance ────────────────────────────────────────────────────────────────
-- Applies a signed delta (rows of `d`: customer_id, created_at, type, visitor_id, activity_id, sign) to
-- the three rollups. Called by the trigger below with the statement's transition tables.
create function private.analytics_rollups_maintain()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.analytics_day_counts as r (customer_id, day, type, events)
    select n.customer_id, (n.created_at at time zone 'UTC')::date, n.type, count(*)
    from new_rows n group by 1, 2, 3 order by 1, 2, 3
    on conflict (customer_id, day, type) do update set events = r.events + excluded.events;
    insert into private.analytics_day_visitors as r (customer_id, day, visitor_id, events)
    select n.customer_id, (n.created_at at time zone 'UTC')::date, n.visitor_id, count(*)
    from new_rows n group by 1, 2, 3 order by 1, 2, 3
    on conflict (customer_id, day, visitor_id) do update set events = r.events + excluded.events;
    insert into private.analytics_day_views as r (customer_id, day, activity_id, views)
    select n.customer_id, (n.created_at at time zone 'UTC')::date, n.activity_id, count(*)
    from new_rows n where n.type = 'activity_view' and n.activity_id is not null
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (customer_id, day, activity_id) do update set views = r.views + excluded.views;
    insert into private.analytics_month_views as r (customer_id, month, activity_id, views)
    select n.customer_id, date_trunc('month', n.created_at at time zone 'UTC')::date, n.activity_id, count(*)
    from new_rows n where n.type = 'activity_view' and n.activity_id is not null
    group by 1, 2, 3 order by 1, 2, 3
    on conflict (customer_id, month, activity_id) do update set views = r.views + excluded.views;
    return null;
  end if;

  -- UPDATE or DELETE: subtract the old rows, add the new ones (UPDATE), then drop rows at zero.
  if tg_op = 'UPDATE' then
    create temporary table if not exists pg_temp.analytics_rollup_delta (
      customer_id text, day date, type public.analytics_event_type, visitor_id uuid, activity_id uuid, sign integer
    ) on commit drop;
    insert into pg_temp.analytics_rollup_delta
    select o.customer_id, (o.created_at at time zone 'UTC')::date, o.type, o.visitor_id, o.activity_id, -1 from old_rows o
    union all
    select n.customer_id, (n.created_at at time zone 'UTC')::date, n.type, n.visitor_id, n.activity_id, 1 from new_rows n;
  else
    create temporary table if not exists pg_temp.analytics_rollup_delta (
      customer_id text, day date, type public.analytics_event_type, visitor_id uuid, activity_id uuid, sign integer
    ) on commit drop;
    insert into pg_temp.analytics_rollup_delta
    select o.customer_id, (o.created_at at time zone 'UTC')::date, o.type, o.visitor_id, o.activity_id, -1 from old_rows o;
  end if;

  insert into private.analytics_day_counts as r (customer_id, day, type, events)
  select d.customer_id, d.day, d.type, sum(d.sign) from pg_temp.analytics_rollup_delta d
  group by 1, 2, 3 having sum(d.sign) <> 0 order by 1, 2, 3
  on conflict (customer_id, day, type) do update set events = r.events + excluded.events;
  insert into private.analytics_day_visitors as r (customer_id, day, visitor_id, events)
  select d.customer_id, d.day, d.visitor_id, sum(d.sign) from pg_temp.analytics_rollup_delta d
  group by 1, 2, 3 having sum(d.sign) <> 0 order by 1, 2, 3
  on conflict (customer_id, day, visitor_id) do update set events = r.events + excluded.events;
  insert into private.analytics_day_views as r (customer_id, day, activity_id, views)
  select d.customer_id, d.day, d.activity_id, sum(d.sign) from pg_temp.analytics_rollup_delta d
  where d.type = 'activity_view' and d.activity_id is not null
  group by 1, 2, 3 having sum(d.sign) <> 0 order by 1, 2, 3
  on conflict (customer_id, day, activity_id) do update set views = r.views + excluded.views;
  insert into private.analytics_month_views as r (customer_id, month, activity_id, views)
  select d.customer_id, date_trunc('month', d.day::timestamp)::date, d.activity_id, sum(d.sign) from pg_temp.analytics_rollup_delta d
  where d.type = 'activity_view' and d.activity_id is not null
  group by 1, 2, 3 having sum(d.sign) <> 0 order by 1, 2, 3
  on conflict (customer_id, month, activity_id) do update set views = r.views + excluded.views;

  delete from private.analytics_day_counts r using (select distinct customer_id, day, type from pg_temp.analytics_rollup_delta) d
  where r.customer_id = d.customer_id and r.day = d.day and r.type = d.type and r.events <= 0;
  delete from private.analytics_day_visitors r using (select distinct customer_id, day, visitor_id from pg_temp.analytics_rollup_delta) d
  where r.customer_id = d.customer_id and r.day = d.day and r.visitor_id = d.visitor_id and r.events <= 0;
  delete from private.analytics_day_views r using (select distinct customer_id, day, activity_id from pg_temp.analytics_rollup_delta) d
  where r.customer_id = d.customer_id and r.day = d.day and r.activity_id = d.activity_id and r.views <= 0;
  delete from private.analytics_month_views r
  using (select distinct customer_id, date_trunc('month', day::timestamp)::date as month, activity_id from pg_temp.analytics_rollup_delta) d
  where r.customer_id = d.customer_id and r.month = d.month and r.activity_id = d.activity_id and r.views <= 0;
  delete from pg_temp.analytics_rollup_delta;
  return null;
end;
$$;
revoke all on function private.analytics_rollups_maintain() from public;

create trigger analytics_events_rollup_insert
  after insert on public.analytics_events
  referencing new table as new_rows
  for each statement execute function private.analytics_rollups_maintain();
create trigger analytics_events_rollup_update
  after update on public.analytics_events
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.analytics_rollups_maintain();
create trigger analytics_events_rollup_delete
  after delete on public.analytics_events
  referencing old table as old_rows
  for each statement execute function private.analytics_rollups_maintain();

-- TRUNCATE of the events empties the rollups too (statement triggers see no rows for it).
create function private.analytics_rollups_truncate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  truncate private.analytics_day_counts, private.analytics_day_visitors, private.analytics_day_views,
    private.analytics_month_views;
  return null;
end;
$$;
revoke all on function private.analytics_rollups_truncate() from public;
create trigger analytics_events_rollup_truncate
  after truncate on public.analytics_events
  for each statement execute function private.analytics_rollups_truncate();

-- Recomputes every rollup from the raw events (after a bulk load with triggers disabled; the scale
-- loader calls it). Takes a share lock on the events so no insert runs in between. Rows go in key
-- order, so one customer's days sit together; the keys carry the counts (include), so the overview
-- reads them with index-only scans.
create function private.rebuild_analytics_rollups()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  lock table public.analytics_events in share mode;
  truncate private.analytics_day_counts, private.analytics_day_visitors, private.analytics_day_views,
    private.analytics_month_views;
  insert into private.analytics_day_counts (customer_id, day, type, events)
  select e.customer_id, (e.created_at at time zone 'UTC')::date, e.type, count(*)
  from public.analytics_events e group by 1, 2, 3 order by 1, 2, 3;
  insert into private.analytics_day_visitors (customer_id, day, visitor_id, events)
  select e.customer_id, (e.created_at at time zone 'UTC')::date, e.visitor_id, count(*)
  from public.analytics_events e group by 1, 2, 3 order by 1, 2, 3;
  insert into private.analytics_day_views (customer_id, day, activity_id, views)
  select e.customer_id, (e.created_at at time zone 'UTC')::date, e.activity_id, count(*)
  from public.analytics_events e where e.type = 'activity_view' and e.activity_id is not null group by 1, 2, 3 order by 1, 2, 3;
  insert into private.analytics_month_views (customer_id, month, activity_id, views)
  select v.customer_id, date_trunc('month', v.day::timestamp)::date, v.activity_id, sum(v.views)
  from private.analytics_day_views v group by 1, 2, 3 order by 1, 2, 3;
end;
$$;
revoke all on function private.rebuild_analytics_rollups() from public;

select private.rebuild_analytics_rollups();

-- ─── indexes for the paths at scale ─────────────────────────────────────────────
-- Overview: plays and redemptions of a hotel in a period (index-only counts instead of reading every
-- play or voucher of the hotel).
create index reward_plays_customer_played_at_idx on public.reward_plays (customer_id, played_at);
create index vouchers_customer_redeemed_at_idx on public.vouchers (customer_id, redeemed_at) where redeemed_at is not null;
-- Overview, statements and settlement: a hotel's confirmed transactions of a period, with the columns
-- they sum (index-only where the visibility map allows).
create index partner_transactions_customer_confirmed_idx on public.partner_transactions (customer_id, created_at)
  include (activity_id, currency, amount_minor, commission_minor, hotel_share_minor, platform_fee_minor,
           reinvestment_minor, net_to_hotel_minor)
  where status = 'confirmed';
-- The per-customer index covers it (customer_id first); the single-column one only cost writes.
drop index if exists public.reward_plays_customer_id_idx;

-- ─── the dashboard's overview ───────────────────────────────────────────────────
-- The figures of the overview for the last p_days whole UTC days ending with p_today (the caller's
-- today, as the dashboard's periodsFor computes it), and the p_days before: event counts per type,
-- unique guests, the daily counts of the current period, the top 10 places by views, and for hotels
-- the reward plays, redeemed vouchers, confirmed partner spend and the hotel's share per currency.
-- Moderators of the customer and administrators only (as the raw rows' RLS).
create function public.dashboard_overview(p_customer_id text, p_days integer, p_today date default null)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_today date := coalesce(p_today, (now() at time zone 'UTC')::date);
  v_cur_from date;
  v_prev_from date;
  v_end date;
  v_month_from date;
  v_month_to date;
begin
  perform private.require_manager(p_customer_id);
  if p_days is null or p_days not between 1 and 366 then
    raise exception 'The period is 1 to 366 days' using errcode = 'P0001', detail = 'invalid_period';
  end if;
  v_end := v_today + 1;
  v_cur_from := v_end - p_days;
  v_prev_from := v_cur_from - p_days;
  -- Top places: whole months of the period from the monthly rollup, the days before and after them
  -- from the daily one (a period inside one month: days only).
  v_month_from := case when date_trunc('month', v_cur_from::timestamp)::date = v_cur_from then v_cur_from
                       else (date_trunc('month', v_cur_from::timestamp) + interval '1 month')::date end;
  v_month_to := date_trunc('month', v_end::timestamp)::date;
  if v_month_from >= v_month_to then
    v_month_from := v_end;
    v_month_to := v_end;
  end if;
  return jsonb_build_object(
    'current_from', v_cur_from,
    'previous_from', v_prev_from,
    'end', v_end,
    'current', private.overview_period(p_customer_id, v_cur_from, v_end),
    'previous', private.overview_period(p_customer_id, v_prev_from, v_cur_from),
    'daily', (
      select coalesce(jsonb_agg(jsonb_build_object('day', g.day, 'counts', coalesce(c.counts, '{}'::jsonb)) order by g.day), '[]'::jsonb)
      from (select s::date as day from generate_series(v_cur_from, v_end - 1, interval '1 day') s) g
      left join (
        select r.day, jsonb_object_agg(r.type, r.events) as counts
        from private.analytics_day_counts r
        where r.customer_id = p_customer_id and r.day >= v_cur_from and r.day < v_end
        group by r.day
      ) c on c.day = g.day),
    'top_activities', (
      select coalesce(jsonb_agg(jsonb_build_object('activity_id', t.activity_id, 'views', t.views, 'title', a.title)
                                order by t.views desc, t.activity_id::text), '[]'::jsonb)
      from (
        select x.activity_id, sum(x.views)::bigint as views
        from (
          select m.activity_id, m.views from private.analytics_month_views m
          where m.customer_id = p_customer_id and m.month >= v_month_from and m.month < v_month_to
          union all
          select v.activity_id, v.views from private.analytics_day_views v
          where v.customer_id = p_customer_id and v.day >= v_cur_from and v.day < v_month_from
          union all
          select v.activity_id, v.views from private.analytics_day_views v
          where v.customer_id = p_customer_id and v.day >= v_month_to and v.day < v_end
        ) x
        group by x.activity_id
        order by 2 desc, x.activity_id::text
        limit 10
      ) t left join public.activities a on a.id = t.activity_id));
end;
$$;

-- One period [p_from, p_to) of UTC days.
create function private.overview_period(p_customer_id text, p_from date, p_to date)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with bounds as (
    select (p_from::timestamp at time zone 'UTC') as t_from, (p_to::timestamp at time zone 'UTC') as t_to
  )
  select jsonb_build_object(
    'counts', (select coalesce(jsonb_object_agg(x.type, x.n), '{}'::jsonb) from (
                 select r.type, sum(r.events)::bigint as n from private.analytics_day_counts r
                 where r.customer_id = p_customer_id and r.day >= p_from and r.day < p_to group by r.type) x),
    'unique_guests', (select count(*) from (select distinct v.visitor_id from private.analytics_day_visitors v
                      where v.customer_id = p_customer_id and v.day >= p_from and v.day < p_to) d),
    'plays', (select count(*) from public.reward_plays p, bounds b
              where p.customer_id = p_customer_id and p.played_at >= b.t_from and p.played_at < b.t_to),
    'redeemed', (select count(*) from public.vouchers v, bounds b
                 where v.customer_id = p_customer_id and v.redeemed_at is not null
                   and v.redeemed_at >= b.t_from and v.redeemed_at < b.t_to),
    'spend', (select coalesce(jsonb_object_agg(x.currency, x.n), '{}'::jsonb) from (
                select t.currency::text as currency, sum(t.amount_minor)::bigint as n from public.partner_transactions t, bounds b
                where t.customer_id = p_customer_id and t.status = 'confirmed'
                  and t.created_at >= b.t_from and t.created_at < b.t_to group by t.currency) x),
    'commission', (select coalesce(jsonb_object_agg(x.currency, x.n), '{}'::jsonb) from (
                     select t.currency::text as currency, sum(t.hotel_share_minor)::bigint as n from public.partner_transactions t, bounds b
                     where t.customer_id = p_customer_id and t.status = 'confirmed'
                       and t.created_at >= b.t_from and t.created_at < b.t_to group by t.currency) x))
$$;
revoke all on function private.overview_period(text, date, date) from public;
revoke all on function public.dashboard_overview(text, integer, date) from public, anon, authenticated;
grant execute on function public.dashboard_overview(text, integer, date) to authenticated, service_role;
