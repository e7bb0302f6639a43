// Issue #26, engagement limits: the analytics and contact-message limits counted then inserted, so
// concurrent requests all passed them on PostgreSQL; and client-made visitor ids let anyone grow a
// hotel's figures at will. Each case fires 20 requests at once: on PostgreSQL through 20 separate
// connections (each impersonating anon as PostgREST does, inside its own transaction), on PGlite
// through the stack's one session (it serialises them), and over HTTP with supabase-js.
// The source of a request is what the API gateway says: `cf-connecting-ip` on hosted Supabase, the
// socket's address (as `x-real-ip`) on the local stack.
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '../../types/database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { impersonate, race as raceOnPostgres, type Settled } from '@guestmap/local-stack/testing/race.ts';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { claimsFor } from '../database/support.ts';

afterAll(stopPgServer);

const RACERS = 20;
/** The documented defaults (supabase/README-data.md). */
const CONTACT_PER_EMAIL_HOUR = 5;
const CONTACT_PER_SOURCE_HOUR = 10;

const uuid = () => crypto.randomUUID();
const ip = (n: number) => `203.0.113.${n}`;

describe.each(BACKENDS)('engagement limits on %s', (backend) => {
  let s: TestStack;
  let customerSeq = 0;

  beforeAll(async () => {
    s = await startTestStack(backend);
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** A fresh public hotel with `places` published places, so each case counts alone. */
  async function hotel(places = 0): Promise<{ id: string; activities: string[] }> {
    const id = `limits-${backend}-${++customerSeq}`;
    await s.db.query(
      `insert into public.customers (id, kind, name, latitude, longitude, package, is_public) values ($1, 'hotel', 'Limits', 10.77, 106.70, 'premium', true)`,
      [id],
    );
    const activities: string[] = [];
    for (let i = 0; i < places; i++) {
      const { rows } = await s.db.query<{ id: string }>(
        `insert into public.activities (customer_id, slug, category, title, latitude, longitude, published)
         values ($1, $2, 'food', '{"en":"Place"}', 10.77, 106.70, true) returning id`,
        [id, `place-${i}`],
      );
      activities.push(rows[0]!.id);
    }
    return { id, activities };
  }

  async function setLimit(name: string, value: number): Promise<void> {
    const r = await s.db.query(`update private.engagement_limits set value = $2 where name = $1`, [name, value]);
    expect(r.affectedRows, name).toBe(1);
  }

  /**
   * Runs each statement as anon in its own transaction, with `request.headers` set as PostgREST sets
   * them (the source header among them). PostgreSQL: one connection each, all opened and impersonating
   * first, then every statement fired at once.
   */
  async function race(
    calls: { headers: Record<string, string>; sql: string; params: unknown[] }[],
  ): Promise<Settled[]> {
    const claims = JSON.stringify(claimsFor('anon'));
    const asAnon =
      "select set_config('role', 'anon', true), set_config('request.jwt.claims', $1, true), set_config('request.headers', $2, true)";
    const fail = (e: unknown): Settled => ({
      ok: false,
      code: (e as { code?: string }).code,
      detail: (e as { detail?: string }).detail,
    });
    if (s.backend === 'pglite') {
      return Promise.all(
        calls.map((c) =>
          s.db
            .transaction(async (tx) => {
              await tx.query(asAnon, [claims, JSON.stringify(c.headers)]);
              return (await tx.query<{ r: unknown }>(c.sql, c.params)).rows[0]?.r;
            })
            .then((value): Settled => ({ ok: true, value }), fail),
        ),
      );
    }
    return raceOnPostgres(
      s.dbUrl!,
      calls.map(({ headers, sql, params }) => ({
        prepare: impersonate({
          role: 'anon',
          'request.jwt.claims': claims,
          'request.headers': JSON.stringify(headers),
        }),
        sql,
        params,
      })),
    );
  }

  const contact = (email: string) => ({
    sql: `insert into public.contact_messages (name, email, message) values ('Race', $1, 'Hello')`,
    params: [email],
  });
  const stored = async (where: string, params: unknown[]) =>
    (await s.db.query<{ n: number }>(`select count(*)::int as n from public.contact_messages where ${where}`, params))
      .rows[0]!.n;
  const event = (customer: string, type: string, visitor: string, activity: string | null = null) => ({
    sql: 'select public.record_event($1, $2, $3::uuid, $4::uuid) as r',
    params: [customer, type, activity, visitor],
  });
  /** The hotel's figures as the dashboard computes them (events and distinct visitors), and as analytics_daily has them. */
  async function figures(
    customer: string,
  ): Promise<{ events: number; visitors: number; daily: { events: number; visitors: number } }> {
    const raw = (
      await s.db.query<{ events: number; visitors: number }>(
        'select count(*)::int as events, count(distinct visitor_id)::int as visitors from public.analytics_events where customer_id = $1',
        [customer],
      )
    ).rows[0]!;
    const daily = (
      await s.db.query<{ events: number; visitors: number }>(
        'select coalesce(sum(events), 0)::int as events, coalesce(max(visitors), 0)::int as visitors from public.analytics_daily where customer_id = $1',
        [customer],
      )
    ).rows[0]!;
    return { ...raw, daily };
  }

  it('contact: 20 messages at once with one e-mail address (from 20 sources) store exactly 5; the others get rate_limited', async () => {
    const email = `same-${backend}@example.com`;
    const results = await race(
      Array.from({ length: RACERS }, (_, i) => ({ headers: { 'cf-connecting-ip': ip(i + 1) }, ...contact(email) })),
    );
    expect(await stored('lower(email) = $1', [email])).toBe(CONTACT_PER_EMAIL_HOUR);
    expect(results.filter((r) => r.ok)).toHaveLength(CONTACT_PER_EMAIL_HOUR);
    expect(results.filter((r) => !r.ok).map((r) => `${r.code}/${r.detail}`)).toEqual(
      Array(RACERS - CONTACT_PER_EMAIL_HOUR).fill('P0001/rate_limited'),
    );
  });

  it('contact: 20 messages at once from one source (20 invented e-mail addresses) store exactly the per-source limit', async () => {
    const tag = `src-${backend}-${Date.now()}`;
    const results = await race(
      Array.from({ length: RACERS }, (_, i) => ({
        headers: { 'cf-connecting-ip': '198.51.100.7' },
        ...contact(`${tag}-${i}@example.com`),
      })),
    );
    expect(await stored('email like $1', [`${tag}-%`])).toBe(CONTACT_PER_SOURCE_HOUR);
    expect(results.filter((r) => !r.ok).map((r) => r.detail)).toEqual(
      Array(RACERS - CONTACT_PER_SOURCE_HOUR).fill('rate_limited'),
    );
    // An IPv6 source counts per /64: other addresses of the same network share its limit.
    const v6 = await race(
      Array.from({ length: RACERS }, (_, i) => ({
        headers: { 'cf-connecting-ip': `2001:db8:7:7::${(i + 1).toString(16)}` },
        ...contact(`${tag}-v6-${i}@example.com`),
      })),
    );
    expect(v6.filter((r) => r.ok)).toHaveLength(CONTACT_PER_SOURCE_HOUR);
  });

  it('contact: the overall hourly limit holds under 20 concurrent senders from 20 sources', async () => {
    const before = await stored(`created_at > now() - interval '1 hour'`, []);
    await setLimit('contact_total_per_hour', before + 3);
    try {
      const tag = `total-${backend}-${Date.now()}`;
      const results = await race(
        Array.from({ length: RACERS }, (_, i) => ({
          headers: { 'cf-connecting-ip': ip(100 + i) },
          ...contact(`${tag}-${i}@example.com`),
        })),
      );
      expect(await stored('email like $1', [`${tag}-%`])).toBe(3);
      expect(results.filter((r) => !r.ok).map((r) => r.detail)).toEqual(Array(RACERS - 3).fill('rate_limited'));
    } finally {
      await setLimit('contact_total_per_hour', 200);
    }
  });

  it('analytics: 20 events at once with invented visitor ids from one source grow unique guests by at most the per-source cap', async () => {
    const h = await hotel();
    await setLimit('analytics_source_visitors_per_day', 5);
    try {
      const before = await figures(h.id);
      const results = await race(
        Array.from({ length: RACERS }, () => ({
          headers: { 'cf-connecting-ip': '192.0.2.50' },
          ...event(h.id, 'qr_scan', uuid()),
        })),
      );
      const after = await figures(h.id);
      expect(after.visitors - before.visitors).toBe(5);
      expect(after.events - before.events).toBe(5);
      expect(results.filter((r) => r.value === true)).toHaveLength(5);
      // The same figures on the dashboard's daily view.
      expect(after.daily).toEqual({ events: after.events, visitors: after.visitors });
      // Visitors already counted today keep counting; another source has its own cap.
      const again = await race(
        Array.from({ length: 3 }, (_, i) => ({
          headers: { 'cf-connecting-ip': ip(200 + i) },
          ...event(h.id, 'map_view', uuid()),
        })),
      );
      expect(again.every((r) => r.value === true)).toBe(true);
    } finally {
      await setLimit('analytics_source_visitors_per_day', 200);
    }
  });

  it('analytics: 20 events at once of visitors already counted from one source add at most the per-source event cap', async () => {
    const h = await hotel(5);
    await setLimit('analytics_source_events_per_day', 8);
    try {
      const visitor = uuid();
      const kinds = [
        ...['qr_scan', 'map_view', 'share'].map((t) => [t, null] as const),
        ...h.activities.flatMap((a) =>
          ['activity_view', 'directions_click', 'favourite', 'share'].map((t) => [t, a] as const),
        ),
      ].slice(0, RACERS);
      await race(
        kinds.map(([t, a]) => ({ headers: { 'cf-connecting-ip': '192.0.2.60' }, ...event(h.id, t, visitor, a) })),
      );
      expect((await figures(h.id)).events).toBe(8);
    } finally {
      await setLimit('analytics_source_events_per_day', 2000);
    }
  });

  it('analytics: the per-visitor (60 a minute) and per-hotel (600 a minute) limits hold under 20 concurrent events', async () => {
    const h = await hotel(5);
    const visitor = uuid();
    // 55 of the visitor's events this minute, then 20 different ones at once: 5 more pass.
    await s.db.query(
      `insert into public.analytics_events (customer_id, type, visitor_id) select $1, 'map_view', $2 from generate_series(1, 55)`,
      [h.id, visitor],
    );
    const kinds = [
      ...['qr_scan', 'map_view', 'share'].map((t) => [t, null] as const),
      ...h.activities.flatMap((a) =>
        ['activity_view', 'directions_click', 'favourite', 'share'].map((t) => [t, a] as const),
      ),
    ].slice(0, RACERS);
    const mine = await race(
      kinds.map(([t, a], i) => ({ headers: { 'cf-connecting-ip': ip(i + 1) }, ...event(h.id, t, visitor, a) })),
    );
    expect(mine.filter((r) => r.value === true)).toHaveLength(5);
    expect((await figures(h.id)).events).toBe(60);
    // 595 events of the hotel this minute, then 20 visitors from 20 sources at once: 5 more pass.
    const busy = await hotel();
    await s.db.query(
      `insert into public.analytics_events (customer_id, type, visitor_id) select $1, 'map_view', gen_random_uuid() from generate_series(1, 595)`,
      [busy.id],
    );
    const all = await race(
      Array.from({ length: RACERS }, (_, i) => ({
        headers: { 'cf-connecting-ip': ip(i + 1) },
        ...event(busy.id, 'qr_scan', uuid()),
      })),
    );
    expect(all.filter((r) => r.value === true)).toHaveLength(5);
    expect((await figures(busy.id)).events).toBe(600);
  });

  it('over HTTP: forged forwarding headers and invented visitor ids do not get past the caps; the contact form gets rate_limited', async () => {
    const h = await hotel();
    await setLimit('analytics_source_visitors_per_day', 5);
    try {
      // 20 "browsers" at once, each claiming another address in every header a client can send.
      const browsers = Array.from({ length: RACERS }, (_, i) =>
        createClient<Database>(s.apiUrl, s.config.auth.anonKey, {
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
          realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
          global: { headers: { 'x-forwarded-for': ip(i + 1), 'x-real-ip': ip(i + 1), 'cf-connecting-ip': ip(i + 1) } },
        }),
      );
      const before = await figures(h.id);
      const events = await Promise.all(
        browsers.map((b) => b.rpc('record_event', { p_customer_id: h.id, p_type: 'qr_scan', p_visitor_id: uuid() })),
      );
      expect(events.map((r) => r.error)).toEqual(Array(RACERS).fill(null));
      expect(events.filter((r) => r.data === true)).toHaveLength(5);
      expect((await figures(h.id)).visitors - before.visitors).toBe(5);

      const tag = `http-${backend}-${Date.now()}`;
      const sent = await Promise.all(
        browsers.map((b, i) =>
          b.from('contact_messages').insert({ name: 'Race', email: `${tag}-${i}@example.com`, message: 'Hello' }),
        ),
      );
      expect(await stored('email like $1', [`${tag}-%`])).toBe(CONTACT_PER_SOURCE_HOUR);
      const refused = sent.filter((r) => r.error);
      expect(refused).toHaveLength(RACERS - CONTACT_PER_SOURCE_HOUR);
      // What the contact form reads: a 400 with the code it maps to a message in the user's language.
      expect(refused.map((r) => ({ status: r.status, code: r.error!.code, details: r.error!.details }))).toEqual(
        Array(RACERS - CONTACT_PER_SOURCE_HOUR).fill({ status: 400, code: 'P0001', details: 'rate_limited' }),
      );
      // The service role (back office) is neither limited nor counted.
      const office = await s
        .service()
        .from('contact_messages')
        .insert(
          Array.from({ length: 6 }, () => ({ name: 'Office', email: `${tag}-office@example.com`, message: 'Hello' })),
        );
      expect(office.error).toBeNull();
      expect(await stored('email = $1', [`${tag}-office@example.com`])).toBe(6);
    } finally {
      await setLimit('analytics_source_visitors_per_day', 200);
    }
  });

  it('the documented default limits are the ones in force', async () => {
    const { rows } = await s.db.query<{ name: string; value: number }>(
      'select name, value from private.engagement_limits order by name',
    );
    expect(Object.fromEntries(rows.map((r) => [r.name, r.value]))).toEqual({
      analytics_customer_per_minute: 600,
      analytics_source_events_per_day: 2000,
      analytics_source_visitors_per_day: 200,
      analytics_visitor_per_minute: 60,
      contact_email_per_hour: CONTACT_PER_EMAIL_HOUR,
      contact_source_per_hour: CONTACT_PER_SOURCE_HOUR,
      contact_total_per_hour: 200,
      // docs/staff-links.md
      staff_source_visits_per_day: 200,
    });
  });
});
