// The dashboard's overview (dashboard_overview) reads trigger-maintained rollups (issue 31). Every
// figure it returns must equal what the raw rows say: event counts per type, unique guests, the daily
// series, the top places, plays, redemptions and confirmed spend — after bulk inserts, single inserts,
// deletions, a deleted place, and (on PostgreSQL) 50 connections inserting at once, some rolling back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { race } from '@guestmap/local-stack/testing/race.ts';
import { HOTEL_A, HOTEL_B, asPersona, sqlError } from './support.ts';

afterAll(stopPgServer);

const TODAY = '2026-06-30';
/** A month's last day (periods of whole months) and a mid-month day (months with partial edges). */
const TODAYS = [TODAY, '2026-06-14'];
const EVENT_TYPES = ['qr_scan', 'map_view', 'activity_view', 'directions_click', 'share', 'favourite'];
const DAY = 86_400_000;

interface Raw {
  type: string;
  visitor_id: string;
  activity_id: string | null;
  created_at: Date;
}

/** The overview computed from the raw events, plays, vouchers and transactions (no rollup involved). */
async function expected(s: TestStack, customer: string, days: number, today = TODAY) {
  const events = (
    await s.db.query<Raw>(
      'select type::text, visitor_id::text, activity_id::text, created_at from public.analytics_events where customer_id = $1',
      [customer],
    )
  ).rows;
  const end = Date.parse(today + 'T00:00:00Z') + DAY;
  const curFrom = end - days * DAY;
  const prevFrom = curFrom - days * DAY;
  const period = async (from: number, to: number) => {
    const inside = events.filter((e) => +new Date(e.created_at) >= from && +new Date(e.created_at) < to);
    const counts: Record<string, number> = {};
    for (const e of inside) counts[e.type] = (counts[e.type] ?? 0) + 1;
    const [f, t] = [new Date(from).toISOString(), new Date(to).toISOString()];
    const one = async (sql: string) => (await s.db.query<{ v: unknown }>(sql, [customer, f, t])).rows[0]!.v;
    const byCurrency = async (col: string) =>
      Object.fromEntries(
        (
          await s.db.query<{ c: string; n: string }>(
            `select currency::text as c, sum(${col})::text as n from public.partner_transactions
             where customer_id = $1 and status = 'confirmed' and created_at >= $2 and created_at < $3 group by 1`,
            [customer, f, t],
          )
        ).rows.map((r) => [r.c, Number(r.n)]),
      );
    return {
      counts,
      unique_guests: new Set(inside.map((e) => e.visitor_id)).size,
      plays: Number(
        await one(
          'select count(*) as v from public.reward_plays where customer_id = $1 and played_at >= $2 and played_at < $3',
        ),
      ),
      redeemed: Number(
        await one(
          'select count(*) as v from public.vouchers where customer_id = $1 and redeemed_at >= $2 and redeemed_at < $3',
        ),
      ),
      spend: await byCurrency('amount_minor'),
      commission: await byCurrency('hotel_share_minor'),
    };
  };
  const daily: { day: string; counts: Record<string, number> }[] = [];
  for (let t = curFrom; t < end; t += DAY) {
    const counts: Record<string, number> = {};
    for (const e of events)
      if (+new Date(e.created_at) >= t && +new Date(e.created_at) < t + DAY) counts[e.type] = (counts[e.type] ?? 0) + 1;
    daily.push({ day: new Date(t).toISOString().slice(0, 10), counts });
  }
  const views = new Map<string, number>();
  for (const e of events)
    if (
      e.type === 'activity_view' &&
      e.activity_id &&
      +new Date(e.created_at) >= curFrom &&
      +new Date(e.created_at) < end
    )
      views.set(e.activity_id, (views.get(e.activity_id) ?? 0) + 1);
  const top = [...views.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, 10)
    .map(([activity_id, v]) => ({ activity_id, views: v }));
  return {
    current: await period(curFrom, end),
    previous: await period(prevFrom, curFrom),
    daily,
    top_activities: top,
  };
}

