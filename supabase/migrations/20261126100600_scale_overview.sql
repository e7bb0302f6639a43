-- Scale (issue 31), the biggest city's overview and the draws; docs/scale.md has the figures and plans:
--   1. the dashboard's "unique guests" of a period without counting distinct visitors on each view;
--   2. its top places from snapshots of views before each month start (two snapshots a period, not
--      every month's views; section "top places" below);
--   3. the rewards' small SQL helpers in plpgsql, so their plans are kept per session (section
--      "play_reward and redeem_voucher").
--
-- Before, a period's unique guests were `count(distinct visitor_id)` over the period's rows of
-- private.analytics_day_visitors: for the biggest city's year (1.2 M events) 180,000 visitor-days
-- hashed into 93,000 visitors on every view, twice (the current and the previous period).
--
-- Now: every visitor-day is filed under the day the same visitor was last seen before it
-- (private.analytics_visitor_gaps: customer, day, previous day, visitors). A visitor seen in
-- [from, to) is counted exactly once there: on the first of its days in the period, which is the
-- only one of them whose previous day is before `from` (or that has none). So
--
--   unique guests of [from, to) = sum(visitors) where from <= day < to and prev_day < from
--
-- exactly, and what is read is bounded by days × distinct previous days (at most 366 × 367 rows a
-- year, whatever the traffic; about 7 previous days a day in the scale data), not by visitors.
-- A first visit, or a previous day more than 366 days before, is filed under prev_day = -infinity:
-- the overview's periods are at most 366 days, so such a previous day is before `from` of every
-- period that contains the day, and the count stays exact.
--
-- private.analytics_visitors keeps each (customer, visitor)'s sorted UTC days: the trigger needs the
-- neighbours of a new or removed day. Its row is also the lock that orders two transactions adding
-- days of the same visitor (a new day between two others changes the next day's previous day).
-- A visitor row is never deleted by the trigger (an emptied one keeps `{}`), so a concurrent writer
-- that found the row always finds it again when it locks it.
--
-- private.analytics_rollups_maintain(), private.rebuild_analytics_rollups(),
-- private.analytics_rollups_truncate() and private.overview_period() are replaced; the shipped
-- rollups stay as they were.

-- ─── tables ─────────────────────────────────────────────────────────────────────
create table private.analytics_visitors (
  customer_id text not null,
  visitor_id uuid not null,
  days date[] not null,
  primary key (customer_id, visitor_id)
);
create table private.analytics_visitor_gaps (
  customer_id text not null,
  day date not null,
  prev_day date not null,
  visitors integer not null,
  primary key (customer_id, day, prev_day) include (visitors)
);
comment on table private.analytics_visitors is 'Per customer and visitor: the UTC days with events, sorted (trigger-maintained; the lock for the visitor''s gaps).';
comment on table private.analytics_visitor_gaps is 'Visitor-days per customer, UTC day and the visitor''s previous day (-infinity: none within 366 days); unique guests of [a, b) = sum where a <= day < b and prev_day < a.';
alter table private.analytics_visitors enable row level security;
alter table private.analytics_visitor_gaps enable row level security;
revoke all on table private.analytics_visitors, private.analytics_visitor_gaps from public, anon, authenticated;

create type private.analytics_visitor_change as (customer_id text, visitor_id uuid, old_days date[], new_days date[]);

-- The (day, previous day) pairs of one visitor's sorted days.
create function private.analytics_visitor_gap_rows(p_days date[])
returns table (day date, prev_day date)
language sql
immutable
set search_path = ''
as $$
  select x.d, case when x.p is null or x.d - x.p > 366 then '-infinity'::date else x.p end
  from (select u.d, lag(u.d) over (order by u.d) as p from unnest(p_days) as u(d)) x
$$;
revoke all on function private.analytics_visitor_gap_rows(date[]) from public;

-- Applies visitors' old and new day sets to the gaps: subtract the old pairs, add the new ones.
create function private.analytics_visitor_gaps_apply(p_changes private.analytics_visitor_change[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.analytics_visitor_gaps as r (customer_id, day, prev_day, visitors)
  select d.customer_id, d.day, d.prev_day, sum(d.sign)
  from (
    select c.customer_id, g.day, g.prev_day, 1 as sign
    from unnest(p_changes) c, private.analytics_visitor_gap_rows(c.new_days) g
    union all
    select c.customer_id, g.day, g.prev_day, -1
    from unnest(p_changes) c, private.analytics_visitor_gap_rows(c.old_days) g
  ) d
  group by 1, 2, 3 having sum(d.sign) <> 0 order by 1, 2, 3
  on conflict (customer_id, day, prev_day) do update set visitors = r.visitors + excluded.visitors;
  delete from private.analytics_visitor_gaps r
  using (select distinct c.customer_id, g.day, g.prev_day
         from unnest(p_changes) c, private.analytics_visitor_gap_rows(c.old_days) g) o
  where r.customer_id = o.customer_id and r.day = o.day and r.prev_day = o.prev_day and r.visitors <= 0;
end;
$$;
revoke all on function private.analytics_visitor_gaps_apply(private.analytics_visitor_change[]) from public;

-- ─── top places: views before each month start ──────────────────────────────────────────────────
-- A year's top places summed every place's monthly views: 12 × 9,500 rows and the partial months' days
-- for the biggest city (128,000 rows, 243 ms p50 at full size on this machine). Now a place's views in
-- [from, to) = views before `to` − views before `from`, and "views before x" is read from the snapshot
-- of views before the month start nearest to x (analytics_month_cum: customer, month start, place →
-- views before that month), corrected by the days between that month start and x (at most about 15
-- days: the nearer of the two month starts around x). A year of the biggest city reads 2 snapshots
-- (9,500 rows each at most) and the edge days, not 12 months. Exact, like the rollups it comes from.
--
-- A customer's snapshots cover every month start after its first viewed month up to the one after its
-- latest viewed month (for a live map: the next month, i.e. the running totals). An event viewed in
-- month m adds to every snapshot after m; a view in a month past the last snapshot first extends the
-- snapshots (each new one = the previous one + that month's views), under an exclusive advisory lock
-- of the customer, while writers that only add take it shared: an extension never copies a snapshot
-- that a concurrent writer is still adding to.
create table private.analytics_month_cum (
  customer_id text not null,
  month date not null,
  activity_id uuid not null,
  views bigint not null,
  primary key (customer_id, month, activity_id) include (views)
);
comment on table private.analytics_month_cum is 'Per customer, month start and place: activity_view events before that month start (trigger-maintained; the top places of a period read two of these).';
alter table private.analytics_month_cum enable row level security;
revoke all on table private.analytics_month_cum from public, anon, authenticated;

create type private.analytics_view_delta as (customer_id text, month date, activity_id uuid, views bigint);

-- Adds views (signed; month = the UTC month start of the events) to the snapshots after their month.
-- Called by the trigger before it updates analytics_month_views, so an extension reads that rollup
-- without this statement's views and the addition below puts them in every snapshot once.
create function private.analytics_month_cum_apply(p_deltas private.analytics_view_delta[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_customer text;
  v_need date;
  v_top date;
  v_month date;
begin
  for v_customer, v_need in
    select d.customer_id, (max(d.month) + interval '1 month')::date from unnest(p_deltas) d
    group by d.customer_id order by d.customer_id
  loop
    select max(c.month) into v_top from private.analytics_month_cum c where c.customer_id = v_customer;
    if v_top is null or v_top < v_need then
      perform pg_advisory_xact_lock(hashtextextended('analytics_month_cum:' || v_customer, 0));
      select max(c.month) into v_top from private.analytics_month_cum c where c.customer_id = v_customer;
      if v_top is null then
        -- The first snapshot: the month after the customer's first viewed month (or this statement's).
        select (least(min(m.month), (select min(d.month) from unnest(p_deltas) d where d.customer_id = v_customer))
                + interval '1 month')::date
        into v_month from private.analytics_month_views m where m.customer_id = v_customer;
        v_month := coalesce(v_month, (select (min(d.month) + interval '1 month')::date from unnest(p_deltas) d
                                      where d.customer_id = v_customer));
        insert into private.analytics_month_cum (customer_id, month, activity_id, views)
        select v_customer, v_month, m.activity_id, sum(m.views) from private.analytics_month_views m
        where m.customer_id = v_customer and m.month < v_month group by m.activity_id order by m.activity_id;
        -- A customer with no view before its first snapshot still needs a row to mark it.
        v_top := v_month;
        if not exists (select 1 from private.analytics_month_cum c where c.customer_id = v_customer and c.month = v_top) then
          insert into private.analytics_month_cum (customer_id, month, activity_id, views)
          values (v_customer, v_top, '00000000-0000-0000-0000-000000000000', 0);
        end if;
      end if;
      while v_top < v_need loop
        v_month := (v_top + interval '1 month')::date;
        insert into private.analytics_month_cum (customer_id, month, activity_id, views)
        select v_customer, v_month, x.activity_id, sum(x.views)
        from (select c.activity_id, c.views from private.analytics_month_cum c where c.customer_id = v_customer and c.month = v_top
              union all
              select m.activity_id, m.views from private.analytics_month_views m where m.customer_id = v_customer and m.month = v_top) x
        group by x.activity_id order by x.activity_id;
        v_top := v_month;
      end loop;
    else
      perform pg_advisory_xact_lock_shared(hashtextextended('analytics_month_cum:' || v_customer, 0));
      -- Snapshots only grow: the top read before the lock is still there.
      select max(c.month) into v_top from private.analytics_month_cum c where c.customer_id = v_customer;
    end if;
    insert into private.analytics_month_cum as r (customer_id, month, activity_id, views)
    select d.customer_id, g.month::date, d.activity_id, sum(d.views)
    from unnest(p_deltas) d,
         generate_series((d.month + interval '1 month')::timestamp, v_top::timestamp, interval '1 month') g(month)
    where d.customer_id = v_customer
    group by 1, 2, 3 having sum(d.views) <> 0 order by 1, 2, 3
    on conflict (customer_id, month, activity_id) do update set views = r.views + excluded.views;
  end loop;
end;
$$;
revoke all on function private.analytics_month_cum_apply(private.analytics_view_delta[]) from public;

-- The top 10 places by views in [p_from, p_to) (ties by id), with their titles.
create function private.overview_top_places(p_customer_id text, p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_snap date[] := array[null, null]::date[];  -- per end (1 = to, 2 = from): the snapshot read
  v_lo date[] := array[null, null]::date[];    -- and its correcting days [lo, hi), with a sign
  v_hi date[] := array[null, null]::date[];
  v_dir integer[] := array[1, 1];
  v_x date;
  v_below date;
  v_above date;
begin
  for i in 1 .. 2 loop
    v_x := case i when 1 then p_to else p_from end;
    select max(c.month) into v_below from private.analytics_month_cum c where c.customer_id = p_customer_id and c.month <= v_x;
    select min(c.month) into v_above from private.analytics_month_cum c where c.customer_id = p_customer_id and c.month >= v_x;
    if v_above is not null and (v_below is null or v_above - v_x < v_x - v_below) then
      -- Views before x = the snapshot after x − the days from x to it.
      v_snap[i] := v_above; v_lo[i] := v_x; v_hi[i] := v_above; v_dir[i] := -1;
    elsif v_below is not null then
      -- = the snapshot before x + the days from it to x.
      v_snap[i] := v_below; v_lo[i] := v_below; v_hi[i] := v_x;
    else
      -- No snapshot: every day before x.
      v_lo[i] := '-infinity'; v_hi[i] := v_x;
    end if;
  end loop;
  return (
    select coalesce(jsonb_agg(jsonb_build_object('activity_id', t.activity_id, 'views', t.views, 'title', a.title)
                              order by t.views desc, t.activity_id::text), '[]'::jsonb)
    from (
      select x.activity_id, sum(x.views)::bigint as views
      from (
        select c.activity_id, c.views from private.analytics_month_cum c
        where c.customer_id = p_customer_id and c.month = v_snap[1]
        union all
        select v.activity_id, v_dir[1] * v.views from private.analytics_day_views v
        where v.customer_id = p_customer_id and v.day >= v_lo[1] and v.day < v_hi[1]
        union all
        select c.activity_id, -c.views from private.analytics_month_cum c
        where c.customer_id = p_customer_id and c.month = v_snap[2]
        union all
        select v.activity_id, -v_dir[2] * v.views from private.analytics_day_views v
        where v.customer_id = p_customer_id and v.day >= v_lo[2] and v.day < v_hi[2]
      ) x
      group by x.activity_id
      having sum(x.views) > 0
      order by 2 desc, x.activity_id::text
      limit 10
    ) t left join public.activities a on a.id = t.activity_id);
end;
$$;
revoke all on function private.overview_top_places(text, date, date) from public;

-- ─── maintenance (replaces the shipped function; same rollups, plus the visitors' gaps) ──────────
create or replace function private.analytics_rollups_maintain()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_changes private.analytics_visitor_change[];
  v_more private.analytics_visitor_change[];
  v_views private.analytics_view_delta[];
begin
  if tg_op = 'INSERT' then
    select coalesce(array_agg(row(x.customer_id, x.month, x.activity_id, x.n)::private.analytics_view_delta), '{}')
    into v_views
    from (select n.customer_id, date_trunc('month', n.created_at at time zone 'UTC')::date as month, n.activity_id, count(*) as n
          from new_rows n where n.type = 'activity_view' and n.activity_id is not null
          group by 1, 2, 3) x;
    if cardinality(v_views) > 0 then
      perform private.analytics_month_cum_apply(v_views);
    end if;
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

    -- Visitors seen for the first time: their row, with their days (the insert holds its lock).
    with a as (
      select n.customer_id, n.visitor_id,
             array_agg(distinct (n.created_at at time zone 'UTC')::date order by (n.created_at at time zone 'UTC')::date) as days
      from new_rows n group by 1, 2
    ), ins as (
      insert into private.analytics_visitors as v (customer_id, visitor_id, days)
      select a.customer_id, a.visitor_id, a.days from a order by 1, 2
      on conflict (customer_id, visitor_id) do nothing
      returning v.customer_id, v.visitor_id, v.days
    )
    select coalesce(array_agg(row(i.customer_id, i.visitor_id, '{}'::date[], i.days)::private.analytics_visitor_change), '{}')
    into v_changes from ins i;
    -- Known visitors on a day new to them: lock their row (in key order), merge the days. A row
    -- changed meanwhile by another transaction is re-read once its lock is granted (the condition
    -- and the merge see the committed days).
    select coalesce(array_agg(row(x.customer_id, x.visitor_id, x.days, x.merged)::private.analytics_visitor_change), '{}')
    into v_more
    from (
      select v.customer_id, v.visitor_id, v.days,
             (select array_agg(distinct u.d order by u.d) from unnest(v.days || a.days) as u(d)) as merged
      from private.analytics_visitors v
      join (select n.customer_id, n.visitor_id, array_agg(distinct (n.created_at at time zone 'UTC')::date) as days
            from new_rows n group by 1, 2) a
        on a.customer_id = v.customer_id and a.visitor_id = v.visitor_id
      where not (a.days <@ v.days)
      order by v.customer_id, v.visitor_id
      for update of v
    ) x;
    if cardinality(v_more) > 0 then
      update private.analytics_visitors v set days = c.new_days
      from unnest(v_more) c where v.customer_id = c.customer_id and v.visitor_id = c.visitor_id;
    end if;
    v_changes := v_changes || v_more;
    if cardinality(v_changes) > 0 then
      perform private.analytics_visitor_gaps_apply(v_changes);
    end if;
    return null;
  end if;

  -- UPDATE or DELETE: subtract the old rows, add the new ones (UPDATE), then drop rows at zero.
  create temporary table if not exists pg_temp.analytics_rollup_delta (
    customer_id text, day date, type public.analytics_event_type, visitor_id uuid, activity_id uuid, sign integer
  ) on commit drop;
  if tg_op = 'UPDATE' then
    insert into pg_temp.analytics_rollup_delta
    select o.customer_id, (o.created_at at time zone 'UTC')::date, o.type, o.visitor_id, o.activity_id, -1 from old_rows o
    union all
    select n.customer_id, (n.created_at at time zone 'UTC')::date, n.type, n.visitor_id, n.activity_id, 1 from new_rows n;
  else
    insert into pg_temp.analytics_rollup_delta
    select o.customer_id, (o.created_at at time zone 'UTC')::date, o.type, o.visitor_id, o.activity_id, -1 from old_rows o;
  end if;

  select coalesce(array_agg(row(x.customer_id, x.month, x.activity_id, x.n)::private.analytics_view_delta), '{}')
  into v_views
  from (select d.customer_id, date_trunc('month', d.day::timestamp)::date as month, d.activity_id, sum(d.sign) as n
        from pg_temp.analytics_rollup_delta d where d.type = 'activity_view' and d.activity_id is not null
        group by 1, 2, 3 having sum(d.sign) <> 0) x;
  if cardinality(v_views) > 0 then
    perform private.analytics_month_cum_apply(v_views);
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

  -- The visitors concerned (after their day rows, as inserts do: one lock order): their row exists
  -- (new ones made here), locked in key order, so that their days are read below, in a statement of
  -- its own, after every earlier writer committed.
  insert into private.analytics_visitors as v (customer_id, visitor_id, days)
  select distinct d.customer_id, d.visitor_id, '{}'::date[] from pg_temp.analytics_rollup_delta d order by 1, 2
  on conflict (customer_id, visitor_id) do nothing;
  perform 1 from (
    select 1 from private.analytics_visitors v
    where (v.customer_id, v.visitor_id) in (select d.customer_id, d.visitor_id from pg_temp.analytics_rollup_delta d)
    order by v.customer_id, v.visitor_id
    for update of v
  ) l;

  -- The visitors' days now: of their known days and the days of the change, those that still have
  -- events (a fresh statement: it sees every writer that held a lock before ours).
  select coalesce(array_agg(row(x.customer_id, x.visitor_id, x.days, x.kept)::private.analytics_visitor_change), '{}')
  into v_changes
  from (
    select v.customer_id, v.visitor_id, v.days,
           coalesce((select array_agg(distinct u.d order by u.d) from unnest(v.days || a.days) as u(d)
                     where exists (select 1 from private.analytics_day_visitors dv
                                   where dv.customer_id = v.customer_id and dv.day = u.d and dv.visitor_id = v.visitor_id)),
                    '{}') as kept
    from private.analytics_visitors v
    join (select d.customer_id, d.visitor_id, array_agg(distinct d.day) as days
          from pg_temp.analytics_rollup_delta d group by 1, 2) a
      on a.customer_id = v.customer_id and a.visitor_id = v.visitor_id
  ) x
  where x.kept is distinct from x.days;
  if cardinality(v_changes) > 0 then
    update private.analytics_visitors v set days = c.new_days
    from unnest(v_changes) c where v.customer_id = c.customer_id and v.visitor_id = c.visitor_id;
    perform private.analytics_visitor_gaps_apply(v_changes);
  end if;
  delete from pg_temp.analytics_rollup_delta;
  return null;
end;
$$;

create or replace function private.analytics_rollups_truncate()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  truncate private.analytics_day_counts, private.analytics_day_visitors, private.analytics_day_views,
    private.analytics_month_views, private.analytics_visitors, private.analytics_visitor_gaps,
    private.analytics_month_cum;
  return null;
end;
$$;

-- Rebuilds the shipped rollups from the raw events, then the visitors and their gaps from the
-- visitor-days.
create or replace function private.rebuild_analytics_rollups()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  lock table public.analytics_events in share mode;
  truncate private.analytics_day_counts, private.analytics_day_visitors, private.analytics_day_views,
    private.analytics_month_views, private.analytics_visitors, private.analytics_visitor_gaps;
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
  perform private.rebuild_analytics_visitor_gaps();
  perform private.rebuild_analytics_month_cum();
end;
$$;

create function private.rebuild_analytics_visitor_gaps()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  truncate private.analytics_visitors, private.analytics_visitor_gaps;
  insert into private.analytics_visitors (customer_id, visitor_id, days)
  select v.customer_id, v.visitor_id, array_agg(v.day order by v.day)
  from private.analytics_day_visitors v group by 1, 2 order by 1, 2;
  insert into private.analytics_visitor_gaps (customer_id, day, prev_day, visitors)
  select x.customer_id, x.day, case when x.p is null or x.day - x.p > 366 then '-infinity'::date else x.p end, count(*)
  from (select v.customer_id, v.day, lag(v.day) over (partition by v.customer_id, v.visitor_id order by v.day) as p
        from private.analytics_day_visitors v) x
  group by 1, 2, 3 order by 1, 2, 3;
end;
$$;
revoke all on function private.rebuild_analytics_visitor_gaps() from public;

create function private.rebuild_analytics_month_cum()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  truncate private.analytics_month_cum;
  -- Per customer: every month start after its first viewed month up to the one after its last.
  insert into private.analytics_month_cum (customer_id, month, activity_id, views)
  select s.customer_id, s.month, m.activity_id, sum(m.views)
  from (select r.customer_id, g.month::date as month
        from (select customer_id, min(month) as first, max(month) as last from private.analytics_month_views group by 1) r,
             generate_series((r.first + interval '1 month')::timestamp, (r.last + interval '1 month')::timestamp, interval '1 month') g(month)) s
  join private.analytics_month_views m on m.customer_id = s.customer_id and m.month < s.month
  group by 1, 2, 3 order by 1, 2, 3;
end;
$$;
revoke all on function private.rebuild_analytics_month_cum() from public;

-- Existing data (the rollups are exact: build from them).
select private.rebuild_analytics_visitor_gaps();
select private.rebuild_analytics_month_cum();

-- ─── the overview's period ──────────────────────────────────────────────────────
-- As shipped, but unique guests from the gaps (periods of at most 366 days: dashboard_overview checks).
create or replace function private.overview_period(p_customer_id text, p_from date, p_to date)
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
    'unique_guests', (select coalesce(sum(g.visitors), 0)::bigint from private.analytics_visitor_gaps g
                      where g.customer_id = p_customer_id and g.day >= p_from and g.day < p_to and g.prev_day < p_from),
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

-- ─── play_reward and redeem_voucher: helpers whose plans are kept ──────────────────────────────────
-- A `language sql` function that cannot be inlined (these are security definer) is parsed and planned
-- again in every transaction that calls it; a plpgsql function keeps its plans for the session. The
-- draw called four such helpers per play: about 0.5 ms of a warm play's 1.2 ms in the server
-- (docs/scale.md). Same bodies, same results, same rights; only the language changes. (is_active_user
-- stays as it is: row-level security policies call it.)
create or replace function private.customer_day(p_customer_id text)
returns date
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (now() at time zone coalesce((select c.time_zone from public.customers c where c.id = p_customer_id), 'UTC'))::date;
end;
$$;

create or replace function private.reward_campaign_is_live(p_campaign_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1 from public.reward_campaigns c
    where c.id = p_campaign_id and c.active
      and (c.starts_at is null or c.starts_at <= now())
      and (c.ends_at is null or now() < c.ends_at)
  );
end;
$$;

create or replace function private.play_outcome(p_play_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select jsonb_build_object(
      'play_id', p.id, 'campaign_id', p.campaign_id, 'prize_id', p.prize_id, 'prize_kind', p.prize_kind,
      'label', p.label, 'points', p.points, 'voucher_code', v.code, 'voucher_expires_at', v.expires_at,
      'discount_pct', v.discount_pct, 'discount_text', v.discount_text, 'activity_id', v.activity_id,
      'played_at', p.played_at)
    from public.reward_plays p left join public.vouchers v on v.play_id = p.id
    where p.id = p_play_id);
end;
$$;

create or replace function private.transaction_result(p_tx public.partner_transactions)
returns jsonb
language plpgsql
immutable
security definer
set search_path = ''
as $$
begin
  return jsonb_build_object(
    'ok', true, 'transaction_id', p_tx.id, 'voucher_id', p_tx.voucher_id, 'customer_id', p_tx.customer_id,
    'activity_id', p_tx.activity_id, 'amount_minor', p_tx.amount_minor, 'currency', p_tx.currency,
    'commission_minor', p_tx.commission_minor, 'hotel_share_minor', p_tx.hotel_share_minor,
    'platform_fee_minor', p_tx.platform_fee_minor, 'reinvestment_minor', p_tx.reinvestment_minor,
    'net_to_hotel_minor', p_tx.net_to_hotel_minor, 'created_at', p_tx.created_at,
    'commission_rate', p_tx.commission_rate, 'status', p_tx.status);
end;
$$;

-- ─── the overview: top places from the snapshots (otherwise as shipped) ────────────────────────────
create or replace function public.dashboard_overview(p_customer_id text, p_days integer, p_today date default null)
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
begin
  perform private.require_manager(p_customer_id);
  if p_days is null or p_days not between 1 and 366 then
    raise exception 'The period is 1 to 366 days' using errcode = 'P0001', detail = 'invalid_period';
  end if;
  v_end := v_today + 1;
  v_cur_from := v_end - p_days;
  v_prev_from := v_cur_from - p_days;
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
    'top_activities', private.overview_top_places(p_customer_id, v_cur_from, v_end));
end;
$$;
