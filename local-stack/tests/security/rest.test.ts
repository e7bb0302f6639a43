// Security of the REST layer (issue #26), on PGlite and on PostgreSQL 15:
// - a `select` cast is one type name (optionally `[]`): text after `::` never reaches the SQL;
// - the role's statement timeout (anon 3 s, authenticated 8 s, from pg_db_role_setting) cancels a
//   statement on both databases (PGlite through its watchdog), the transaction is rolled back and the
//   database stays usable;
// - a simple GET is answered while another request runs up to its timeout (PostgreSQL: at once, from
//   the pool; PGlite, one connection: at the latest when the timeout ends the slow statement).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, stackDir, stopPgServer } from '../../testing/stack.ts';
import { startRestEnv, type RestEnv } from '../conformance/rest-helpers.ts';
import { runSlowProbe } from '../../testing/slow-probe.ts';

afterAll(stopPgServer);

const SLOW_SQL = fs.readFileSync(path.join(stackDir, 'tests/fixtures/rest-slow-fixture.sql'), 'utf8');
const enc = encodeURIComponent;

describe.each(BACKENDS)('REST security on %s', (backend) => {
  let env: RestEnv;
  beforeAll(async () => {
    env = await startRestEnv(backend);
    await env.stack.db.exec(SLOW_SQL);
  });
  afterAll(async () => {
    await env?.stack.stop();
  });

  /**
   * Changes a role's statement timeout as a project would, and has the REST layer re-read the role settings: the
   * next request reads the catalog again (first, in its own transaction), so one is made here, before a test
   * times a statement (under load the catalog read alone took seconds, and was counted in the timeout's bounds).
   */
  const setTimeoutOf = async (role: string, value: string) => {
    await env.stack.db.exec(`alter role ${role} set statement_timeout = '${value}'`);
    // role settings are not DDL: PostgREST needs `NOTIFY pgrst, 'reload config'`; here any DDL reloads the cache
    await env.stack.db.exec(`comment on table public.fx_spin_log is 'reload ${Date.now()}'`);
    const read = await env.http('/fx_hotels?select=id&limit=1');
    expect(read.status).toBe(200);
  };

  it('refuses a cast of several words (the union/pg_roles attack) with 400 PGRST100 and reveals nothing', async () => {
    const attacks = [
      'id::text as x from fx_hotels union select rolname from pg_roles cross join fx_hotels as z union select name',
      'id::text as x from customers union select rolname from pg_roles',
      'name::text[] as x from fx_hotels',
      'name::double precision',
      'id::int4 limit 1',
    ];
    for (const select of attacks) {
      const r = await env.http(`/fx_hotels?select=${enc(select)}`);
      const text = await r.text();
      expect([select, r.status]).toEqual([select, 400]);
      expect(JSON.parse(text).code).toBe('PGRST100');
      expect(text).not.toMatch(/service_role|authenticator|pg_read_all|supabase_auth_admin/);
    }
    // one type name, optionally an array of it, still works (any case, as Postgres folds it)
    const ok = await env.http(`/fx_hotels?select=${enc('id::text,tags::TEXT[],stars::int,rating::float8')}&id=eq.1`);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual([
      { id: '1', tags: expect.any(Array), stars: expect.any(Number), rating: expect.any(Number) },
    ]);
    // an unknown type is the database's 400, not a splice
    const unknown = await env.http(`/fx_hotels?select=${enc('id::nosuchtype')}`);
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).code).toBe('42704');
  });

  it('cancels an anonymous statement at the 3 s role timeout (57014), rolls it back, and the database stays usable', async () => {
    const before = (await env.stack.db.query<{ n: number }>('select count(*)::int as n from public.fx_spin_log'))
      .rows[0]!.n;
    const hotels = await (await env.http('/fx_hotels?select=id,name&order=id')).json();
    const t0 = performance.now();
    const r = await env.http('/rpc/fx_spin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: 10 }),
    });
    const ms = performance.now() - t0;
    const body = await r.json();
    expect([r.status, body.code, body.message]).toEqual([500, '57014', 'canceling statement due to statement timeout']);
    expect(ms).toBeGreaterThan(2_500);
    expect(ms).toBeLessThan(6_000);
    // the row the function wrote first was rolled back; the rest is intact, and the next requests work
    expect(
      (await env.stack.db.query<{ n: number }>('select count(*)::int as n from public.fx_spin_log')).rows[0]!.n,
    ).toBe(before);
    expect(await (await env.http('/fx_hotels?select=id,name&order=id')).json()).toEqual(hotels);
    const quick = await env.http('/rpc/fx_spin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seconds: 0.05 }),
    });
    expect(quick.status).toBe(200);
    // sleeping is cancelled the same way
    const s0 = performance.now();
    const slept = await env.http(`/rpc/fx_sleep?seconds=10`);
    expect([slept.status, (await slept.json()).code]).toEqual([500, '57014']);
    expect(performance.now() - s0).toBeLessThan(6_000);
  }, 30_000);

  it('takes the timeout from the role settings: lowered to 1 s, raised back to 3 s, authenticated keeps 8 s', async () => {
    try {
      await setTimeoutOf('anon', '1s');
      const t0 = performance.now();
      const r = await env.http('/rpc/fx_spin', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ seconds: 10 }),
      });
      const ms = performance.now() - t0;
      expect([r.status, (await r.json()).code]).toEqual([500, '57014']);
      expect(ms).toBeGreaterThan(800);
      expect(ms).toBeLessThan(2_900);
      // under the (raised) limit a statement runs to its end
      await setTimeoutOf('anon', '3s');
      const ok = await env.http('/rpc/fx_spin', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ seconds: 1.5 }),
      });
      expect(ok.status).toBe(200);
      // a signed-in user has 8 s: 3.5 s passes
      const alice = await env.user(`spin-${backend}@example.com`);
      const long = await alice.client.rpc('fx_spin', { seconds: 3.5 });
      expect(long.error).toBeNull();
    } finally {
      await setTimeoutOf('anon', '3s');
    }
  }, 30_000);

  it('answers a simple GET while another request runs up to its timeout', async () => {
    // the client is another process: the stack's process may be busy (PGlite runs in its event loop)
    const probe = await runSlowProbe({
      url: env.stack.apiUrl,
      apikey: env.stack.config.auth.anonKey,
      simplePath: '/rest/v1/fx_countries?select=code&limit=1',
      slowPath: '/rest/v1/rpc/fx_spin',
      slowBody: { seconds: 10 },
    });
    expect([probe.slow.status, probe.slow.code]).toEqual([500, '57014']);
    expect(probe.slow.ms).toBeLessThan(6_000);
    expect(probe.gets.length).toBeGreaterThan(0);
    expect(probe.gets.every((g) => g.status === 200)).toBe(true);
    const first = probe.gets[0]!;
    // PostgreSQL answers from another pooled connection, at once; PGlite (one connection) once the
    // timeout has ended the slow statement. Loose bounds; the figures are printed by the REST bench.
    if (backend === 'postgres') expect(first.ms).toBeLessThan(1_000);
    else expect(first.sentAt + first.ms).toBeLessThan(probe.slow.ms + 1_500);
  }, 30_000);
});