interface Overview {
  current: Record<string, unknown>;
  previous: Record<string, unknown>;
  daily: { day: string; counts: Record<string, number> }[];
  top_activities: { activity_id: string; views: number; title: unknown }[];
}

async function overview(s: TestStack, customer: string, days: number, today = TODAY): Promise<Overview> {
  return asPersona(s.db, customer === HOTEL_A ? 'moderatorA' : 'moderatorB', async (tx) => {
    const { rows } = await tx.query<{ o: Overview }>('select public.dashboard_overview($1, $2, $3) as o', [
      customer,
      days,
      today,
    ]);
    return rows[0]!.o;
  });
}

async function expectSameFigures(s: TestStack) {
  for (const customer of [HOTEL_A, HOTEL_B]) {
    for (const [days, today] of [7, 30, 90, 365].flatMap((d) => TODAYS.map((t) => [d, t] as const))) {
      const got = await overview(s, customer, days, today);
      const want = await expected(s, customer, days, today);
      const shape = (o: Overview | typeof want) => ({
        current: o.current,
        previous: o.previous,
        daily: o.daily,
        top: o.top_activities.map((a) => ({ activity_id: a.activity_id, views: a.views })),
      });
      expect({ customer, days, today, ...shape(got) }).toEqual({ customer, days, today, ...shape(want) });
    }
  }
}

/** Deterministic pseudo-random events for both hotels over 400 days before TODAY (and a few after). */
async function insertEvents(s: TestStack, n: number, seed: number, perStatement: number) {
  const acts = (
    await s.db.query<{ id: string; customer_id: string }>(
      'select id::text, customer_id from public.activities where customer_id in ($1, $2) order by id',
      [HOTEL_A, HOTEL_B],
    )
  ).rows;
  let x = seed >>> 0;
  const rnd = () => (x = (Math.imul(x ^ (x >>> 15), 2654435761) + 0x6d2b79f5) >>> 0) / 2 ** 32;
  const end = Date.parse(TODAY + 'T00:00:00Z') + DAY;
  const rows: string[] = [];
  for (let i = 0; i < n; i++) {
    const act = acts[Math.floor(rnd() * acts.length)]!;
    const type = EVENT_TYPES[Math.floor(rnd() * EVENT_TYPES.length)]!;
    // Day boundaries on purpose: the last and the first millisecond of a UTC day.
    const dayStart = end - Math.floor(rnd() * 400 - 3) * DAY;
    const at = rnd() < 0.2 ? dayStart - (rnd() < 0.5 ? 1 : 0) : dayStart - Math.floor(rnd() * DAY);
    const visitor = `00000000-0000-4000-b000-${String(Math.floor(rnd() * 60)).padStart(12, '0')}`;
    const withActivity = type === 'activity_view' || type === 'directions_click' || type === 'favourite' || rnd() < 0.3;
    rows.push(
      `('${act.customer_id}', ${withActivity ? `'${act.id}'` : 'null'}, '${type}', '${visitor}', '${new Date(at).toISOString()}')`,
    );
  }
  for (let i = 0; i < rows.length; i += perStatement) {
    await s.db.query(
      `insert into public.analytics_events (customer_id, activity_id, type, visitor_id, created_at) values ${rows
        .slice(i, i + perStatement)
        .join(', ')}`,
    );
  }
}

