// Fuzzes the REST service with a few thousand malformed and random requests (seeded, so a failure
// replays): bad JSON, oversized bodies, invalid filters and select strings, hostile identifiers,
// forged/expired/unsigned tokens. Malformed requests must get a 4xx, random ones anything but a 5xx
// (a statement timeout excepted); afterwards the server still answers and the data is unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, stopPgServer } from '../../testing/stack.ts';
import { startRestEnv, type RestEnv } from './rest-helpers.ts';
import { signJwt } from '../../src/jwt.ts';
import { FILTER_OPS } from '../../src/rest/api-request/query-params.ts';

afterAll(stopPgServer);

function rng(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  return { next, int, pick };
}

const TABLES = [
  'fx_hotels',
  'fx_rooms',
  'fx_countries',
  'fx_people',
  'fx_messages',
  'fx_features',
  'fx_hotel_features',
  'nope',
  'fx_notes',
];
const COLUMNS = [
  'id',
  'name',
  'stars',
  'rating',
  'meta',
  'tags',
  'stay',
  'fts',
  'hotel_id',
  'code',
  'number',
  'body',
  'nope',
];
const HOSTILE = [
  '"; drop table fx_hotels;--',
  "'; delete from fx_countries; --",
  'fx_hotels"; truncate fx_rooms; --',
  ')) or 1=1 --',
  '$1',
  '$$',
  '\\',
  '"',
  "'",
  'id;select pg_sleep(1)',
  'name::text); drop table fx_people;--',
  'a"b',
  'pg_catalog.pg_authid',
  '../../etc/passwd',
  '%00',
  '\u0000',
  'ÿ',
  '🦜',
  'x'.repeat(300),
];
// Every operator the REST layer parses (so a new one is fuzzed as soon as it exists), each also negated, and
// operators it must refuse.
const OPS = [...FILTER_OPS, ...[...FILTER_OPS].map((op) => `not.${op}`), 'eqq', '', 'not', 'not.not.eq'];
const VALUES = [
  '1',
  '-1',
  '0',
  'abc',
  '(1,2)',
  '("a,b",c)',
  '{a,b}',
  '[1,5)',
  'null',
  'true',
  'not_null',
  '',
  '*',
  '%',
  '(',
  ')',
  '{"a":1}',
  '1e999',
  '99999999999999999999999',
  'NaN',
  '2020-13-45',
  '((((',
  '"unterminated',
  '\\"',
  '(a,(b,c))',
];
const SELECT_BITS = [
  '*',
  'id',
  'name',
  'alias:name',
  'stars::text',
  'meta->a->>b',
  'fx_rooms(*)',
  'fx_countries!inner(name)',
  'fx_people(name)',
  'x:fx_hotels!hotel_id(id)',
  '...fx_countries(name)',
  'count()',
  'name.sum()',
  '(',
  ')',
  ',',
  '::',
  '!',
  '->',
  '"',
  'id::int; drop table x',
  'nope',
  'fx_rooms(nope)',
];

