// REST behaviours matched to PostgREST v12+/v14 (its source and docs; supabase-js's postgrest-js suite
// expects them from hosted): upsert statuses, planned/estimated counts with ranges, CSV as PostgREST
// writes it, GeoJSON through PostGIS, embedding through a foreign-key column, two embeds under one
// name, plan options, sequence values of bulk inserts with defaults. On PGlite and on PostgreSQL 15.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, stackDir, stopPgServer } from '../../testing/stack.ts';
import { startRestEnv, type RestEnv } from './rest-helpers.ts';

const FIXTURE = fs.readFileSync(path.join(stackDir, 'tests/fixtures/rest-postgrest-fixture.sql'), 'utf8');

afterAll(stopPgServer);

describe.each(BACKENDS)('REST as PostgREST answers, on %s', (backend) => {
  let env: RestEnv;
  let postgis = false;
  beforeAll(async () => {
    env = await startRestEnv(backend);
    await env.stack.db.exec(FIXTURE);
    if (backend === 'postgres') {
      // the PostgreSQL test server has PostGIS (Debian's postgresql-15-postgis-3); PGlite has none
      await env.stack.db.exec(`create extension if not exists postgis with schema extensions;
        create table public.px_shops (id int primary key, address text, location extensions.geography(point));
        insert into public.px_shops values (1, '1369 Cambridge St', 'SRID=4326;POINT(-71.10044 42.373695)');
        grant select on public.px_shops to anon;`);
      postgis = true;
    }
  });
  afterAll(async () => {
    await env?.stack.stop();
  });
  const svcHeaders = () => ({
    Authorization: `Bearer ${env.stack.config.auth.serviceRoleKey}`,
    'Content-Type': 'application/json',
  });

  it('an upsert that only merged existing rows answers 200, one that inserted answers 201 (merge-duplicates)', async () => {
    const post = (rows: unknown, prefer: string) =>
      env.http('/px_users', {
        method: 'POST',
        headers: { ...svcHeaders(), Prefer: prefer },
        body: JSON.stringify(rows),
      });
    const merged = await post([{ username: 'supabot', status: 'AWAY' }], 'resolution=merge-duplicates');
    expect(merged.status).toBe(200);
    const mergedRepr = await post(
      [
        { username: 'supabot', status: 'ONLINE' },
        { username: 'awailas', status: 'ONLINE' },
      ],
      'resolution=merge-duplicates, return=representation',
    );
    expect(mergedRepr.status).toBe(200);
    expect(await mergedRepr.json()).toHaveLength(2);
    const mixed = await post(
      [
        { username: 'supabot', status: 'ONLINE' },
        { username: 'newbie', status: 'OFFLINE' },
      ],
      'resolution=merge-duplicates, return=representation',
    );
    expect(mixed.status).toBe(201);
    // ignore-duplicates keeps 201, as PostgREST does (only merge-duplicates looks at what was inserted)
    const ignored = await post([{ username: 'supabot', status: 'X' }], 'resolution=ignore-duplicates');
    expect(ignored.status).toBe(201);
    // supabase-js's upsert()
    const sb = await env.stack.service().from('px_users').upsert({ username: 'kiwicopple', status: 'OFFLINE' });
    expect(sb.status).toBe(200);
  });

  it("Prefer: count=planned with a range answers 206 with the planner's estimate in Content-Range", async () => {
    const planned = await env.http('/px_counted?select=id', { headers: { Prefer: 'count=planned', Range: '0-9' } });
    expect(planned.status).toBe(206);
    expect(planned.headers.get('content-range')).toBe('0-9/50');
    expect(planned.headers.get('preference-applied')).toBe('count=planned');
    expect(await planned.json()).toHaveLength(10);
    // a table never analyzed: the total is the planner's guess (from its pages), not the 20 rows it has
    const est = await env.stack.db.query<Record<string, unknown>>(
      `explain (format json) select 1 from public.px_guess`,
    );
    const raw = Object.values(est.rows[0]!)[0];
    const guess = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan['Plan Rows'] as number;
    const guessed = await env.http('/px_guess?select=id', { headers: { Prefer: 'count=planned', Range: '0-1' } });
    expect(guessed.headers.get('content-range')).toBe(`0-1/${guess}`);
    expect(guessed.status).toBe(206);
    // estimated: exact under max_rows (1000 here), so 206 and the true total
    const estimated = await env.stack.anon().from('px_counted').select('id', { count: 'estimated' }).range(0, 4);
    expect([estimated.status, estimated.count, estimated.data?.length]).toEqual([206, 50, 5]);
  });

  it('writes CSV as PostgREST does: Postgres record text (quotes around spaces, commas, quotes, newlines; NULL empty)', async () => {
    const r = await env.http('/px_csv?select=id,name,note,flag,tags&order=id', { headers: { Accept: 'text/csv' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(await r.text()).toBe(
      [
        'id,name,note,flag,tags',
        `1,"'cat' 'fat'",,t,"{a,b}"`,
        '2,"say ""hi"", then go","line1\nline2",f,{}',
        '3,"back\\\\slash","",,',
        '4,plain,x,t,"{""with space""}"',
      ].join('\n'),
    );
    const none = await env.http('/px_csv?id=eq.99', { headers: { Accept: 'text/csv' } });
    expect(await none.text()).toBe('\n');
    const sb = await env.stack.anon().from('px_csv').select('id,name').eq('id', 1).csv();
    expect(sb.data).toBe(`id,name\n1,"'cat' 'fat'"`);
  });

  it('answers Accept: application/geo+json with a FeatureCollection from PostGIS, or names the missing extension', async () => {
    if (postgis) {
      const r = await env.http('/px_shops?select=id,address,location', {
        headers: { Accept: 'application/geo+json' },
      });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
      expect(await r.json()).toEqual({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Point', coordinates: [-71.10044, 42.373695] },
            properties: { id: 1, address: '1369 Cambridge St' },
          },
        ],
      });
      const sb = await env.stack.anon().from('px_shops').select().geojson();
      expect(sb.data).toMatchObject({ type: 'FeatureCollection', features: [{ properties: { id: 1 } }] });
    } else {
      const r = await env.http('/px_users', { headers: { Accept: 'application/geo+json' } });
      expect(r.status).toBe(406);
      const body = await r.json();
      expect(body.code).toBe('PGRST107');
      expect(body.message).toBe('None of these media types are available: application/geo+json');
      expect(body.details).toContain('PostGIS');
      expect(body.hint).toContain('DATABASE_URL');
    }
  });

  it('embeds through a foreign-key column name as PostgREST resolves it (views over the table do not compete)', async () => {
    const r = await env.http('/px_friends?select=id,first_user(username,status)&order=id');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual([
      { id: 1, first_user: { username: 'supabot', status: 'ONLINE' } },
      { id: 2, first_user: { username: 'supabot', status: 'ONLINE' } },
    ]);
    const hinted = await env.http('/px_friends?select=id,second:px_users!second_user(username)&order=id');
    expect(await hinted.json()).toEqual([
      { id: 1, second: { username: 'kiwicopple' } },
      { id: 2, second: { username: 'awailas' } },
    ]);
    // the view is still reachable by its own name
    const view = await env.http('/px_friends?select=id,px_online_users!second_user(username)&order=id');
    expect(await view.json()).toEqual([
      { id: 1, px_online_users: null },
      { id: 2, px_online_users: { username: 'awailas' } },
    ]);
  });

  it('two embeds of one table under the same name fail as in PostgREST (42712), aliased they work', async () => {
    const r = await env.http('/px_friends?select=px_users!first_user(*),px_users!second_user(*)');
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      code: '42712',
      details: null,
      hint: null,
      message: 'table name "px_friends_px_users_1" specified more than once',
    });
    const ok = await env.http(
      '/px_friends?select=id,a:px_users!first_user(username),b:px_users!second_user(username)&id=eq.1',
    );
    expect(await ok.json()).toEqual([{ id: 1, a: { username: 'supabot' }, b: { username: 'kiwicopple' } }]);
  });

  it("explains with options carrying the fields PostgREST's plan has (verbose: Output and Query Identifier)", async () => {
    const r = await env.http('/px_counted?select=id&id=eq.1', {
      headers: { Accept: 'application/vnd.pgrst.plan+json; options=analyze|verbose|settings|buffers|wal' },
    });
    expect(r.status).toBe(200);
    const [plan] = await r.json();
    expect(plan).toHaveProperty('Query Identifier');
    expect(plan).toHaveProperty('Execution Time');
    expect(plan).toHaveProperty('Planning');
    expect(plan.Plan).toHaveProperty('Output');
    expect(plan.Plan).toHaveProperty('Shared Hit Blocks');
    expect(plan.Plan).toHaveProperty('WAL Records');
    expect(plan).toHaveProperty('Settings');
  });

  it('explains inserts, updates and deletes as PostgREST does (the plan of the whole write; analyze rolls it back)', async () => {
    const plan = 'application/vnd.pgrst.plan+json; options=analyze';
    const ins = await env.http('/px_counted', {
      method: 'POST',
      headers: { ...svcHeaders(), Accept: plan },
      body: JSON.stringify({ id: 900, label: 'planned' }),
    });
    expect(ins.status).toBe(200);
    expect(ins.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8',
    );
    expect(JSON.stringify(await ins.json())).toContain('"Operation":"Insert"');
    const upd = await env.http('/px_counted?id=eq.1', {
      method: 'PATCH',
      headers: { ...svcHeaders(), Accept: 'application/vnd.pgrst.plan+text' },
      body: JSON.stringify({ label: 'changed' }),
    });
    expect(await upd.text()).toMatch(/Update on/);
    const del = await env.http('/px_counted?id=eq.2', { method: 'DELETE', headers: { ...svcHeaders(), Accept: plan } });
    expect(JSON.stringify(await del.json())).toContain('"Operation":"Delete"');
    const left = await env.stack.db.query<{ n: number; label: string }>(
      `select (select count(*)::int from public.px_counted where id in (2, 900)) as n, (select label from public.px_counted where id = 1) as label`,
    );
    expect(left.rows[0]).toEqual({ n: 1, label: 'row 1' });
  });

  it("bulk inserts with missing=default evaluate every default for every row, as PostgREST's json body does", async () => {
    const svc = env.stack.service();
    const first = await svc.from('px_seq').insert({ name: 'one' }).select('id').single();
    const base = first.data!.id as number;
    const bulk = await svc
      .from('px_seq')
      .insert([{ id: 1000, name: 'given' }, { name: 'defaulted' }], { defaultToNull: false })
      .select('id, name, created');
    expect(bulk.status).toBe(201);
    // PostgREST merges {id: nextval(…), created: 7} under each row: the row that gave its id still used a value
    expect(bulk.data).toEqual([
      { id: 1000, name: 'given', created: 7 },
      { id: base + 2, name: 'defaulted', created: 7 },
    ]);
  });

  it('words JWT errors as PostgREST: claims that are not numbers, not yet valid, issued in the future (PGRST303)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const call = async (token: string) => {
      const r = await env.http('/px_users?select=username&limit=1', { headers: { Authorization: `Bearer ${token}` } });
      return [r.status, await r.json(), r.headers.get('www-authenticate')] as const;
    };
    const expect303 = async (claims: Record<string, unknown>, message: string) => {
      const [status, body, www] = await call(env.sign({ role: 'anon', ...claims }));
      expect([status, body]).toEqual([401, { code: 'PGRST303', message, details: null, hint: null }]);
      expect(www).toBe(`Bearer error="invalid_token", error_description="${message}"`);
    };
    await expect303({ exp: 'tomorrow' }, "The JWT 'exp' claim must be a number");
    await expect303({ nbf: now + 3600 }, 'JWT not yet valid');
    await expect303({ iat: now + 3600 }, 'JWT issued at future');
    await expect303({ iat: 'now' }, "The JWT 'iat' claim must be a number");
    // within PostgREST's 30 s skew both are accepted
    expect((await call(env.sign({ role: 'anon', nbf: now + 10, iat: now + 10 })))[0]).toBe(200);
    const [status, body] = await call('e30.bm90IGpzb24.c2ln');
    expect([status, body.code, body.message]).toEqual([401, 'PGRST301', "JWT couldn't be decoded"]);
  });

  it('states Content-Length on answers and errors, as PostgREST does', async () => {
    const ok = await env.http('/px_users?select=username&order=username&limit=1');
    const body = await ok.text();
    expect([ok.status, ok.headers.get('content-length')]).toEqual([200, String(Buffer.byteLength(body))]);
    const bad = await env.http('/px_nope');
    const err = await bad.text();
    expect([bad.status, bad.headers.get('content-length')]).toEqual([404, String(Buffer.byteLength(err))]);
  });

  it('names the missing resource of a nested filter path in PGRST108, as PostgREST does', async () => {
    const res = await env.http('/px_friends?select=id,first:px_users!first_user(username)&first.nope.status=eq.x');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'PGRST108',
      message: "'nope' is not an embedded resource in this request",
      details: null,
      hint: "Verify that 'nope' is included in the 'select' query parameter.",
    });
  });

  it("suggests related tables for an unknown embed, never a computed relationship's function (PostgREST's PGRST200 hint)", async () => {
    await env.stack.db.exec(`create table public.px_alpha (id int primary key);
      create table public.px_beta (id int primary key, alpha_id int references public.px_alpha (id));
      create function public.zzq_function_rows(public.px_alpha) returns setof public.px_beta
        language sql stable as $$ select * from public.px_beta where alpha_id = $1.id $$;
      grant select on public.px_alpha, public.px_beta to anon;`);
    const res = await env.http('/px_alpha?select=id,zzq_function_rowz(*)');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PGRST200', hint: null });
    const typo = await env.http('/px_alpha?select=id,px_betta(*)');
    expect((await typo.json()).hint).toBe("Perhaps you meant 'px_beta' instead of 'px_betta'.");
  });
});
