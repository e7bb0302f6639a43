// REST authentication (apikey / Bearer, JWT errors), per-request settings PostgREST makes, RPC in
// all its return shapes and errors, raised errors, and the schema cache seeing DDL done after start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, stopPgServer } from '../../testing/stack.ts';
import { startRestEnv, type RestEnv } from './rest-helpers.ts';
import { signJwt } from '../../src/jwt.ts';

afterAll(stopPgServer);

const now = () => Math.floor(Date.now() / 1000);

describe.each(BACKENDS)('REST auth and RPC on %s', (backend) => {
  let env: RestEnv;
  beforeAll(async () => {
    env = await startRestEnv(backend);
  });
  afterAll(async () => {
    await env?.stack.stop();
  });

  it('treats a request without any token as anon, and takes the role from the Bearer token', async () => {
    const bare = await fetch(`${env.rest}/rpc/fx_whoami`, { method: 'POST' });
    expect(await bare.json()).toEqual({ role: 'anon', uid: null, claims_role: 'anon' });
    const alice = await env.user('who@example.com');
    const who = await alice.client.rpc('fx_whoami');
    expect(who.data).toEqual({ role: 'authenticated', uid: alice.id, claims_role: 'authenticated' });
    const svc = await env.stack.service().rpc('fx_whoami');
    expect(svc.data).toMatchObject({ role: 'service_role' });
  });

  it('refuses bad tokens: wrong signature, alg none, malformed → 401 PGRST301; expired → 401 PGRST303', async () => {
    const claims = { role: 'authenticated', sub: '00000000-0000-0000-0000-000000000001', exp: now() + 600 };
    const cases: [string, string, string][] = [
      [
        signJwt(claims, 'another-secret-another-secret-another-secret'),
        'PGRST301',
        'JWT cryptographic operation failed',
      ],
      [
        `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`,
        'PGRST301',
        'Wrong or unsupported encoding algorithm',
      ],
      ['not-a-jwt', 'PGRST301', 'Expected 3 parts in JWT; got 1'],
      [env.sign({ ...claims, exp: now() - 120 }), 'PGRST303', 'JWT expired'],
    ];
    for (const [token, code, message] of cases) {
      const r = await env.http('/fx_countries', { headers: { Authorization: `Bearer ${token}` } });
      expect([r.status, code]).toEqual([401, code]);
      expect(await r.json()).toEqual({ code, message, details: null, hint: null });
      expect(r.headers.get('www-authenticate')).toContain('invalid_token');
    }
    // a bad apikey without Authorization is refused too
    const badKey = await fetch(`${env.rest}/fx_countries`, { headers: { apikey: 'garbage' } });
    expect(badKey.status).toBe(401);
    // 30 s of clock skew is tolerated
    const skewed = await env.http('/fx_countries?select=code&limit=1', {
      headers: { Authorization: `Bearer ${env.sign({ role: 'anon', exp: now() - 10 })}` },
    });
    expect(skewed.status).toBe(200);
  });

  it('refuses roles the API may not switch to: unknown role 401, postgres 403', async () => {
    const ghost = await env.http('/fx_countries', {
      headers: { Authorization: `Bearer ${env.sign({ role: 'ghost', exp: now() + 60 })}` },
    });
    expect(ghost.status).toBe(401);
    const su = await env.http('/fx_countries', {
      headers: { Authorization: `Bearer ${env.sign({ role: 'postgres', exp: now() + 60 })}` },
    });
    expect(su.status).toBe(403);
    expect((await su.json()).code).toBe('42501');
  });

  it('sets search_path, role, claims, method, path and headers for the request, and the role timeout', async () => {
    const alice = await env.user('settings@example.com');
    const get = async (name: string) => (await alice.client.rpc('fx_setting', { name }, { get: true })).data as string;
    expect(await get('search_path')).toBe('"public", "extensions"');
    expect(await get('role')).toBe('authenticated');
    expect(JSON.parse(await get('request.jwt.claims'))).toMatchObject({
      sub: alice.id,
      role: 'authenticated',
      email: 'settings@example.com',
    });
    expect(await get('request.method')).toBe('GET');
    expect(await get('request.path')).toBe('/rpc/fx_setting');
    expect(JSON.parse(await get('request.headers'))).toMatchObject({ 'accept-profile': 'public' });
    if (backend === 'postgres') {
      expect(await get('statement_timeout')).toBe('8s');
      const anon = await env.stack.anon().rpc('fx_setting', { name: 'statement_timeout' });
      expect(anon.data).toBe('3s');
    }
  });

  it('calls functions over POST and GET: scalar, defaults, set-returning, table-returning, composite, void', async () => {
    const sb = env.stack.anon();
    expect(await sb.rpc('fx_add', { a: 1, b: 2 })).toMatchObject({ status: 200, data: 3 });
    expect((await sb.rpc('fx_add', { a: 1 }, { get: true })).data).toBe(11);
    expect((await sb.rpc('fx_star_values')).data).toEqual([5, 3, 4]);
    expect((await sb.rpc('fx_pairs').gt('x', 1).order('x', { ascending: false })).data).toEqual([
      { x: 3, y: 'three' },
      { x: 2, y: 'two' },
    ]);
    const hotels = await sb
      .rpc('fx_hotels_by_stars', { min_stars: 3 }, { count: 'exact' })
      .select('id, fx_countries(code)')
      .neq('id', 2)
      .limit(1);
    expect(hotels).toMatchObject({ status: 206, count: 2, data: [{ id: 1, fx_countries: { code: 'VN' } }] });
    expect((await sb.rpc('fx_tags_overlap', { t: ['garden', 'wifi'] }).select('id')).data).toEqual([
      { id: 2 },
      { id: 3 },
      { id: 5 },
    ]);
    expect((await sb.rpc('fx_tags_overlap', { t: ['garden', 'pool'] }, { get: true }).select('id')).data).toEqual([
      { id: 1 },
      { id: 5 },
    ]);
    expect(await sb.rpc('fx_hotels_by_stars', { min_stars: 4 }, { head: true, count: 'exact' })).toMatchObject({
      status: 200,
      count: 2,
      data: null,
    });
    expect((await sb.rpc('fx_first_hotel').select('id,name')).data).toEqual({ id: 1, name: 'Lotus Saigon' });
    expect((await sb.rpc('fx_echo', { any: ['thing', 1] })).data).toEqual({ any: ['thing', 1] });
    const alice = await env.user('rpc@example.com');
    const v = await alice.client.rpc('fx_log_it', { what: 'hello' });
    expect(v).toMatchObject({ status: 204, data: null, error: null });
    const logged = await alice.client.from('fx_log').select('what');
    expect(logged.data).toEqual([{ what: 'hello' }]);
  });

  it('answers 405 for a writing function called with GET (read-only transaction)', async () => {
    const alice = await env.user('ro@example.com');
    const r = await alice.client.rpc('fx_log_it', { what: 'nope' }, { get: true });
    expect(r.status).toBe(405);
    expect(r.error?.code).toBe('25006');
  });

  it('answers 404 PGRST202 for unknown functions or arguments', async () => {
    const sb = env.stack.anon();
    const none = await sb.rpc('fx_nope', { a: 1 });
    expect(none.status).toBe(404);
    expect(none.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.fx_nope(a) in the schema cache',
    });
    const wrongArgs = await sb.rpc('fx_add', { x: 1 });
    expect([wrongArgs.status, wrongArgs.error?.code]).toEqual([404, 'PGRST202']);
  });

  it('returns raised errors with their code, message, details and hint, and the mapped status', async () => {
    const sb = env.stack.anon();
    const p0001 = await sb.rpc('fx_fail', { code: 'P0001', msg: 'Not allowed here' });
    expect(p0001.status).toBe(400);
    expect(p0001.error).toEqual({
      code: 'P0001',
      message: 'Not allowed here',
      details: 'the detail',
      hint: 'the hint',
    });
    expect((await sb.rpc('fx_fail', { code: 'GM123' })).status).toBe(400);
    expect((await sb.rpc('fx_fail', { code: 'PT418' })).status).toBe(418);
    expect((await sb.rpc('fx_fail', { code: '57014' })).status).toBe(500);
    expect((await sb.rpc('fx_fail', { code: '42501' })).status).toBe(401);
    const alice = await env.user('perm@example.com');
    expect((await alice.client.rpc('fx_fail', { code: '42501' })).status).toBe(403);
    const raw = await env.http('/rpc/fx_raise_pgrst', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(raw.status).toBe(402);
    expect(raw.headers.get('x-powered-by')).toBe('guestmap');
    expect(await raw.json()).toEqual({ code: 'GM001', message: 'Payment required', details: 'quota', hint: 'upgrade' });
  });

  it('sees tables, relationships and functions created after start, and forgets dropped ones', async () => {
    const sb = env.stack.anon();
    expect((await sb.from('fx_late').select()).status).toBe(404);
    await env.stack.db.exec(`
      create table public.fx_late (id int primary key, hotel_id bigint references public.fx_hotels (id), note text);
      alter table public.fx_late enable row level security;
      create policy "Anyone can read late rows" on public.fx_late for select using (true);
      grant select on public.fx_late to anon;
      insert into public.fx_late values (1, 1, 'late');
      create function public.fx_late_count() returns bigint language sql stable as $$ select count(*) from public.fx_late $$;`);
    const late = await sb.from('fx_late').select('note, fx_hotels(name)');
    expect(late.data).toEqual([{ note: 'late', fx_hotels: { name: 'Lotus Saigon' } }]);
    expect((await sb.rpc('fx_late_count')).data).toBe(1);
    await env.stack.db.exec("alter table public.fx_late add column extra text default 'x'");
    expect((await sb.from('fx_late').select('extra')).data).toEqual([{ extra: 'x' }]);
    await env.stack.db.exec('drop table public.fx_late cascade; drop function public.fx_late_count()');
    expect((await sb.from('fx_late').select()).error?.code).toBe('PGRST205');
    expect((await sb.rpc('fx_late_count')).error?.code).toBe('PGRST202');
  });
});
