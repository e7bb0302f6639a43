// The scale bench (issue 31): each path the issue lists, on a loaded scale database, as the role and
// identity PostgREST would use (anon for guests, the hotel's moderator for the dashboard), p50/p95/p99
// of the database time seen by a client on the same machine, and the EXPLAIN (ANALYZE, BUFFERS) plan of
// every statement the path runs (auto_explain with nested statements, so the statements inside the
// RPCs are shown too). A plan that reads a large table sequentially is flagged.
import pg from 'pg';
import os from 'node:os';
import zlib from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../types/database.ts';
import WebSocket from 'ws';
import { startStack } from '@guestmap/local-stack/src/stack.ts';
import { signJwt } from '@guestmap/local-stack/src/jwt.ts';
import { pipelined } from '@guestmap/local-stack/src/db/db.ts';
import { plan as dataPlan, PARTNER_PIN, type ScaleOptions } from './generate.ts';

export interface PathResult {
  name: string;
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  target?: number;
  note?: string;
  plans?: string[];
  seqScans?: string[];
}

export interface BenchResult {
  label: string;
  /** The machine's load average (1, 5, 15 min) at the start and the end: the CPU is shared. */
  loadavg: { start: number[]; end: number[] };
  rows: Record<string, number>;
  /** Table + indexes, MB. */
  sizes: Record<string, number>;
  paths: PathResult[];
}

const LARGE = [
  'analytics_events',
  'partner_transactions',
  'reward_plays',
  'vouchers',
  'points_ledger',
  'activities',
  'users',
  'profiles',
  'user_customers',
  'analytics_day_counts',
  'analytics_day_visitors',
  'analytics_day_views',
  'reward_prizes',
  'commission_rates',
];

const PLACE_COLUMNS =
  'id, customer_id, slug, category, title, description, latitude, longitude, address, address_local, phone, website, price_level, opening_hours, photos, tags, is_partner, guest_offer, sort_order';
const CUSTOMER_COLUMNS =
  'id, kind, name, tagline, latitude, longitude, zoom, logo_url, primary_color, cover_url, welcome';

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function stats(name: string, ms: number[], extra: Partial<PathResult> = {}): PathResult {
  const s = [...ms].sort((a, b) => a - b);
  const r = (v: number) => Math.round(v * 100) / 100;
  return {
    name,
    n: s.length,
    p50: r(pct(s, 50)),
    p95: r(pct(s, 95)),
    p99: r(pct(s, 99)),
    max: r(s[s.length - 1] ?? NaN),
    ...extra,
  };
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

type Identity = { role: 'anon' } | { role: 'authenticated'; sub: string } | { role: 'postgres' };

function claims(id: Identity) {
  return id.role !== 'authenticated'
    ? { role: id.role }
    : { sub: id.sub, role: 'authenticated', aud: 'authenticated', is_anonymous: false, aal: 'aal1' };
}

const ROLE_AND_CLAIMS = "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)";

/**
 * One statement as the project's REST layer runs it (local-stack/src/db/db.ts): its own transaction, role
 * and claims set locally, in two round trips: BEGIN pipelined with the role and claims, then the statement
 * pipelined with COMMIT (a COMMIT after a failed statement rolls back). PostgREST runs the same statements;
 * `oneByOne` sends them one at a time (four round trips), as a client without pipelining does.
 */
async function asIdentity<T extends pg.QueryResultRow>(
  c: pg.Client,
  id: Identity,
  sql: string,
  params: unknown[],
  oneByOne = false,
): Promise<{ rows: T[]; ms: number }> {
  const claimsParams = [id.role, JSON.stringify(claims(id))];
  const t = now();
  if (oneByOne) {
    await c.query('begin');
    try {
      await c.query(ROLE_AND_CLAIMS, claimsParams);
      const r = await c.query<T>(sql, params);
      await c.query('commit');
      return { rows: r.rows, ms: now() - t };
    } catch (e) {
      await c.query('rollback');
      throw e;
    }
  }
  const opened = await pipelined(c, [() => c.query('begin'), () => c.query(ROLE_AND_CLAIMS, claimsParams)]);
  const failed = opened.find((x): x is PromiseRejectedResult => x.status === 'rejected');
  if (failed) {
    await c.query('rollback');
    throw failed.reason;
  }
  const [r, commit] = await pipelined(c, [() => c.query<T>(sql, params), () => c.query('commit')]);
  if (r!.status === 'rejected') throw r!.reason;
  if (commit!.status === 'rejected') throw commit!.reason;
  return { rows: (r as PromiseFulfilledResult<pg.QueryResult<T>>).value.rows, ms: now() - t };
}

/** The plans of every statement `sql` runs (nested ones included), as auto_explain prints them. */
async function plansOf(c: pg.Client, id: Identity, sql: string, params: unknown[]): Promise<string[]> {
  const notices: string[] = [];
  const onNotice = (m: { message?: string }) => notices.push(String(m.message));
  c.on('notice', onNotice);
  try {
    await c.query('begin');
    await c.query(
      "load 'auto_explain'; set local auto_explain.log_min_duration = 0; set local auto_explain.log_analyze = on; set local auto_explain.log_buffers = on; set local auto_explain.log_nested_statements = on; set local auto_explain.log_timing = on; set local auto_explain.log_level = notice",
    );
    await c.query(ROLE_AND_CLAIMS, [id.role, JSON.stringify(claims(id))]);
    await c.query(sql, params);
  } finally {
    await c.query('rollback');
    c.off('notice', onNotice);
  }
  // The outer statement's plan is the last notice; set_config's own plan is dropped.
  return notices.map((n) => n.replace(/^duration: [0-9.]+ ms\s+plan:\n/, '')).filter((n) => !n.includes('set_config'));
}

function seqScans(plans: string[]): string[] {
  const out = new Set<string>();
  for (const p of plans) {
    for (const m of p.matchAll(/Seq Scan on (?:[a-z_]+\.)?([a-z_]+)/g)) if (LARGE.includes(m[1]!)) out.add(m[1]!);
  }
  return [...out];
}

/** Runs `fn` n times (sequentially) and returns the timings. */
async function repeat(n: number, fn: (i: number) => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < 3; i++) await fn(i); // warm-up
  for (let i = 0; i < n; i++) out.push(await fn(i));
  return out;
}