describe.each(BACKENDS)('REST fuzz on %s', (backend) => {
  let env: RestEnv;
  beforeAll(async () => {
    env = await startRestEnv(backend);
  });
  afterAll(async () => {
    await env?.stack.stop();
  });

  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const t of [
      'fx_countries',
      'fx_hotels',
      'fx_rooms',
      'fx_features',
      'fx_hotel_features',
      'fx_people',
      'fx_messages',
      'fx_notes',
      'fx_log',
    ]) {
      out[t] = (
        await env.stack.db.query(`select coalesce(json_agg(t order by t::text), '[]')::text as j from public.${t} t`)
      ).rows[0];
    }
    return out;
  };

  it('answers thousands of malformed and random requests without a 5xx and without changing data', async () => {
    const before = await snapshot();
    const r = rng(backend === 'pglite' ? 20261122 : 11222026);
    const secret = env.stack.config.auth.jwtSecret;
    const exp = Math.floor(Date.now() / 1000) + 600;
    const user = await env.user('fuzz@example.com');
    const tokens = {
      anon: env.stack.config.auth.anonKey,
      user: user.token,
      wrongSig: signJwt({ role: 'service_role', exp }, 'not-the-secret-not-the-secret-not-the-secret'),
      none: `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ role: 'service_role', exp })).toString('base64url')}.`,
      expired: signJwt({ role: 'service_role', exp: exp - 4000 }, secret),
      garbage: 'a.b.c',
    };
    type Case = { method: string; path: string; headers: Record<string, string>; body?: string; malformed: boolean };
    const enc = encodeURIComponent;
    const gen = (): Case => {
      const table = r.pick(TABLES);
      const role = r.pick(['anon', 'anon', 'user', 'user', 'wrongSig', 'none', 'expired', 'garbage'] as const);
      const headers: Record<string, string> = { apikey: tokens.anon, Authorization: `Bearer ${tokens[role]}` };
      const badToken = !['anon', 'user'].includes(role);
      const kind = r.int(8);
      let c: Case;
      if (kind === 0) {
        // bad JSON bodies
        const bodies = [
          '{',
          '[',
          '{"a":',
          'nul',
          '[1,2',
          '{"name": "x",}',
          '\u0000',
          '{"a":1}{"b":2}',
          '[{"id":1},{"name":"x"}]',
          '"str"',
          '12',
          '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
          '{"' + r.pick(HOSTILE) + '": 1}',
        ];
        const body = r.pick(bodies);
        const method = r.pick(['POST', 'PATCH']);
        c = {
          method,
          path: `/${table}?id=eq.1`,
          headers: { ...headers, 'Content-Type': 'application/json' },
          body,
          malformed: true,
        };
      } else if (kind === 1) {
        // invalid filters
        const op = r.pick(OPS);
        const val = r.pick(VALUES);
        c = {
          method: r.pick(['GET', 'DELETE', 'HEAD']),
          path: `/${table}?${enc(r.pick(COLUMNS))}=${enc(op ? `${op}.${val}` : val)}`,
          headers,
          malformed: false,
        };
      } else if (kind === 2) {
        // random select strings
        const n = 1 + r.int(5);
        const sel = Array.from({ length: n }, () => r.pick(SELECT_BITS)).join(r.pick([',', '', '(', ')']));
        c = { method: 'GET', path: `/${table}?select=${enc(sel)}`, headers, malformed: false };
      } else if (kind === 3) {
        // hostile identifiers everywhere an identifier goes
        const h = r.pick(HOSTILE);
        const where = r.int(9);
        const paths = [
          `/${enc(h)}`,
          `/fx_hotels?select=${enc(h)}`,
          `/fx_hotels?${enc(h)}=eq.1`,
          `/fx_hotels?order=${enc(h)}`,
          `/fx_hotels?select=id,${enc(`x:${h}`)}`,
          `/fx_hotels?select=${enc(`meta->${h}`)}`,
          `/fx_hotels?select=${enc(`name::${h}`)}`,
          `/rpc/${enc(h)}`,
          `/fx_hotels?or=${enc(`(${h}.eq.1,id.eq.2)`)}`,
        ];
        const method = r.pick(['GET', 'POST', 'PATCH', 'DELETE']);
        const body = method === 'POST' || method === 'PATCH' ? JSON.stringify({ [h]: 1 }) : undefined;
        c = {
          method,
          path: paths[where]!,
          headers: {
            ...headers,
            'Content-Type': 'application/json',
            ...(r.int(5) === 0
              ? {
                  'Accept-Profile': h.replace(/[^\x20-\x7e]/g, '?'),
                  'Content-Profile': h.replace(/[^\x20-\x7e]/g, '?'),
                }
              : {}),
          },
          body,
          malformed: false,
        };
      } else if (kind === 4) {
        // writes with odd bodies and parameters
        const method = r.pick(['POST', 'PATCH', 'DELETE']);
        const row: Record<string, unknown> = {};
        for (let i = 0; i < 1 + r.int(3); i++)
          row[r.pick(COLUMNS)] = r.pick([1, 'x', null, true, [1, 2], { a: 1 }, 1e308, r.pick(HOSTILE)]);
        const qs = r.pick([
          '',
          '?columns=' + enc(r.pick(COLUMNS)),
          '?on_conflict=' + enc(r.pick(COLUMNS)),
          `?${r.pick(COLUMNS)}=eq.${enc(r.pick(VALUES))}`,
          '?select=' + enc(r.pick(SELECT_BITS)),
        ]);
        const prefer = r.pick([
          '',
          'return=representation',
          'resolution=merge-duplicates',
          'resolution=ignore-duplicates, return=representation',
          'missing=default',
          'count=exact',
          'handling=strict, bogus=1',
        ]);
        c = {
          method,
          path: `/${table}${qs}`,
          headers: { ...headers, 'Content-Type': 'application/json', Prefer: prefer },
          body: method === 'DELETE' ? undefined : JSON.stringify(r.int(2) ? row : [row, row]),
          malformed: false,
        };
      } else if (kind === 5) {
        // RPC with random arguments (never the functions that raise on purpose)
        const fn = r.pick([
          'fx_add',
          'fx_hotels_by_stars',
          'fx_star_values',
          'fx_pairs',
          'fx_first_hotel',
          'fx_echo',
          'fx_setting',
          'fx_tags_overlap',
          'fx_nope',
        ]);
        const args: Record<string, unknown> = {};
        for (let i = 0; i < r.int(3); i++)
          args[r.pick(['a', 'b', 'min_stars', 'what', 'name', 't', r.pick(HOSTILE)])] = r.pick([
            1,
            'x',
            null,
            [1],
            { a: 1 },
            r.pick(VALUES),
          ]);
        if (r.int(2))
          c = {
            method: 'POST',
            path: `/rpc/${fn}`,
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify(args),
            malformed: false,
          };
        else
          c = {
            method: 'GET',
            path: `/rpc/${fn}?${Object.entries(args)
              .map(([k, v]) => `${enc(k)}=${enc(String(v))}`)
              .join('&')}`,
            headers,
            malformed: false,
          };
      } else if (kind === 6) {
        // logic trees, orders and ranges
        const tree = Array.from(
          { length: 1 + r.int(4) },
          () => `${r.pick(COLUMNS)}.${r.pick(OPS)}.${r.pick(VALUES)}`,
        ).join(',');
        const key = r.pick([
          'or',
          'and',
          'not.or',
          'fx_rooms.or',
          'order',
          'limit',
          'offset',
          'fx_rooms.limit',
          'fx_rooms.order',
        ]);
        const val =
          key.endsWith('or') || key.endsWith('and')
            ? r.pick([`(${tree})`, tree, `(${tree}`, `and(${tree})`, `(or(${tree}),${tree})`])
            : r.pick(['id.desc.nullslast', 'x.y.z', '-1', 'abc', '5', 'name.asc,id', '']);
        c = {
          method: r.pick(['GET', 'HEAD']),
          path: `/${table}?select=*,fx_rooms(*)&${key}=${enc(val)}`,
          headers: { ...headers, ...(r.int(4) === 0 ? { Range: r.pick(['0-1', '5-2', 'x', '1-']) } : {}) },
          malformed: false,
        };
      } else {
        // unsupported media types and garbage headers
        c = {
          method: 'GET',
          path: `/${table}`,
          headers: {
            ...headers,
            Accept: r.pick(['application/xml', 'image/png', 'text/html', 'application/vnd.pgrst.plan+json', ';;;']),
            Prefer: r.pick(['count=exact', 'return=foo', '']),
          },
          malformed: true,
        };
      }
      if (badToken) c.malformed = true;
      return c;
    };

    const cases: Case[] = Array.from({ length: 1200 }, gen);
    // and a few oversized bodies
    const big = 'x'.repeat(11 * 1024 * 1024);
    for (let i = 0; i < 2; i++)
      cases.push({
        method: 'POST',
        path: '/fx_countries',
        headers: { apikey: tokens.anon, 'Content-Type': 'application/json' },
        body: `{"name":"${big}"}`,
        malformed: true,
      });

    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++]!;
        let status = 0;
        let text: string;
        try {
          const res = await fetch(`${env.rest}${c.path}`, { method: c.method, headers: c.headers, body: c.body });
          status = res.status;
          text = await res.text();
        } catch (e) {
          text = String(e);
        }
        const timeout = status === 500 && text.includes('57014');
        const bad = status === 0 || (status >= 500 && !timeout) || (c.malformed && (status < 400 || status >= 500));
        if (bad && failures.length < 10)
          failures.push(
            `${c.method} ${c.path.slice(0, 200)} ${c.body?.slice(0, 100) ?? ''} → ${status} ${text.slice(0, 200)}`,
          );
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(failures).toEqual([]);

    const alive = await env.stack.anon().from('fx_countries').select('code').order('code');
    expect(alive.data).toEqual([{ code: 'FR' }, { code: 'JP' }, { code: 'VN' }]);
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});
