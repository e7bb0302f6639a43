-- Scale (issue 31): the dashboard overview's remaining server time (docs/scale.md, "What was changed").
-- The same figures, computed with less work; nothing else changes.
--
--   * Top places: the sums were numeric (sum of a bigint column is numeric in PostgreSQL) over about
--     18,000 rows for the biggest city's year, and the top ten were ordered by activity_id::text (a text
--     made of each of 9,500 uuids). Now integer sums (a place's views before a month start fit an
--     integer as every other views column of the rollups; a value that did not would raise, never be
--     wrong) and ordered by the uuid itself: the same order (a uuid compares as its bytes, i.e. as its
--     lowercase hex text, whose hyphens stand at the same places in every uuid).
--   * The period's figures: a plpgsql function (its plans kept for the session, as the rewards' helpers
--     in 20261126100600) instead of a `language sql` function planned again in every call, twice per
--     overview.
--   * The daily series: built as json (text) and converted once, instead of 365 jsonb objects built,
--     hashed against the calendar and copied into the array one by one; the same values.

-- ─── top places ─────────────────────────────────────────────────────────────────
create or replace function private.overview_top_places(p_customer_id text, p_from date, p_to date)
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
                              order by t.views desc, t.activity_id), '[]'::jsonb)
    from (
      select x.activity_id, sum(x.views) as views
      from (
        select c.activity_id, c.views::integer as views from private.analytics_month_cum c
        where c.customer_id = p_customer_id and c.month = v_snap[1]
        union all
        select v.activity_id, v_dir[1] * v.views from private.analytics_day_views v
        where v.customer_id = p_customer_id and v.day >= v_lo[1] and v.day < v_hi[1]
        union all
        select c.activity_id, -c.views::integer from private.analytics_month_cum c
        where c.customer_id = p_customer_id and c.month = v_snap[2]
        union all
        select v.activity_id, -v_dir[2] * v.views from private.analytics_day_views v
        where v.customer_id = p_customer_id and v.day >= v_lo[2] and v.day < v_hi[2]
      ) x
      group by x.activity_id
      having sum(x.views) > 0
      order by 2 desc, x.activity_id
      limit 10
    ) t left join public.activities a on a.id = t.activity_id);
end;
$$;

-- ─── a period's figures ─────────────────────────────────────────────────────────
-- As 20261126100600_scale_overview.sql, in plpgsql.
create or replace function private.overview_period(p_customer_id text, p_from date, p_to date)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_from timestamptz := p_from::timestamp at time zone 'UTC';
  v_to timestamptz := p_to::timestamp at time zone 'UTC';
begin
  return jsonb_build_object(
    'counts', (select coalesce(jsonb_object_agg(x.type, x.n), '{}'::jsonb) from (
                 select r.type, sum(r.events)::bigint as n from private.analytics_day_counts r
                 where r.customer_id = p_customer_id and r.day >= p_from and r.day < p_to group by r.type) x),
    'unique_guests', (select coalesce(sum(g.visitors), 0)::bigint from private.analytics_visitor_gaps g
                      where g.customer_id = p_customer_id and g.day >= p_from and g.day < p_to and g.prev_day < p_from),
    'plays', (select count(*) from public.reward_plays p
              where p.customer_id = p_customer_id and p.played_at >= v_from and p.played_at < v_to),
    'redeemed', (select count(*) from public.vouchers v
                 where v.customer_id = p_customer_id and v.redeemed_at is not null
                   and v.redeemed_at >= v_from and v.redeemed_at < v_to),
    'spend', (select coalesce(jsonb_object_agg(x.currency, x.n), '{}'::jsonb) from (
                select t.currency::text as currency, sum(t.amount_minor)::bigint as n from public.partner_transactions t
                where t.customer_id = p_customer_id and t.status = 'confirmed'
                  and t.created_at >= v_from and t.created_at < v_to group by t.currency) x),
    'commission', (select coalesce(jsonb_object_agg(x.currency, x.n), '{}'::jsonb) from (
                     select t.currency::text as currency, sum(t.hotel_share_minor)::bigint as n from public.partner_transactions t
                     where t.customer_id = p_customer_id and t.status = 'confirmed'
                       and t.created_at >= v_from and t.created_at < v_to group by t.currency) x));
end;
$$;

-- ─── the overview ───────────────────────────────────────────────────────────────
-- As 20261126100600_scale_overview.sql; the daily series built as json.
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
    -- Every day of the period in order, a day without events as {} (the calendar merged with the
    -- rollup's days, both in day order).
    'daily', (
      select coalesce(json_agg(json_build_object('day', g.day, 'counts', coalesce(c.counts, '{}'::json)) order by g.day), '[]'::json)::jsonb
      from (select s::date as day from generate_series(v_cur_from, v_end - 1, interval '1 day') s) g
      left join (
        select r.day, json_object_agg(r.type, r.events) as counts
        from private.analytics_day_counts r
        where r.customer_id = p_customer_id and r.day >= v_cur_from and r.day < v_end
        group by r.day
      ) c on c.day = g.day),
    'top_activities', private.overview_top_places(p_customer_id, v_cur_from, v_end));
end;
$$;

-- ─── the settlement run: its probes by their indexes ────────────────────────────────────────────────
-- close_month checks that the month is not closed (private.month_is_closed, also called by the guard
-- of every partner transaction) and draws a random payment reference per invoice, checking that no
-- invoice has it (private.new_payment_reference). Each is one value of a unique index. When the
-- settlement tables' statistics say they are (nearly) empty, as at the first month end, or at each
-- month end until autovacuum analyses them, the planner reads them sequentially for these checks: a
-- run closing the month for every hotel in one session then reads every month and invoice it already
-- wrote for each new one (quadratic in the hotels: 1,000 hotels, 4,000 invoices, 4.1–5.6 s in one
-- transaction, growing along the run; about 2.2 s and flat with the probes by index, at load 12–13).
-- Their only queries are these probes: always by the index.
alter function private.new_payment_reference(date) set enable_seqscan = off;
alter function private.month_is_closed(text, date) set enable_seqscan = off;
