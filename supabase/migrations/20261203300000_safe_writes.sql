-- Hosted Supabase loads safeupdate for the Data API's sessions: an UPDATE or DELETE without a WHERE
-- clause is refused there ("DELETE requires a WHERE clause"), inside functions too, whatever role the
-- function runs as. The analytics rollups' trigger emptied its temporary table with a bare DELETE, so
-- deleting a place that has analytics events, or a customer, failed on hosted (issue 42). Same function,
-- its last statement qualified (`where true`: safeupdate checks that a WHERE clause exists, not what it says).
-- Rule (README, "The migration rule"): no UPDATE or DELETE without WHERE, in functions or migrations;
-- supabase/tests/database/31_safe_writes.test.ts reads every function body and every new migration.

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
  delete from pg_temp.analytics_rollup_delta where true;
  return null;
end;
$$;