describe.each(BACKENDS)('dashboard overview from rollups on %s', (backend) => {
  let s: TestStack;

  beforeAll(async () => {
    s = await startTestStack(backend);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('gives the same figures as the raw events after bulk and single inserts', async () => {
    await insertEvents(s, 1500, 7, 500);
    await insertEvents(s, 60, 8, 1);
    await expectSameFigures(s);
  });

  it('gives the same figures after events and a place are deleted', async () => {
    await s.db.query(
      `delete from public.analytics_events where id in (select id from public.analytics_events where customer_id = $1 order by id desc limit 200)`,
      [HOTEL_A],
    );
    await s.db.query(
      `delete from public.analytics_events where id in (select id from public.analytics_events where customer_id = $1 order by visitor_id, id limit 5)`,
      [HOTEL_B],
    );
    // The most viewed place of the year goes (its events stay, with no place).
    const ids = (await overview(s, HOTEL_A, 365)).top_activities.map((a) => a.activity_id);
    const top = (
      await s.db.query<{ id: string }>(
        `select a.id::text from unnest($1::uuid[]) with ordinality a(id, n)
         where not exists (select 1 from public.partner_transactions t where t.activity_id = a.id) order by n limit 1`,
        [ids],
      )
    ).rows[0]!.id;
    await s.db.query('delete from public.reward_prizes where activity_id = $1', [top]);
    await s.db.query('delete from public.activities where id = $1', [top]);
    await expectSameFigures(s);
    expect((await overview(s, HOTEL_A, 365)).top_activities.map((a) => a.activity_id)).not.toContain(top);
  });

  it('answers only the customer’s moderators and administrators', async () => {
    const err = await sqlError(
      asPersona(s.db, 'moderatorB', (tx) => tx.query('select public.dashboard_overview($1, 30)', [HOTEL_A])),
    );
    expect(err.detail).toBe('not_moderator');
    const anon = await sqlError(
      asPersona(s.db, 'anon', (tx) => tx.query('select public.dashboard_overview($1, 30)', [HOTEL_A])),
    );
    expect(anon.code).toBe('42501');
    const admin = await asPersona(s.db, 'admin', async (tx) => {
      const { rows } = await tx.query<{ o: Overview }>('select public.dashboard_overview($1, 30, $2) as o', [
        HOTEL_A,
        TODAY,
      ]);
      return rows[0]!.o;
    });
    expect(admin.current).toEqual((await overview(s, HOTEL_A, 30)).current);
  });

  it('gives the same figures (none) after the events are truncated, and counts new ones again', async () => {
    await s.db.exec('truncate public.analytics_events');
    await expectSameFigures(s);
    await insertEvents(s, 100, 9, 50);
    await expectSameFigures(s);
  });

  it.runIf(backend === 'postgres')(
    'gives the same figures after 50 connections insert at once (some roll back)',
    async () => {
      const acts = (
        await s.db.query<{ id: string }>('select id::text from public.activities where customer_id = $1 limit 3', [
          HOTEL_A,
        ])
      ).rows;
      const at = `${TODAY}T12:00:00Z`;
      const results = await race(
        s.dbUrl!,
        Array.from({ length: 50 }, (_, i) => ({
          // Every connection adds to the same rollup rows: the same day, type, place and visitors.
          sql: `with ins as (
                  insert into public.analytics_events (customer_id, activity_id, type, visitor_id, created_at)
                  select $1, $2::uuid, 'activity_view', ('00000000-0000-4000-b000-' || lpad((g % 7)::text, 12, '0'))::uuid, $3
                  from generate_series(1, 20) g returning 1)
                select case when $4 then (select count(*) from ins) / 0 else (select count(*) from ins) end`,
          params: [HOTEL_A, acts[i % acts.length]!.id, at, i % 10 === 9],
        })),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(45);
      await expectSameFigures(s);
      const day = (await overview(s, HOTEL_A, 7)).daily.find((d) => d.day === TODAY)!;
      const raw = await s.db.query<{ n: number }>(
        `select count(*)::int as n from public.analytics_events where customer_id = $1 and type = 'activity_view'
         and created_at >= ($2::date::timestamp at time zone 'UTC') and created_at < (($2::date + 1)::timestamp at time zone 'UTC')`,
        [HOTEL_A, TODAY],
      );
      expect(day.counts.activity_view).toBe(raw.rows[0]!.n);
    },
    120_000,
  );

  it.runIf(backend === 'postgres')(
    'counts unique guests exactly after 50 connections add and remove days of the same guests at once',
    async () => {
      // Unique guests are counted from each guest's previous day (migration 20261126100600): a day
      // added between two others changes the next one's. Here 50 connections write days of the same
      // 9 guests in one period, in shuffled order: 40 add a day (5 of them roll back), 10 delete one.
      const visitor = (g: number) => `00000000-0000-4000-c000-${String(g).padStart(12, '0')}`;
      const end = Date.parse(TODAY + 'T00:00:00Z');
      const dayAt = (k: number) => new Date(end - k * DAY + 3_600_000).toISOString();
      for (let k = 0; k < 60; k += 3)
        await s.db.query(
          `insert into public.analytics_events (customer_id, type, visitor_id, created_at)
           select $1, 'map_view', ('00000000-0000-4000-c000-' || lpad(g::text, 12, '0'))::uuid, $2
           from generate_series(0, 8) g`,
          [HOTEL_B, dayAt(k)],
        );
      const order = Array.from({ length: 50 }, (_, i) => i).sort((a, b) => ((a * 37) % 50) - ((b * 37) % 50));
      const results = await race(
        s.dbUrl!,
        order.map((i) =>
          i < 40
            ? {
                sql: `with ins as (
                        insert into public.analytics_events (customer_id, type, visitor_id, created_at)
                        select $1, 'qr_scan', ('00000000-0000-4000-c000-' || lpad(g::text, 12, '0'))::uuid, $2
                        from generate_series(0, 8) g returning 1)
                      select case when $3 then (select count(*) from ins) / 0 else (select count(*) from ins) end`,
                params: [HOTEL_B, dayAt(1 + ((i * 7) % 80)), i % 8 === 7],
              }
            : {
                sql: `delete from public.analytics_events where customer_id = $1 and visitor_id = $2
                      and created_at >= $3::timestamptz - interval '1 hour' and created_at < $3::timestamptz + interval '23 hours'`,
                params: [HOTEL_B, visitor(i % 9), dayAt(((i - 40) * 6) % 60)],
              },
        ),
      );
      expect(results.filter((r) => !r.ok)).toHaveLength(5);
      await expectSameFigures(s);
      const guests = await s.db.query<{ n: number }>(
        `select count(distinct visitor_id)::int as n from public.analytics_events where customer_id = $1 and created_at >= $2`,
        [HOTEL_B, new Date(end - 29 * DAY).toISOString()],
      );
      expect((await overview(s, HOTEL_B, 30)).current.unique_guests).toBe(guests.rows[0]!.n);
    },
    120_000,
  );

  it.runIf(backend === 'postgres')(
    'gives the same top places after 50 connections add views in new and past months at once',
    async () => {
      // Top places read snapshots of views before each month start (migration 20261126100600): a view
      // in a month past the last snapshot extends them while other connections add to older ones.
      const acts = (
        await s.db.query<{ id: string }>('select id::text from public.activities where customer_id = $1 order by id', [
          HOTEL_A,
        ])
      ).rows;
      const days = ['2026-08-10', '2026-09-05', '2026-10-02', '2026-06-20', '2026-03-15', '2025-12-31'];
      const results = await race(
        s.dbUrl!,
        Array.from({ length: 50 }, (_, i) => ({
          sql: `with ins as (
                  insert into public.analytics_events (customer_id, activity_id, type, visitor_id, created_at)
                  select $1, $2::uuid, 'activity_view', '00000000-0000-4000-d000-000000000001', $3::timestamptz + g * interval '1 minute'
                  from generate_series(1, 1 + $5::int % 4) g returning 1)
                select case when $4 then (select count(*) from ins) / 0 else (select count(*) from ins) end`,
          params: [HOTEL_A, acts[(i * 7) % acts.length]!.id, `${days[i % days.length]}T10:00:00Z`, i % 10 === 3, i],
        })),
      );
      expect(results.filter((r) => !r.ok)).toHaveLength(5);
      await expectSameFigures(s);
      for (const [d, today] of [
        [30, '2026-09-20'],
        [90, '2026-10-15'],
        [365, '2026-10-31'],
      ] as const) {
        const want = await expected(s, HOTEL_A, d, today);
        const got = await overview(s, HOTEL_A, d, today);
        expect(got.top_activities.map((a) => ({ activity_id: a.activity_id, views: a.views }))).toEqual(
          want.top_activities,
        );
      }
    },
    120_000,
  );
});