export async function runBench(
  label: string,
  url: string,
  opts: ScaleOptions,
  log: (m: string) => void,
): Promise<BenchResult> {
  const { shape, hotels } = dataPlan(opts);
  const loadStart = os.loadavg().map((x) => Math.round(x * 10) / 10);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const paths: PathResult[] = [];
  const add = async (
    name: string,
    ms: number[],
    planCall: { id: Identity; sql: string; params: unknown[] } | null,
    extra: Partial<PathResult> = {},
  ) => {
    const plans = planCall ? await plansOf(c, planCall.id, planCall.sql, planCall.params) : undefined;
    const r = stats(name, ms, { ...extra, plans, seqScans: plans ? seqScans(plans) : undefined });
    paths.push(r);
    log(
      `  ${label} ${name}: p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms (n=${r.n})${r.seqScans?.length ? ' SEQ SCAN ' + r.seqScans.join(',') : ''}`,
    );
  };

  const rows: Record<string, number> = {};
  for (const t of [
    'public.analytics_events',
    'public.partner_transactions',
    'public.reward_plays',
    'public.vouchers',
    'public.activities',
    'auth.users',
    'private.analytics_day_counts',
    'private.analytics_day_visitors',
    'private.analytics_day_views',
  ]) {
    rows[t] = Number((await c.query<{ n: string }>(`select count(*)::text as n from ${t}`)).rows[0]!.n);
  }
  const sizes: Record<string, number> = {};
  for (const r of (
    await c.query<{ t: string; mb: string }>(
      `select n.nspname || '.' || c.relname as t, round(pg_total_relation_size(c.oid) / 1048576.0)::text as mb
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind = 'r' and n.nspname in ('public', 'private', 'auth') and pg_total_relation_size(c.oid) > 8 * 1048576
       order by pg_total_relation_size(c.oid) desc`,
    )
  ).rows)
    sizes[r.t] = Number(r.mb);
  sizes.database = Number(
    (await c.query<{ mb: string }>('select round(pg_database_size(current_database()) / 1048576.0)::text as mb'))
      .rows[0]!.mb,
  );
  log(`${label}: ${JSON.stringify(rows)}; MB ${JSON.stringify(sizes)}`);

  const today = new Date(shape.end - 86_400_000).toISOString().slice(0, 10);
  const pick = (i: number) => hotels[(i * 37) % hotels.length]!;
  const anon: Identity = { role: 'anon' };
  const moderatorOf = async (customer: string): Promise<Identity> => ({
    role: 'authenticated',
    sub: (
      await c.query<{ u: string }>(
        'select user_id::text as u from public.customer_moderators where customer_id = $1 limit 1',
        [customer],
      )
    ).rows[0]!.u,
  });
  const placeIds = (
    await c.query<{ id: string }>(
      "select id::text from public.activities where published and customer_id like 'scale-%' order by id limit 500",
    )
  ).rows.map((r) => r.id);
  const bigCity = 'scale-city-saigon';

  // ─── guest reads ───────────────────────────────────────────────────────────────
  const customerSql = `select ${CUSTOMER_COLUMNS} from public.customers where id = $1`;
  const placesSql = `select ${PLACE_COLUMNS} from public.activities where customer_id = $1 and published = true order by sort_order, id`;
  await add(
    'guest map: customer + places (hotel)',
    await repeat(200, async (i) => {
      const id = pick(i).id;
      return (await asIdentity(c, anon, customerSql, [id])).ms + (await asIdentity(c, anon, placesSql, [id])).ms;
    }),
    { id: anon, sql: placesSql, params: [hotels[4]!.id] },
    { target: 20 },
  );
  await add(
    `guest map: customer + places (city of ${Math.round(10_000 * opts.scale)} places)`,
    await repeat(
      30,
      async () =>
        (await asIdentity(c, anon, customerSql, [bigCity])).ms + (await asIdentity(c, anon, placesSql, [bigCity])).ms,
    ),
    { id: anon, sql: placesSql, params: [bigCity] },
    { note: 'item 5: every place of the biggest city in one read' },
  );
  const placeSql = `select ${PLACE_COLUMNS} from public.activities where id = $1`;
  await add(
    'a place',
    await repeat(200, async (i) => (await asIdentity(c, anon, placeSql, [placeIds[i % placeIds.length]])).ms),
    { id: anon, sql: placeSql, params: [placeIds[0]] },
    { target: 20 },
  );

  // ─── dashboard ─────────────────────────────────────────────────────────────────
  const overviewSql = 'select public.dashboard_overview($1, $2, $3) as o';
  /** The overview's figures of the current period, and the same figures counted from the raw events. */
  const overviewFigures = async (customer: string, days: number) => {
    type Period = { counts: Record<string, number>; unique_guests: number };
    const o = (
      await asIdentity<{ o: { current: Period; top_activities: { activity_id: string; views: number }[] } }>(
        c,
        await modOf(customer),
        overviewSql,
        [customer, days, today],
      )
    ).rows[0]!.o;
    const from = new Date(shape.end - days * 86_400_000).toISOString();
    const to = new Date(shape.end).toISOString();
    const raw = (
      await c.query<{ events: string; guests: string; top: string | null; views: string | null }>(
        `select count(*)::text as events, count(distinct visitor_id)::text as guests,
           (select activity_id::text from public.analytics_events where customer_id = $1 and created_at >= $2 and created_at < $3
              and type = 'activity_view' and activity_id is not null group by activity_id order by count(*) desc, activity_id::text limit 1) as top,
           (select count(*)::text from public.analytics_events where customer_id = $1 and created_at >= $2 and created_at < $3
              and type = 'activity_view' and activity_id is not null group by activity_id order by count(*) desc, activity_id::text limit 1) as views
         from public.analytics_events where customer_id = $1 and created_at >= $2 and created_at < $3`,
        [customer, from, to],
      )
    ).rows[0]!;
    const events = Object.values(o.current.counts).reduce((a, b) => a + b, 0);
    const top = o.top_activities[0];
    const same =
      events === Number(raw.events) &&
      o.current.unique_guests === Number(raw.guests) &&
      top?.activity_id === raw.top &&
      top?.views === Number(raw.views);
    return `figures of the last ${days} days: ${events.toLocaleString('en')} events, ${o.current.unique_guests.toLocaleString('en')} unique guests, top place ${top?.views} views; from the raw events: ${Number(raw.events).toLocaleString('en')}, ${Number(raw.guests).toLocaleString('en')}, ${raw.views}: ${same ? 'the same' : 'DIFFERENT'}`;
  };
  const mods = new Map<string, Identity>();
  const modOf = async (customer: string) => {
    if (!mods.has(customer)) mods.set(customer, await moderatorOf(customer));
    return mods.get(customer)!;
  };
  for (const days of [30, 90, 365]) {
    const ms = await repeat(60, async (i) => {
      const h = pick(i).id;
      return (await asIdentity(c, await modOf(h), overviewSql, [h, days, today])).ms;
    });
    await add(
      `dashboard overview, ${days} days (hotel)`,
      ms,
      { id: await modOf(hotels[0]!.id), sql: overviewSql, params: [hotels[0]!.id, days, today] },
      { target: days === 365 ? 150 : undefined },
    );
  }
  await add(
    'dashboard overview, 90 days (biggest city)',
    await repeat(20, async () => (await asIdentity(c, await modOf(bigCity), overviewSql, [bigCity, 90, today])).ms),
    { id: await modOf(bigCity), sql: overviewSql, params: [bigCity, 90, today] },
  );
  const cityYear = await repeat(
    20,
    async () => (await asIdentity(c, await modOf(bigCity), overviewSql, [bigCity, 365, today])).ms,
  );
  await add(
    'dashboard overview, 365 days (biggest city)',
    cityYear,
    { id: await modOf(bigCity), sql: overviewSql, params: [bigCity, 365, today] },
    { target: 150, note: await overviewFigures(bigCity, 365) },
  );
  // Its server time (EXPLAIN ANALYZE without timing each node, call after call on one warm connection):
  // the database's own cost, next to the client-side figures above that include the machine's queue.
  await add(
    'dashboard overview, 365 days (biggest city) in the server',
    await serverTimes(Array.from({ length: 35 }), () => ({
      id: mods.get(bigCity)!,
      sql: overviewSql,
      params: [bigCity, 365, today],
    })),
    null,
    { note: 'EXPLAIN ANALYZE execution time, 35 calls one after another, the first 5 dropped' },
  );
  // What the dashboard did before the rollups: every event row of both periods (RLS applies).
  const rawSql = `select type, visitor_id, activity_id, created_at from public.analytics_events
    where customer_id = $1 and created_at >= $2 and created_at < $3 order by created_at, id`;
  const endIso = new Date(shape.end).toISOString();
  const from365 = new Date(shape.end - 2 * 365 * 86_400_000).toISOString();
  await add(
    'before: raw events of 2 × 365 days (hotel, all rows)',
    await repeat(20, async (i) => {
      const h = pick(i).id;
      return (await asIdentity(c, await modOf(h), rawSql, [h, from365, endIso])).ms;
    }),
    { id: await modOf(hotels[0]!.id), sql: rawSql, params: [hotels[0]!.id, from365, endIso] },
    { note: 'for comparison: the rows the old overview downloaded (plus its REST paging)' },
  );
  // The top-places part of the overview on its own, for the last 365 days ending today (the snapshots of
  // views before the nearest month starts, corrected by the days in between: migration 20261126100600).
  const topSql = `select private.overview_top_places($1, $2::date + 1 - 365, $2::date + 1)`;
  await add(
    'top places, 365 days (biggest city, rollup)',
    await repeat(30, async () => {
      const t = now();
      await c.query(topSql, [bigCity, today]);
      return now() - t;
    }),
    { id: { role: 'postgres' }, sql: topSql, params: [bigCity, today] },
    { note: 'the top-places part of the overview on its own' },
  );

  // ─── statements and settlement ─────────────────────────────────────────────────
  const lastMonth = new Date(Date.UTC(new Date(shape.end).getUTCFullYear(), new Date(shape.end).getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 10);
  const statementSql = 'select * from public.monthly_statement($1, $2)';
  await add(
    'monthly statement (hotel)',
    await repeat(60, async (i) => {
      const h = pick(i).id;
      return (await asIdentity(c, await modOf(h), statementSql, [h, lastMonth])).ms;
    }),
    { id: await modOf(hotels[0]!.id), sql: statementSql, params: [hotels[0]!.id, lastMonth] },
    { target: 300 },
  );
  const settleSql = `select count(*) from (select private.close_month(c.id, $1::date, null) from public.customers c where c.kind = 'hotel' order by c.id) x`;
  const settle: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t = now();
    await c.query('begin');
    await c.query(settleSql, [lastMonth]);
    const counts = await c.query<{ i: string; p: string }>(
      'select (select count(*) from public.partner_invoices where month = $1)::text as i, (select count(*) from public.hotel_payouts where month = $1)::text as p',
      [lastMonth],
    );
    await c.query('rollback');
    settle.push(now() - t);
    if (i === 0)
      log(`  settlement of ${lastMonth}: ${counts.rows[0]!.i} invoices, ${counts.rows[0]!.p} payouts (rolled back)`);
  }
  await add(
    `settlement run, all ${shape.hotels} hotels (one transaction)`,
    settle,
    {
      id: { role: 'postgres' },
      sql: 'select private.close_month($1, $2::date, null)',
      params: [hotels[0]!.id, lastMonth],
    },
    {
      note: "close_month for every hotel, rolled back after each run; the plan is one hotel's close_month",
    },
  );

  // ─── rewards under 50 concurrent clients ───────────────────────────────────────
  // Two loads: "paced" = 50 connected clients, each calling again after a random 0–2 s pause (about
  // 50 calls a second offered: a thousand hotels' busiest evening several times over);
  // "saturated" = the 50 call back to back (the latency is then mostly queueing for 2 cores).
  const CLIENTS = 50;
  /** Paced load: each client waits a random 0–PACE_MS between calls (mean PACE_MS / 2). */
  const PACE_MS = 2000;
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const k = new pg.Client({ connectionString: url });
      await k.connect();
      return k;
    }),
  );
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** Each client takes its share of `items` in turn; returns the timings, errors and calls per second. */
  async function load<T>(
    items: T[],
    thinkMs: number,
    fn: (k: pg.Client, item: T) => Promise<{ ms: number; error?: string }>,
  ) {
    const ms: number[] = [];
    const errors: Record<string, number> = {};
    const per = Math.floor(items.length / CLIENTS);
    const t0 = now();
    await Promise.all(
      clients.map(async (k, ci) => {
        for (let j = 0; j < per; j++) {
          if (thinkMs) await sleep(Math.random() * thinkMs);
          try {
            const r = await fn(k, items[ci * per + j]!);
            if (r.error) errors[r.error] = (errors[r.error] ?? 0) + 1;
            else ms.push(r.ms);
          } catch (e) {
            const d = (e as { detail?: string }).detail ?? String(e);
            errors[d] = (errors[d] ?? 0) + 1;
          }
        }
      }),
    );
    const wall = now() - t0;
    return {
      ms,
      errors,
      /** Calls a second the clients would make if every call took no time. */
      offered: thinkMs ? Math.round((CLIENTS * 1000) / (thinkMs / 2)) : Infinity,
      rate: Math.round(((ms.length + Object.values(errors).reduce((x, y) => x + y, 0)) * 1000) / wall),
    };
  }
  const play = async (k: pg.Client, p: { u: string; campaign: string }) =>
    asIdentity(k, { role: 'authenticated', sub: p.u }, 'select public.play_reward($1, $2)', [
      p.campaign,
      `bench-${p.u}-${Date.now()}`,
    ]);
  /** Server time (EXPLAIN ANALYZE's execution time) of each call, one after the other, each rolled back. */
  const SERVER_RUNS = 60;
  async function serverTimes<T>(items: T[], call: (item: T) => { id: Identity; sql: string; params: unknown[] }) {
    const out: number[] = [];
    for (const item of items) {
      const { id, sql, params } = call(item);
      await c.query('begin');
      try {
        await c.query(ROLE_AND_CLAIMS, [id.role, JSON.stringify(claims(id))]);
        const r = await c.query<{ 'QUERY PLAN': string }>(`explain (analyze, timing off, costs off) ${sql}`, params);
        const m = /Execution Time: ([0-9.]+) ms/.exec(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
        if (m) out.push(Number(m[1]));
      } finally {
        await c.query('rollback');
      }
    }
    return out.slice(5); // the first calls compile and plan
  }
  try {
    // Players with a play left today (fewer plays in the last 24 hours than the daily limit: a kept
    // cluster's earlier runs used some), each with the campaign of their hotel; each plays at most once
    // below. The last one (the 50-at-once check) has not played at all.
    const playersSql = (where: string) => `select x.u, x.campaign from (
         select uc.user_id::text as u, rc.id::text as campaign, rc.daily_limit,
           (select count(*) from public.reward_plays p where p.user_id = uc.user_id and p.played_at >= now() - interval '1 day') as n
         from public.user_customers uc
         join public.reward_campaigns rc on rc.customer_id = uc.customer_id
         where uc.customer_id like 'scale-hotel-%') x
       where ${where}`;
    const players = (
      await c.query<{ u: string; campaign: string }>(
        playersSql('x.n < x.daily_limit order by x.n desc, x.u limit $1'),
        [CLIENTS * 21 + SERVER_RUNS],
      )
    ).rows;
    players.push(
      (
        await c.query<{ u: string; campaign: string }>(
          playersSql('x.n = 0 and x.u <> all($1::text[]) order by x.u desc limit 1'),
          [players.map((p) => p.u)],
        )
      ).rows[0]!,
    );
    // Warm-up: each connection's first call compiles the function and plans its statements (PostgREST
    // keeps its connections, so a guest's play meets a warm one); its time is kept as a note.
    const warm = players.slice(CLIENTS * 20, CLIENTS * 21);
    const cold = await Promise.all(clients.map((k, ci) => play(k, warm[ci]!).then((r) => r.ms)));
    // The server's own time of one warm play, call after call on one connection (rolled back).
    const playServer = await serverTimes(players.slice(CLIENTS * 21, CLIENTS * 21 + SERVER_RUNS), (p) => ({
      id: { role: 'authenticated', sub: p.u },
      sql: 'select public.play_reward($1, $2)',
      params: [p.campaign, `server-${p.u}-${Date.now()}`],
    }));
    const paced = await load(players.slice(0, CLIENTS * 10), PACE_MS, play);
    const saturated = await load(players.slice(CLIENTS * 10, CLIENTS * 20), 0, play);
    // Guarantees: one user × 50 plays at once → exactly the daily limit (3) pass; every prize is
    // materialised once; nobody is past the limit.
    const same = players[players.length - 1]!;
    const sameResults = await Promise.all(
      clients.map((k, ci) =>
        asIdentity(k, { role: 'authenticated', sub: same.u }, 'select public.play_reward($1, $2)', [
          same.campaign,
          `same-${Date.now()}-${ci}`,
        ])
          .then(() => 'ok')
          .catch((e: { detail?: string }) => e.detail ?? 'error'),
      ),
    );
    const check = (
      await c.query<{ over: string; vouchers_missing: string; points_missing: string }>(
        `select
          (select count(*) from (select 1 from public.reward_plays p join public.reward_campaigns rc on rc.id = p.campaign_id
             where p.played_at >= now() - interval '1 hour' group by p.user_id, p.campaign_id, p.play_day, rc.daily_limit
             having count(*) > rc.daily_limit) x)::text as over,
          (select count(*) from public.reward_plays p where p.played_at >= now() - interval '1 hour' and p.prize_kind = 'voucher'
             and not exists (select 1 from public.vouchers v where v.play_id = p.id))::text as vouchers_missing,
          (select count(*) from public.reward_plays p where p.played_at >= now() - interval '1 hour' and p.prize_kind = 'points'
             and not exists (select 1 from public.points_ledger l where l.play_id = p.id))::text as points_missing`,
      )
    ).rows[0]!;
    const guarantees = `one user × 50 plays at once: ${sameResults.filter((r) => r === 'ok').length} passed (daily limit 3), ${sameResults.filter((r) => r === 'daily_limit').length} daily_limit; users past the limit: ${check.over}; voucher plays without a voucher: ${check.vouchers_missing}; points plays without points: ${check.points_missing}`;
    const planCall = {
      id: { role: 'authenticated' as const, sub: players[players.length - 2]!.u },
      sql: 'select public.play_reward($1, $2)',
      params: [players[players.length - 2]!.campaign, `plan-${Date.now()}`],
    };
    const coldP50 = stats('', cold).p50;
    await add(`play_reward, ${CLIENTS} clients, paced`, paced.ms, planCall, {
      target: 50,
      note: `offered about ${paced.offered} calls/s (each client waits 0–${PACE_MS / 1000} s between calls), served ${paced.rate} calls/s; connections warmed by one play each (a new connection's first play: p50 ${coldP50} ms); errors ${JSON.stringify(paced.errors)}; ${guarantees}`,
    });
    await add(`play_reward in the server, one warm connection`, playServer, null, {
      note: 'EXPLAIN ANALYZE execution time, plays one after another, each rolled back',
    });
    await add(`play_reward, ${CLIENTS} clients, saturated`, saturated.ms, null, {
      note: `${saturated.rate} calls/s (capacity); errors ${JSON.stringify(saturated.errors)}`,
    });
    // The floor of the paced runs on this machine: the same 50 clients and pace, each call an empty
    // transaction as the REST layer runs one (begin with role and claims, then `select 1` with commit: two
    // round trips). What a paced path's p95 has above it is the path's own work; what this has is the
    // machine's CPU queue. Half the calls, drawn at random in the same run, send the same statements one at
    // a time (four round trips): what each wake-up of a client and a server process costs when the CPUs are
    // busy, measured under the same load.
    const emptyMs = { two: [] as number[], four: [] as number[] };
    const empty = await load(players.slice(0, CLIENTS * 10), PACE_MS, async (k) => {
      const oneByOne = Math.random() < 0.5;
      const r = await asIdentity(k, anon, 'select 1', [], oneByOne);
      (oneByOne ? emptyMs.four : emptyMs.two).push(r.ms);
      return r;
    });
    await add(`empty transaction, ${CLIENTS} clients, paced (the machine's floor)`, emptyMs.two, null, {
      note: `offered about ${empty.offered} calls/s, served ${empty.rate} calls/s (both lines); begin with role and claims, then select 1 with commit (two round trips)`,
    });
    await add(`empty transaction, ${CLIENTS} clients, paced, four round trips (same run)`, emptyMs.four, null, {
      note: 'begin, role and claims, select 1, commit, each its own round trip; drawn at random among the calls of the line above',
    });

    // Redemptions: distinct open vouchers with the right PIN (bcrypt, cost 8, as set_partner_pin).
    const open = (
      await c.query<{ code: string }>(
        `select v.code from public.vouchers v
         where v.redeemed_at is null and v.expires_at > now() + interval '1 hour' and v.customer_id like 'scale-hotel-%'
         order by v.code limit $1`,
        [CLIENTS * 13 + 2],
      )
    ).rows;
    // A cluster reused many times has fewer open vouchers left: the paced and saturated runs share them.
    const perClient = Math.min(6, Math.floor((open.length - CLIENTS - 2) / (2 * CLIENTS)));
    const redeem = async (k: pg.Client, v: { code: string }, key = `bench-redeem-${v.code}-${Date.now()}`) => {
      const r = await asIdentity<{ r: { ok?: boolean; details?: string } }>(
        k,
        { role: 'anon' },
        'select public.redeem_voucher($1, $2, $3, $4, $5) as r',
        [v.code, PARTNER_PIN, 250000, 'VND', key],
      );
      return { ms: r.ms, error: r.rows[0]!.r.ok === false ? (r.rows[0]!.r.details ?? 'not ok') : undefined };
    };
    // The server's own time first, on vouchers the runs below redeem (each call here is rolled back).
    const serverVouchers = open.slice(0, Math.min(SERVER_RUNS, open.length - CLIENTS - 2));
    const redeemServer = await serverTimes(serverVouchers, (v) => ({
      id: { role: 'anon' },
      sql: 'select public.redeem_voucher($1, $2, $3, $4, $5)',
      params: [v.code, PARTNER_PIN, 250000, 'VND', `server-${v.code}-${Date.now()}`],
    }));
    // The PIN check alone: bcrypt of cost 8 against the partner's stored hash.
    const pinHash = (
      await c.query<{ h: string }>(
        'select p.pin_hash as h from public.partner_pins p join public.vouchers v on v.activity_id = p.activity_id where v.code = $1',
        [serverVouchers[0]!.code],
      )
    ).rows[0]!.h;
    const bcryptServer = await serverTimes(serverVouchers, () => ({
      id: { role: 'postgres' },
      // random() keeps the planner from computing the constant call while planning (crypt is immutable).
      sql: "select extensions.crypt($1::text || repeat('', (random() * 0)::int), $2)",
      params: [PARTNER_PIN, pinHash],
    }));
    const rCold = await Promise.all(
      clients.map((k, ci) => redeem(k, open[CLIENTS * 2 * perClient + ci]!).then((r) => r.ms)),
    );
    const rPaced = await load(open.slice(0, CLIENTS * perClient), PACE_MS, (k, v) => redeem(k, v));
    const rSat = await load(open.slice(CLIENTS * perClient, CLIENTS * 2 * perClient), 0, (k, v) => redeem(k, v));
    const last = open[open.length - 1]!;
    const once = await Promise.all(
      clients.map((k, ci) =>
        redeem(k, last, `bench-once-${ci}-${Date.now()}`)
          .then(() => 'ok')
          .catch((e: { detail?: string }) => e.detail ?? 'error'),
      ),
    );
    const txOfLast = (
      await c.query<{ n: string }>(
        'select count(*)::text as n from public.partner_transactions t join public.vouchers v on v.id = t.voucher_id where v.code = $1',
        [last.code],
      )
    ).rows[0]!.n;
    const planV = open[open.length - 2]!;
    const redeemPlans = await plansOf(c, { role: 'anon' }, 'select public.redeem_voucher($1, $2, $3, $4, $5)', [
      `${planV.code}`,
      PARTNER_PIN,
      250000,
      'VND',
      `plan-${Date.now()}`,
    ]);
    paths.push(
      stats(`redeem_voucher, ${CLIENTS} clients, paced`, rPaced.ms, {
        target: 50,
        note: `offered about ${rPaced.offered} calls/s (each client waits 0–${PACE_MS / 1000} s between calls), served ${rPaced.rate} calls/s; connections warmed by one redemption each (a new connection's first: p50 ${stats('', rCold).p50} ms); errors ${JSON.stringify(rPaced.errors)}; one voucher × 50 at once: ${once.filter((x) => x === 'ok').length} redeemed, ${once.filter((x) => x === 'voucher_used').length} voucher_used, ${txOfLast} transaction`,
        plans: redeemPlans,
        seqScans: seqScans(redeemPlans),
      }),
    );
    paths.push(
      stats(`redeem_voucher, ${CLIENTS} clients, saturated`, rSat.ms, {
        note: `${rSat.rate} calls/s (capacity); errors ${JSON.stringify(rSat.errors)}`,
      }),
    );
    paths.push(
      stats('redeem_voucher in the server, one warm connection', redeemServer, {
        note: 'EXPLAIN ANALYZE execution time, redemptions one after another, each rolled back; bcrypt included',
      }),
    );
    paths.push(
      stats('the PIN check alone: bcrypt, cost 8, in the server', bcryptServer, {
        note: 'extensions.crypt(pin, stored hash): what redeem_voucher spends on the PIN; the rest is the redemption',
      }),
    );
    for (const p of paths.slice(-4))
      log(`  ${label} ${p.name}: p50 ${p.p50} ms, p95 ${p.p95} ms, p99 ${p.p99} ms (n=${p.n}) ${p.note}`);

    // Redemptions at an open till (issue 31, docs/rewards.md "Till sessions"): a till of the last voucher's
    // partner opened with its PIN, then fresh vouchers of that partner (a kept cluster runs out of open ones,
    // so they are made here) redeemed with the token: no bcrypt.
    const owner = (
      await c.query<{ user_id: string; customer_id: string; activity_id: string }>(
        'select v.user_id::text, v.customer_id, v.activity_id::text from public.vouchers v where v.code = $1',
        [last.code],
      )
    ).rows[0]!;
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    const tillCodes = Array.from({ length: CLIENTS * 6 + SERVER_RUNS + 1 }, () =>
      Array.from({ length: 10 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join(''),
    );
    await c.query(
      `insert into public.vouchers (code, user_id, customer_id, activity_id, discount_pct, expires_at)
       select x, $2, $3, $4, 10, now() + interval '1 day' from unnest($1::text[]) x on conflict do nothing`,
      [tillCodes, owner.user_id, owner.customer_id, owner.activity_id],
    );
    const opened = await asIdentity<{ r: { till_token?: string } }>(
      c,
      { role: 'anon' },
      'select public.redeem_voucher_open_till($1, $2, $3, $4, $5) as r',
      [tillCodes[0], PARTNER_PIN, 250000, 'VND', `bench-open-till-${Date.now()}`],
    );
    const tillToken = opened.rows[0]!.r.till_token!;
    const atTill = async (k: pg.Client, v: string) => {
      const r = await asIdentity<{ r: { ok?: boolean } }>(
        k,
        { role: 'anon' },
        'select public.redeem_voucher_at_till($1, $2, $3, $4, $5) as r',
        [v, tillToken, 250000, 'VND', `bench-till-${v}-${Date.now()}`],
      );
      return { ms: r.ms, error: r.rows[0]!.r.ok === true ? undefined : 'not ok' };
    };
    const tillServer = await serverTimes(tillCodes.slice(1, 1 + SERVER_RUNS), (v) => ({
      id: { role: 'anon' },
      sql: 'select public.redeem_voucher_at_till($1, $2, $3, $4, $5)',
      params: [v, tillToken, 250000, 'VND', `server-till-${v}-${Date.now()}`],
    }));
    const tPaced = await load(tillCodes.slice(1 + SERVER_RUNS), PACE_MS, atTill);
    const tillPlans = await plansOf(c, { role: 'anon' }, 'select public.redeem_voucher_at_till($1, $2, $3, $4, $5)', [
      tillCodes[1],
      tillToken,
      250000,
      'VND',
      `plan-till-${Date.now()}`,
    ]);
    paths.push(
      stats(`redeem_voucher with a till token, ${CLIENTS} clients, paced`, tPaced.ms, {
        target: 50,
        note: `offered about ${tPaced.offered} calls/s, served ${tPaced.rate} calls/s; fresh vouchers of one partner, one till token; errors ${JSON.stringify(tPaced.errors)}`,
        plans: tillPlans,
        seqScans: seqScans(tillPlans),
      }),
    );
    paths.push(
      stats('redeem_voucher with a till token in the server, one warm connection', tillServer, {
        note: 'EXPLAIN ANALYZE execution time, each rolled back; no bcrypt (the PIN was checked once, opening the till)',
      }),
    );
    for (const p of paths.slice(-2))
      log(`  ${label} ${p.name}: p50 ${p.p50} ms, p95 ${p.p95} ms, p99 ${p.p99} ms (n=${p.n}) ${p.note}`);
  } finally {
    await Promise.all(clients.map((k) => k.end()));
  }

  // ─── the REST layer and realtime ───────────────────────────────────────────────
  await stackPaths(label, url, c, hotels[4]!.id, add, log);

  await c.end();
  return {
    label,
    loadavg: { start: loadStart, end: os.loadavg().map((x) => Math.round(x * 10) / 10) },
    rows,
    sizes,
    paths,
  };
}

const supabaseDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** REST overhead against the same query in SQL, and realtime fan-out of one change to 500 subscribers. */
async function stackPaths(
  label: string,
  url: string,
  c: pg.Client,
  hotel: string,
  add: (name: string, ms: number[], planCall: null, extra?: Partial<PathResult>) => Promise<void>,
  log: (m: string) => void,
) {
  const start = (ports: { api: number; db: number; inbox: number }) =>
    // On the bench's own server and ports, with no data folder: the checkout's (.data) belongs to a running
    // `npm start`, and the bench runs beside it.
    startStack({ workdir: supabaseDir, databaseUrl: url, dataDir: null, seed: false, ports, log: () => undefined });
  const wanted = {
    api: Number(process.env.SUPABASE_API_PORT ?? 0),
    db: Number(process.env.SUPABASE_DB_PORT ?? 0),
    inbox: Number(process.env.SUPABASE_INBOX_PORT ?? 0),
  };
  // The given ports may be taken for a moment (they are in the ephemeral range): then any free ones.
  const stack = await start(wanted).catch((e: { code?: string }) => {
    if (e.code !== 'EADDRINUSE') throw e;
    return start({ api: 0, db: 0, inbox: 0 });
  });
  try {
    const anonKey = stack.config.auth.anonKey;
    const rest = `${stack.apiUrl}/rest/v1/activities?select=${PLACE_COLUMNS.replace(/ /g, '')}&customer_id=eq.${hotel}&published=eq.true&order=sort_order,id`;
    const restMs = await repeat(200, async () => {
      const t = now();
      const r = await fetch(rest, {
        headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'accept-encoding': 'identity' },
      });
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`REST ${r.status}`);
      return now() - t;
    });
    const sqlMs = await repeat(
      200,
      async () =>
        (
          await asIdentity(
            c,
            { role: 'anon' },
            `select ${PLACE_COLUMNS} from public.activities where customer_id = $1 and published = true order by sort_order, id`,
            [hotel],
          )
        ).ms,
    );
    const sp50 = stats('', sqlMs).p50;
    await add("REST: a hotel's places (GET /rest/v1/activities)", restMs, null, {
      note: `the same query straight to the database (role and claims set in a transaction, as PostgREST): p50 ${sp50} ms, p95 ${stats('', sqlMs).p95} ms; REST overhead at p50 ${Math.round((stats('', restMs).p50 - sp50) * 100) / 100} ms`,
    });

    // Item 5: the biggest city's places through REST: rows returned and bytes (raw and gzip).
    const cityUrl = `${stack.apiUrl}/rest/v1/activities?select=${PLACE_COLUMNS.replace(/ /g, '')}&customer_id=eq.scale-city-saigon&published=eq.true&order=sort_order,id`;
    const cityMs: number[] = [];
    let cityRows = 0;
    let cityBytes = 0;
    let cityGzip = 0;
    for (let i = 0; i < 10; i++) {
      const t = now();
      const r = await fetch(cityUrl, {
        headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'accept-encoding': 'identity' },
      });
      const body = Buffer.from(await r.arrayBuffer());
      cityMs.push(now() - t);
      cityRows = (JSON.parse(body.toString()) as unknown[]).length;
      cityBytes = body.length;
      cityGzip = zlib.gzipSync(body, { level: 6 }).length;
    }
    const inCity = Number(
      (
        await c.query<{ n: string }>(
          "select count(*)::text as n from public.activities where customer_id = 'scale-city-saigon' and published",
        )
      ).rows[0]!.n,
    );
    await add(`REST: the biggest city's places (${inCity} published)`, cityMs, null, {
      note: `rows returned ${cityRows} of ${inCity} (the API's max_rows); ${Math.round(cityBytes / 1024)} KiB JSON, ${Math.round(cityGzip / 1024)} KiB gzip`,
    });

    // Realtime: 500 subscribers (each its own socket, the user's own token, so RLS is checked for
    // each) to one profile's updates; one change; time until each subscriber has it.
    const SUBS = 500;
    const user = (
      await c.query<{ id: string }>(
        "select id::text from public.profiles where email like 'user%@scale.test' order by email desc limit 1",
      )
    ).rows[0]!.id;
    const token = signJwt(
      {
        sub: user,
        role: 'authenticated',
        aud: 'authenticated',
        is_anonymous: false,
        exp: Math.floor(Date.now() / 1000) + 3600,
        iat: Math.floor(Date.now() / 1000),
        session_id: '11111111-1111-4111-a111-111111111111',
      },
      stack.config.auth.jwtSecret,
    );
    const subs: { client: SupabaseClient<Database>; got: number[] }[] = [];
    const ready: Promise<void>[] = [];
    for (let i = 0; i < SUBS; i++) {
      const client = createClient<Database>(stack.apiUrl, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      });
      // The user's token on the socket (as a signed-in page does); RLS decides per subscriber.
      await client.realtime.setAuth(token);
      const sub = { client, got: [] as number[] };
      subs.push(sub);
      ready.push(
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('subscribe timed out')), 60_000);
          client
            .channel(`fanout-${i}`)
            .on(
              'postgres_changes' as never,
              { event: 'UPDATE', schema: 'public', table: 'profiles', filter: `id=eq.${user}` } as never,
              () => sub.got.push(now()),
            )
            .subscribe((status) => {
              if (status === 'SUBSCRIBED') {
                clearTimeout(timer);
                resolve();
              }
            });
        }),
      );
    }
    await Promise.all(ready);
    await new Promise((r) => setTimeout(r, 1000));
    const lastMs: number[] = [];
    const each: number[] = [];
    for (let round = 0; round < 5; round++) {
      const t = now();
      await c.query('update public.profiles set display_name = $2 where id = $1', [
        user,
        `Fan-out ${round} ${Date.now()}`,
      ]);
      const deadline = Date.now() + 30_000;
      while (subs.some((s) => s.got.length <= round) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      const times = subs.map((s) => (s.got[round] ?? NaN) - t);
      each.push(...times.filter((x) => !Number.isNaN(x)));
      lastMs.push(Math.max(...times));
      await new Promise((r) => setTimeout(r, 200));
    }
    const missed = subs.filter((s) => s.got.length < 5).length;
    await add(`realtime: one change to ${SUBS} subscribers (each delivery)`, each, null, {
      note: `time from the committed update to each subscriber's callback; last subscriber per change: ${lastMs.map((x) => Math.round(x)).join(', ')} ms; subscribers that missed a change: ${missed}`,
    });
    await Promise.all(subs.map((s) => s.client.removeAllChannels()));
    log(`  ${label} realtime done`);
  } finally {
    await stack.stop();
  }
}

export function printTable(results: BenchResult[], log: (m: string) => void): void {
  const names = [...new Set(results.flatMap((r) => r.paths.map((p) => p.name)))];
  const head = ['path', ...results.map((r) => `${r.label} p50 / p95 / p99 (ms)`), 'target p95'];
  log('');
  log(`| ${head.join(' | ')} |`);
  log(`|${head.map(() => '---').join('|')}|`);
  for (const n of names) {
    const cells = results.map((r) => {
      const p = r.paths.find((x) => x.name === n);
      return p ? `${p.p50} / ${p.p95} / ${p.p99}` : '–';
    });
    const target = results.flatMap((r) => r.paths).find((p) => p.name === n)?.target;
    log(`| ${n} | ${cells.join(' | ')} | ${target ? `< ${target}` : ''} |`);
  }
}

/** Every path's figures and EXPLAIN (ANALYZE, BUFFERS) plans, per data size, as Markdown. */
export function plansMarkdown(results: BenchResult[]): string {
  const out: string[] = [
    '# Scale bench: EXPLAIN plans',
    '',
    'Written by `supabase/bench/scale/cli.ts plans` from a bench run (docs/scale.md explains the figures). Each plan is',
    "auto_explain's (ANALYZE, BUFFERS, nested statements: the statements inside the RPCs and the policies' helper",
    'functions too), from one run of the path after the timed runs, in a transaction rolled back.',
    '',
  ];
  for (const r of results) {
    out.push(
      `## ${r.label}`,
      '',
      `Rows: ${Object.entries(r.rows)
        .map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`)
        .join(', ')}.`,
      '',
    );
    out.push(
      `Load average at the start / end of the run: ${r.loadavg.start.join(' ')} / ${r.loadavg.end.join(' ')} (2 cores).`,
      '',
    );
    for (const p of r.paths) {
      out.push(`### ${r.label}: ${p.name}`, '');
      out.push(
        `p50 ${p.p50} ms, p95 ${p.p95} ms, p99 ${p.p99} ms, max ${p.max} ms (n = ${p.n})${p.target ? `; target p95 < ${p.target} ms` : ''}.`,
      );
      if (p.note) out.push('', p.note);
      if (p.seqScans)
        out.push(
          '',
          p.seqScans.length
            ? `**Sequential scans of large tables: ${p.seqScans.join(', ')}**`
            : 'No sequential scan of a large table.',
        );
      if (p.plans?.length) {
        out.push('', '```');
        for (const plan of p.plans) out.push(plan.trim(), '');
        out.push('```');
      } else if (!p.plans) out.push('', '(no plan: not a single statement, see docs/scale.md)');
      out.push('');
    }
  }
  return out.join('\n');
}
