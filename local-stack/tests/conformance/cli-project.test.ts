// The stack serving another team's Supabase CLI project (tests/fixtures/cli-project, given as the
// project root as with the CLI's --workdir), on PGlite and on PostgreSQL. The schema has the shapes
// of supabase-js's own postgrest-js test project; the expected values are what hosted PostgREST
// answers for those shapes (read from that suite's expectations and PostgREST's documentation).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { BACKENDS, stackDir, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

const projectRoot = path.join(stackDir, 'tests/fixtures/cli-project');
const decodeJwtPayload = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe.each(BACKENDS)('a Supabase CLI project served on %s', (backend) => {
  let stack: TestStack;
  let sb: SupabaseClient;
  let rest: string;
  const raw = (p: string, init: RequestInit = {}) => fetch(`${rest}${p}`, init);

  beforeAll(async () => {
    stack = await startTestStack(backend, { workdir: projectRoot });
    sb = stack.anon();
    rest = `${stack.apiUrl}/rest/v1`;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  describe('config.toml, migrations and seeds of the project folder', () => {
    it('reads the project (not the repo) config: schemas, search path, max rows, auth settings', () => {
      expect(stack.config.workdir).toBe(path.join(projectRoot, 'supabase'));
      expect(stack.config.projectId).toBe('cli-project');
      expect(stack.config.api).toMatchObject({
        schemas: ['public', 'personal', 'graphql_public'],
        extraSearchPath: ['public', 'extensions'],
        maxRows: 50,
      });
      expect(stack.config.auth).toMatchObject({
        jwtExpiry: 1800,
        minimumPasswordLength: 8,
        enableAnonymousSignIns: true,
      });
      expect(stack.config.auth.hooks.customAccessToken).toEqual({
        enabled: true,
        uri: 'pg-functions://postgres/public/stamp_access_token',
      });
      expect(stack.config.db.seed.sqlPaths).toEqual(['./seed.sql', './seeds/*.sql']);
    });

    it('applied its migrations and both seed files ([db.seed] sql_paths with a glob), in order', async () => {
      const m = await stack.db.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations order by version',
      );
      expect(m.rows.map((r) => r.version)).toEqual(['20240101000000', '20240101000100']);
      const s = await stack.db.query<{ path: string }>('select path from supabase_migrations.seed_files order by path');
      expect(s.rows.map((r) => r.path)).toEqual(['hotels.sql', 'seed.sql']);
      const { data } = await sb.from('booking').select('id').order('id');
      expect(data).toHaveLength(8);
    });

    it('applies auth settings: minimum password length, JWT lifetime, the custom access token hook', async () => {
      const client = stack.client();
      const weak = await client.auth.signUp({ email: 'short@example.com', password: '1234567' });
      expect(weak.error?.code).toBe('weak_password');
      const ok = await client.auth.signUp({ email: 'long@example.com', password: '12345678' });
      expect(ok.error).toBeNull();
      expect(ok.data.session?.expires_in).toBe(1800);
      const claims = decodeJwtPayload(ok.data.session!.access_token);
      expect(claims).toMatchObject({ project: 'cli-project', role: 'authenticated', email: 'long@example.com' });
      expect((claims.exp as number) - (claims.iat as number)).toBe(1800);
    });
  });

  describe('exposed schemas, max_rows, anonymous requests', () => {
    it('picks the schema per request with Accept-Profile / Content-Profile', async () => {
      const pub = await sb.from('users').select('username').order('username');
      expect(pub.data!.map((r) => r.username)).toEqual(['awailas', 'dragarcia', 'jsonuser', 'kiwicopple', 'supabot']);
      const personal = await sb.schema('personal').from('users').select('username, status').order('username');
      expect(personal.data).toEqual([
        { username: 'kiwicopple', status: 'OFFLINE' },
        { username: 'leroyjenkins', status: 'ONLINE' },
        { username: 'supabot', status: 'ONLINE' },
      ]);
      const fn = await sb.schema('personal').rpc('get_status', { name_param: 'leroyjenkins' });
      expect(fn).toMatchObject({ data: 'ONLINE', status: 200 });
      const ins = await sb
        .schema('personal')
        .from('users')
        .insert({ username: 'newcomer', status: 'OFFLINE' })
        .select('username, status, age_range')
        .single();
      expect(ins).toMatchObject({ status: 201, data: { username: 'newcomer', status: 'OFFLINE', age_range: null } });
      const r = await raw('/users?select=username&limit=1', { headers: { 'Accept-Profile': 'personal' } });
      expect(r.headers.get('content-profile')).toBe('personal');
      // the public table has no leroyjenkins; the personal one has no jsonuser
      expect((await sb.from('users').select('username').eq('username', 'leroyjenkins')).data).toEqual([]);
      expect((await sb.schema('personal').from('users').select('username').eq('username', 'jsonuser')).data).toEqual(
        [],
      );
    });

    it('refuses a schema that is not exposed with 406 PGRST106, for reads and writes', async () => {
      const read = await sb.schema('auth').from('users').select('id');
      expect(read.status).toBe(406);
      expect(read.error).toMatchObject({
        code: 'PGRST106',
        message: 'Invalid schema: auth',
        hint: 'Only the following schemas are exposed: public, personal, graphql_public',
      });
      const write = await sb.schema('storage').from('objects').insert({ name: 'x' });
      expect([write.status, write.error?.code]).toEqual([406, 'PGRST106']);
    });

    it('caps every read at max_rows (50 here), counts still exact', async () => {
      const r = await raw('/rpc/ids_up_to?n=120', { headers: { Prefer: 'count=exact' } });
      expect(r.status).toBe(206);
      expect(r.headers.get('content-range')).toBe('0-49/120');
      const ids = (await r.json()) as number[];
      expect([ids.length, ids[0], ids[49]]).toEqual([50, 1, 50]);
      const asked = await sb.rpc('ids_up_to', { n: 120 }).range(10, 100);
      expect(asked.data).toHaveLength(50);
      expect((asked.data as number[])[0]).toBe(11);
    });

    it('serves a request with neither apikey nor token as anon', async () => {
      const r = await raw('/users?select=username&username=eq.supabot');
      expect([r.status, await r.json()]).toEqual([200, [{ username: 'supabot' }]]);
      const hook = await raw('/rpc/stamp_access_token', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"event": {}}',
      });
      // execute on the hook was revoked from anon, as the project's migration says
      expect([hook.status, ((await hook.json()) as { code: string }).code]).toEqual([401, '42501']);
    });
  });

  describe('types come back as PostgREST renders them', () => {
    it('renders ranges, tsvector, enums, json/jsonb, arrays, numerics, timestamps, bigints, intervals, uuids', async () => {
      const r = await raw('/typed_values?id=eq.1');
      const text = await r.text();
      // numerics keep their scale and bigints their digits in the body text
      expect(text).toContain('"amount":10.50,');
      expect(text).toContain('"ratio":0.1250,');
      expect(text).toContain('"big":9007199254740991,');
      // json keeps its text as stored; jsonb is normalised (keys sorted by length then bytes)
      expect(text).toContain('"doc":{"b": 1,  "a": [1, 2]}');
      expect(text).toContain('"docb":{"a": [1, 2], "b": 1}');
      expect(JSON.parse(text)).toEqual([
        {
          id: 1,
          big: 9007199254740991,
          amount: 10.5,
          ratio: 0.125,
          flag: true,
          at: '2024-06-15T08:00:00+00:00',
          local_at: '2024-06-15T10:00:00',
          day: '2024-02-29',
          span: '1 day 02:03:04',
          during: '["2024-01-01 00:00:00+00","2024-02-01 00:00:00+00")',
          prices: '(1.5,3]',
          tags: ['a', 'b c', 'd,e', null],
          grid: [
            [1, 2],
            [3, 4],
          ],
          doc: { b: 1, a: [1, 2] },
          docb: { a: [1, 2], b: 1 },
          mood: 'OFFLINE',
          words: "'brown' 'fox' 'quick' 'the'",
          uid: '11111111-2222-3333-4444-555555555555',
        },
      ]);
    });

    it('renders NULL of every type as null, and strips them with nulls=stripped', async () => {
      const { data } = await sb.from('typed_values').select('*').eq('id', 2).single();
      expect(Object.entries(data as Record<string, unknown>).filter(([, v]) => v !== null)).toEqual([['id', 2]]);
      const stripped = await raw('/typed_values?id=eq.2', {
        headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
      });
      expect(await stripped.json()).toEqual([{ id: 2 }]);
    });

    it('casts in select and reads JSON paths', async () => {
      const { data } = await sb
        .from('typed_values')
        .select('id, amount::text, big::text, first:docb->a->0, b:docb->>b')
        .eq('id', 1)
        .single();
      expect(data).toEqual({ id: 1, amount: '10.50', big: '9007199254740991', first: 1, b: '1' });
      const nested = await sb
        .from('users')
        .select('username, nested:data->foo->bar->>nested')
        .eq('username', 'jsonuser')
        .single();
      expect(nested.data).toEqual({ username: 'jsonuser', nested: 'value' });
    });
  });

  describe('filters on those types', () => {
    const names = (r: { data: unknown }) => (r.data as { username: string }[]).map((x) => x.username);

    it('not, or, eq/neq, like/ilike (with any/all), match/imatch, is, isdistinct', async () => {
      const users = () => sb.from('users').select('username').order('username');
      expect(names(await users().not('status', 'eq', 'OFFLINE'))).toEqual([
        'awailas',
        'dragarcia',
        'jsonuser',
        'supabot',
      ]);
      expect(
        await sb.from('users').select('status, username').or('status.eq.OFFLINE,username.eq.supabot').order('username'),
      ).toMatchObject({
        data: [
          { status: 'OFFLINE', username: 'kiwicopple' },
          { status: 'ONLINE', username: 'supabot' },
        ],
      });
      expect(names(await users().neq('username', 'supabot'))).toEqual([
        'awailas',
        'dragarcia',
        'jsonuser',
        'kiwicopple',
      ]);
      expect(names(await users().likeAllOf('username', ['%supa%', '%bot%']))).toEqual(['supabot']);
      expect(names(await users().likeAnyOf('username', ['%supa%', '%kiwi%']))).toEqual(['kiwicopple', 'supabot']);
      expect(names(await users().ilikeAllOf('username', ['%SUPA%', '%bot%']))).toEqual(['supabot']);
      expect(names(await users().ilike('username', '%SUPA%'))).toEqual(['supabot']);
      expect(names(await users().regexMatch('username', '^sup'))).toEqual(['supabot']);
      expect(names(await users().regexIMatch('username', '^SUP'))).toEqual(['supabot']);
      expect(names(await users().is('data', null))).toEqual(['awailas', 'dragarcia', 'kiwicopple', 'supabot']);
      expect(names(await users().not('data', 'is', null))).toEqual(['jsonuser']);
      expect(names(await users().isDistinct('status', 'ONLINE'))).toEqual(['kiwicopple']);
      expect(names(await users().match({ username: 'supabot', status: 'ONLINE' }))).toEqual(['supabot']);
    });

    it('in / not in, with values that need quoting', async () => {
      expect(
        names(await sb.from('users').select('username').in('status', ['ONLINE', 'OFFLINE']).order('username')),
      ).toHaveLength(5);
      expect((await sb.from('users').select('username').not('status', 'in', '(ONLINE,OFFLINE)')).data).toEqual([]);
      const quoted = await sb
        .from('messages')
        .select('id')
        .in('message', ['Anyone here?', 'Less is more.', 'a,b (c)'])
        .order('id');
      expect(quoted.data).toEqual([{ id: 2 }, { id: 3 }, { id: 4 }]);
      const spaced = await sb.from('cornercase').select('id').in('column whitespace', ['spaced']);
      expect(spaced.data).toEqual([{ id: 1 }]);
    });

    it('contains / contained by on ranges, jsonb and arrays; overlaps', async () => {
      const ranges = (r: { data: unknown }) => (r.data as { age_range: string }[]).map((x) => x.age_range);
      const byRange = () => sb.from('users').select('age_range').order('username');
      expect(ranges(await byRange().contains('age_range', '[1,2)'))).toEqual(['[1,2)']);
      expect(ranges(await byRange().containedBy('age_range', '[1,2)'))).toEqual(['[1,2)']);
      expect(ranges(await byRange().overlaps('age_range', '[2,25)'))).toEqual(['[20,30)', '[20,30)']);
      const json = await sb
        .from('users')
        .select('username')
        .contains('data', { foo: { baz: 'string value' } });
      expect(json.data).toEqual([{ username: 'jsonuser' }]);
      expect(
        (
          await sb
            .from('users')
            .select('username')
            .containedBy('data', { foo: { baz: 'string value' } })
        ).data,
      ).toEqual([]);
      const arrays = (r: { data: unknown }) => (r.data as { id: number }[]).map((x) => x.id);
      const byArray = () => sb.from('cornercase').select('id').order('id');
      expect(arrays(await byArray().contains('array_column', ['test']))).toEqual([1]);
      expect(arrays(await byArray().containedBy('array_column', ['test', 'one', 'another']))).toEqual([1, 2]);
      expect(arrays(await byArray().overlaps('array_column', ['test', 'test2']))).toEqual([1, 3]);
    });

    it('range operators sl, sr, nxl, nxr, adj', async () => {
      const q = () => sb.from('users').select('username').order('username');
      expect(names(await q().rangeLt('age_range', '[2,25)'))).toEqual(['supabot']);
      expect(names(await q().rangeGt('age_range', '[2,25)'))).toEqual(['awailas', 'kiwicopple']);
      expect(names(await q().rangeGte('age_range', '[2,25)'))).toEqual([
        'awailas',
        'dragarcia',
        'jsonuser',
        'kiwicopple',
      ]);
      expect(names(await q().rangeLte('age_range', '[2,25)'))).toEqual(['supabot']);
      expect(names(await q().rangeAdjacent('age_range', '[2,25)'))).toEqual(['awailas', 'kiwicopple', 'supabot']);
    });

    it('full-text search: fts, plfts, phfts, wfts with a config, on tsvector and on text', async () => {
      const fts = (query: string, type?: 'plain' | 'phrase' | 'websearch') =>
        sb
          .from('users')
          .select('catchphrase')
          .textSearch('catchphrase', query, { config: 'english', type })
          .order('username');
      const phrases = (r: { data: unknown }) => (r.data as { catchphrase: string }[]).map((x) => x.catchphrase);
      expect(phrases(await fts(`'fat' & 'cat'`))).toEqual(["'cat' 'fat'"]);
      expect(phrases(await fts(`'fat' & 'cat'`, 'plain'))).toEqual(["'cat' 'fat'"]);
      expect(phrases(await fts('cat', 'phrase'))).toEqual(["'bat' 'cat'", "'cat' 'fat'"]);
      expect(phrases(await fts(`'fat' & 'cat'`, 'websearch'))).toEqual(["'cat' 'fat'"]);
      expect(
        phrases(await sb.from('users').select('catchphrase').not('catchphrase', 'fts', 'cat').order('username')),
      ).toEqual(["'bat' 'rat'", "'fat' 'rat'", "'json' 'test'"]);
      // a text column is matched through to_tsvector
      const text = await sb
        .from('messages')
        .select('id')
        .textSearch('message', 'anyone & here', { config: 'english' })
        .order('id');
      expect(text.data).toEqual([{ id: 3 }, { id: 4 }]);
    });

    it('nested or/and, not.or, JSON-path filters', async () => {
      const nested = await sb
        .from('users')
        .select('username')
        .or('and(status.eq.ONLINE,age_range.cs."[31,32)"),username.eq.supabot')
        .order('username');
      expect(names(nested)).toEqual(['awailas', 'supabot']);
      const notOr = await raw('/users?select=username&not.or=(status.eq.OFFLINE,username.like.*w*)&order=username');
      expect(await notOr.json()).toEqual([
        { username: 'dragarcia' },
        { username: 'jsonuser' },
        { username: 'supabot' },
      ]);
      const path = await sb.from('users').select('username').eq('data->foo->bar->>nested', 'value');
      expect(names(path)).toEqual(['jsonuser']);
      const pathIs = await sb.from('users').select('username').not('data->foo', 'is', null);
      expect(names(pathIs)).toEqual(['jsonuser']);
    });

    it('filters, orders and limits the rows of a table-valued function', async () => {
      const none = await sb.rpc('get_username_and_status', { name_param: 'supabot' }).neq('status', 'ONLINE');
      expect(none).toMatchObject({ status: 200, data: [] });
      const rows = await sb
        .rpc('function_returning_set_of_rows')
        .select('username, status')
        .eq('status', 'ONLINE')
        .order('username', { ascending: false })
        .limit(2);
      expect(rows.data).toEqual([
        { username: 'supabot', status: 'ONLINE' },
        { username: 'jsonuser', status: 'ONLINE' },
      ]);
      const casted = await sb.rpc('get_username_and_status', { name_param: 'supabot' }).select('status::text');
      expect(casted.data).toEqual([{ status: 'ONLINE' }]);
    });
  });
  describe('embedding the hard cases', () => {
    it('one-to-one both ways, many-to-one, one-to-many', async () => {
      const channels = await sb.from('channels').select('slug, channel_details(details)').order('id');
      expect(channels.data).toEqual([
        { slug: 'public', channel_details: { details: 'About the public channel' } },
        { slug: 'random', channel_details: { details: 'About the random channel' } },
        { slug: 'other', channel_details: null },
      ]);
      const details = await sb.from('channel_details').select('id, channels(slug)').order('id');
      expect(details.data).toEqual([
        { id: 1, channels: { slug: 'public' } },
        { id: 2, channels: { slug: 'random' } },
      ]);
      const messages = await sb
        .from('messages')
        .select('id, users(username, status), channels(slug)')
        .order('id')
        .limit(1)
        .single();
      expect(messages.data).toEqual({
        id: 1,
        users: { username: 'supabot', status: 'ONLINE' },
        channels: { slug: 'public' },
      });
      const profiles = await sb.from('user_profiles').select('id, users(username)').order('id');
      expect(profiles.data).toEqual([
        { id: 1, users: { username: 'supabot' } },
        { id: 2, users: null },
      ]);
    });

    it('many-to-many through the junction table', async () => {
      const { data } = await sb
        .from('products')
        .select('name, price, categories(name)')
        .order('id')
        .order('id', { referencedTable: 'categories' });
      expect(data).toEqual([
        { name: 'Laptop', price: 999.99, categories: [{ name: 'Electronics' }, { name: 'Computers' }] },
        { name: 'Phone', price: 699.5, categories: [{ name: 'Electronics' }] },
        { name: 'Headphones', price: 199, categories: [{ name: 'Electronics' }, { name: 'Audio' }] },
      ]);
      const back = await sb.from('categories').select('name, products(name)').eq('id', 3).single();
      expect(back.data).toEqual({ name: 'Audio', products: [{ name: 'Headphones' }] });
      const raw100 = await raw('/products?select=price&id=eq.3');
      expect(await raw100.text()).toBe('[{"price":199.00}]');
    });

    it('three foreign keys to one table: 300 PGRST201 without a hint, with PostgREST details and hint', async () => {
      const res = await sb
        .from('best_friends')
        .select('first_user:users(*), second_user:users(*), third_wheel:users(*)');
      expect(res.status).toBe(300);
      expect(res.error).toEqual({
        code: 'PGRST201',
        details: [
          {
            cardinality: 'many-to-one',
            embedding: 'best_friends with users',
            relationship: 'best_friends_first_user_fkey using best_friends(first_user) and users(username)',
          },
          {
            cardinality: 'many-to-one',
            embedding: 'best_friends with users',
            relationship: 'best_friends_second_user_fkey using best_friends(second_user) and users(username)',
          },
          {
            cardinality: 'many-to-one',
            embedding: 'best_friends with users',
            relationship: 'best_friends_third_wheel_fkey using best_friends(third_wheel) and users(username)',
          },
        ],
        hint: "Try changing 'users' to one of the following: 'users!best_friends_first_user_fkey', 'users!best_friends_second_user_fkey', 'users!best_friends_third_wheel_fkey'. Find the desired relationship in the 'details' key.",
        message: "Could not embed because more than one relationship was found for 'best_friends' and 'users'",
      });
      const back = await sb.from('users').select('best_friends(*)').limit(1);
      expect([back.status, back.error?.code, back.error?.message]).toEqual([
        300,
        'PGRST201',
        "Could not embed because more than one relationship was found for 'users' and 'best_friends'",
      ]);
      expect((back.error?.details as unknown as { cardinality: string }[])[0]!.cardinality).toBe('one-to-many');
    });

    it('no relationship: 400 PGRST200, hinting a similar related name as PostgREST does', async () => {
      const missing = await sb.from('messages').select('id, ...message_details(created_at)');
      expect([missing.status, missing.error]).toEqual([
        400,
        {
          code: 'PGRST200',
          details:
            "Searched for a foreign key relationship between 'messages' and 'message_details' in the schema 'public', but no matches were found.",
          hint: null,
          message: "Could not find a relationship between 'messages' and 'message_details' in the schema cache",
        },
      ]);
      const typo = await sb.from('users').select('username, mesages(id)');
      expect([typo.error?.code, typo.error?.hint]).toEqual([
        'PGRST200',
        "Perhaps you meant 'messages' instead of 'mesages'.",
      ]);
    });

    it('hints by column or constraint pick the relationship; a nullable one gives null', async () => {
      const { data } = await sb
        .from('best_friends')
        .select(
          'id, first_user:users!first_user(username), second_user:users!best_friends_second_user_fkey(username), third_wheel:users!third_wheel(username)',
        )
        .order('id');
      expect(data).toEqual([
        {
          id: 1,
          first_user: { username: 'supabot' },
          second_user: { username: 'kiwicopple' },
          third_wheel: { username: 'awailas' },
        },
        { id: 2, first_user: { username: 'supabot' }, second_user: { username: 'awailas' }, third_wheel: null },
      ]);
      const reverse = await sb
        .from('users')
        .select('username, first_friend_of:best_friends!first_user(id), wheel_of:best_friends!third_wheel(id)')
        .eq('username', 'supabot')
        .single();
      expect(reverse.data).toEqual({ username: 'supabot', first_friend_of: [{ id: 1 }, { id: 2 }], wheel_of: [] });
    });

    it('self-references: children by table name, parent by column; a constraint hint is refused as upstream', async () => {
      const root = await sb.from('collections').select('*, collections(*)').order('id').limit(1).single();
      expect(root.data).toEqual({
        id: 1,
        description: 'Root',
        parent_id: null,
        collections: [
          { id: 2, description: 'Child A', parent_id: 1 },
          { id: 3, description: 'Child B', parent_id: 1 },
        ],
      });
      const child = await sb.from('collections').select('*, parent_id(*)').eq('id', 2).single();
      expect(child.data).toEqual({
        id: 2,
        description: 'Child A',
        parent_id: { id: 1, description: 'Root', parent_id: null },
      });
      const lab = await sb.from('lab').select('*, parents:parent(*)').eq('id', 2).single();
      expect(lab.data).toEqual({
        id: 2,
        name: 'First Task',
        parent: 1,
        main: null,
        parents: { id: 1, name: 'Main Board', parent: null, main: null },
      });
      const hinted = await sb.from('collections').select('*, collections!collections_parent_id_fkey(*)').eq('id', 1);
      expect([hinted.status, hinted.error]).toEqual([
        400,
        {
          code: 'PGRST200',
          details:
            "Searched for a foreign key relationship between 'collections' and 'collections' using the hint 'collections_parent_id_fkey' in the schema 'public', but no matches were found.",
          hint: null,
          message: "Could not find a relationship between 'collections' and 'collections' in the schema cache",
        },
      ]);
    });

    it('!inner drops parents without a match, also when filtering the embed', async () => {
      const all = await sb.from('booking').select('id, hotel(name)').order('id');
      expect((all.data as unknown[]).length).toBe(8);
      const inner = await sb.from('booking').select('id, hotel!inner(name)').order('id');
      expect((inner.data as { id: number }[]).map((b) => b.id)).toEqual([1, 2, 3, 5, 6, 8]);
      const filtered = await sb
        .from('booking')
        .select('id, hotel!inner(name)')
        .eq('hotel.name', 'Sunset Resort')
        .order('id');
      expect(filtered.data).toEqual([1, 2, 6].map((id) => ({ id, hotel: { name: 'Sunset Resort' } })));
      const left = await sb
        .from('booking')
        .select('id, hotel(name)')
        .eq('hotel.name', 'Sunset Resort')
        .order('id')
        .limit(4);
      expect(left.data).toEqual([
        { id: 1, hotel: { name: 'Sunset Resort' } },
        { id: 2, hotel: { name: 'Sunset Resort' } },
        { id: 3, hotel: null },
        { id: 4, hotel: null },
      ]);
      const nullName = await sb.from('booking').select('id, hotel!inner(name)').is('hotel.name', null);
      expect(nullName.data).toEqual([{ id: 8, hotel: { name: null } }]);
    });

    it('filters, order and limit on embedded resources', async () => {
      const { data } = await sb
        .from('users')
        .select('username, messages(id, message)')
        .eq('username', 'supabot')
        .neq('messages.id', 2)
        .order('id', { referencedTable: 'messages', ascending: false })
        .limit(1, { referencedTable: 'messages' })
        .single();
      expect(data).toEqual({ username: 'supabot', messages: [{ id: 3, message: 'Anyone here?' }] });
      const ordered = await sb.from('messages').select('id, channels(slug)').order('channels(slug)').order('id');
      expect((ordered.data as { id: number }[]).map((m) => m.id)).toEqual([3, 4, 1, 2]);
      const orFilter = await sb
        .from('channels')
        .select('slug, messages(id)')
        .or('id.eq.1,id.eq.4', { referencedTable: 'messages' })
        .order('id');
      expect(orFilter.data).toEqual([
        { slug: 'public', messages: [{ id: 1 }] },
        { slug: 'random', messages: [] },
        { slug: 'other', messages: [{ id: 4 }] },
      ]);
    });

    it('spreads to-one embeds into the parent', async () => {
      const { data } = await sb.from('messages').select('id, ...users(status), ...channels(channel:slug)').order('id');
      expect(data).toEqual([
        { id: 1, status: 'ONLINE', channel: 'public' },
        { id: 2, status: 'ONLINE', channel: 'random' },
        { id: 3, status: 'ONLINE', channel: 'other' },
        { id: 4, status: 'OFFLINE', channel: 'other' },
      ]);
    });

    it('spreads to-many embeds as correlated arrays (ordered as asked; [] when none), also through a junction', async () => {
      const { data } = await sb
        .from('channels')
        .select('slug, ...messages(message_ids:id, authors:username)')
        .order('id')
        .order('id', { referencedTable: 'messages', ascending: false });
      expect(data).toEqual([
        { slug: 'public', message_ids: [1], authors: ['supabot'] },
        { slug: 'random', message_ids: [2], authors: ['supabot'] },
        { slug: 'other', message_ids: [4, 3], authors: ['kiwicopple', 'supabot'] },
      ]);
      const inner = await sb.from('users').select('username, ...messages!inner(ids:id)').order('username');
      expect(inner.data).toEqual([
        { username: 'kiwicopple', ids: [4] },
        { username: 'supabot', ids: [1, 2, 3] },
      ]);
      const none = await sb.from('users').select('username, ...messages(ids:id)').eq('username', 'awailas').single();
      expect(none.data).toEqual({ username: 'awailas', ids: [] });
      const m2m = await sb
        .from('products')
        .select('name, ...categories(category_names:name)')
        .eq('id', 3)
        .order('id', { referencedTable: 'categories' })
        .single();
      expect(m2m.data).toEqual({ name: 'Headphones', category_names: ['Electronics', 'Audio'] });
    });

    it('spreads nest, take *, and group an aggregating parent', async () => {
      const nested = await sb
        .from('messages')
        .select('id, ...channels(slug, ...channel_details(details))')
        .order('id')
        .limit(3);
      expect(nested.data).toEqual([
        { id: 1, slug: 'public', details: 'About the public channel' },
        { id: 2, slug: 'random', details: 'About the random channel' },
        { id: 3, slug: 'other', details: null },
      ]);
      const star = await sb
        .from('users')
        .select('username, messages(channels(count(), ...channel_details(*)))')
        .eq('username', 'supabot')
        .single();
      expect(star.data).toEqual({
        username: 'supabot',
        messages: [
          { channels: { count: 1, id: 1, details: 'About the public channel' } },
          { channels: { count: 1, id: 2, details: 'About the random channel' } },
          { channels: { count: 1, id: null, details: null } },
        ],
      });
      const sums = await sb
        .from('messages')
        .select('id, channels(id.sum(), ...channel_details(details_sum:id.sum(), details))')
        .in('id', [2, 3])
        .order('id');
      expect(sums.data).toEqual([
        { id: 2, channels: { sum: 2, details_sum: 2, details: 'About the random channel' } },
        { id: 3, channels: { sum: 3, details_sum: null, details: null } },
      ]);
    });

    it('computed fields: f(row) selected, filtered and ordered as a column, also inside embeds', async () => {
      const { data } = await sb
        .from('messages')
        .select('id, blurb_message, word_count')
        .gte('word_count', 2)
        .order('word_count', { ascending: false })
        .order('id');
      expect(data).toEqual([
        { id: 1, blurb_message: 'Hel', word_count: 3 },
        { id: 2, blurb_message: 'Les', word_count: 3 },
        { id: 3, blurb_message: 'Any', word_count: 2 },
        { id: 4, blurb_message: 'Any', word_count: 2 },
      ]);
      const embedded = await sb
        .from('users')
        .select('username, get_messages(id, blurb_message)')
        .eq('username', 'kiwicopple')
        .single();
      expect(embedded.data).toEqual({ username: 'kiwicopple', get_messages: [{ id: 4, blurb_message: 'Any' }] });
      const aliased = await sb.from('channels').select('slug, messages(short:blurb_message)').eq('id', 1).single();
      expect(aliased.data).toEqual({ slug: 'public', messages: [{ short: 'Hel' }] });
      // its row parameter is unnamed, so it is no RPC
      const rpc = await sb.rpc('blurb_message');
      expect([rpc.status, rpc.error?.code, rpc.error?.message, rpc.error?.details]).toEqual([
        404,
        'PGRST202',
        'Could not find the function public.blurb_message without parameters in the schema cache',
        'Searched for the function public.blurb_message without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      ]);
    });

    it('embeds through views (their columns carry the base tables foreign keys)', async () => {
      const active = await sb.from('active_users').select('username, messages(id)').order('username');
      expect(active.data).toEqual([
        { username: 'awailas', messages: [] },
        { username: 'dragarcia', messages: [] },
        { username: 'jsonuser', messages: [] },
        { username: 'supabot', messages: [{ id: 1 }, { id: 2 }, { id: 3 }] },
      ]);
      const recent = await sb.from('recent_messages').select('id, users(status), channels(slug)').order('id').limit(2);
      expect(recent.data).toEqual([
        { id: 1, users: { status: 'ONLINE' }, channels: { slug: 'public' } },
        { id: 2, users: { status: 'ONLINE' }, channels: { slug: 'random' } },
      ]);
      const fromTable = await sb
        .from('users')
        .select('username, recent_messages(id)')
        .eq('username', 'kiwicopple')
        .single();
      expect(fromTable.data).toEqual({ username: 'kiwicopple', recent_messages: [{ id: 4 }] });
      // through renamed view columns, both ways, and hinted by the view's column name
      const renamed = await sb
        .from('message_feed')
        .select('message_id, author, users(status), room:channels!room(slug)')
        .order('message_id')
        .limit(2);
      expect(renamed.data).toEqual([
        { message_id: 1, author: 'supabot', users: { status: 'ONLINE' }, room: { slug: 'public' } },
        { message_id: 2, author: 'supabot', users: { status: 'ONLINE' }, room: { slug: 'random' } },
      ]);
      const back = await sb.from('channels').select('slug, message_feed(body)').eq('id', 3).single();
      expect(back.data).toEqual({ slug: 'other', message_feed: [{ body: 'Anyone here?' }, { body: 'Anyone here?' }] });
    });

    it('embeds through functions: computed relationships (setof → array, single row → object) and RPC results', async () => {
      const channels = await sb
        .from('channels')
        .select('id, all_channels_messages:get_messages(id, message)')
        .order('id');
      expect(channels.data).toEqual([
        { id: 1, all_channels_messages: [{ id: 1, message: 'Hello World 👋' }] },
        { id: 2, all_channels_messages: [{ id: 2, message: 'Less is more.' }] },
        {
          id: 3,
          all_channels_messages: [
            { id: 3, message: 'Anyone here?' },
            { id: 4, message: 'Anyone here?' },
          ],
        },
      ]);
      const users = await sb
        .from('users')
        .select('username, get_messages(id, channels(slug))')
        .eq('username', 'kiwicopple')
        .single();
      expect(users.data).toEqual({ username: 'kiwicopple', get_messages: [{ id: 4, channels: { slug: 'other' } }] });
      // a function returning one composite: no row is an object of nulls, as PostgREST renders it
      const profile = await sb
        .from('users')
        .select('username, profile:get_user_profile(*)')
        .in('username', ['supabot', 'awailas'])
        .order('username');
      expect(profile.data).toEqual([
        { username: 'awailas', profile: { id: null, username: null } },
        { username: 'supabot', profile: { id: 1, username: 'supabot' } },
      ]);
      const noArg = await sb.from('channels').select('id, user:function_returning_row(*)');
      expect([noArg.status, noArg.error?.code, noArg.error?.message, noArg.error?.hint]).toEqual([
        400,
        'PGRST200',
        "Could not find a relationship between 'channels' and 'function_returning_row' in the schema cache",
        null,
      ]);
      const rpc = await sb
        .rpc('get_messages_by_username', { search_username: 'supabot' })
        .select('id, channels(slug), users(status)')
        .order('id', { ascending: false })
        .limit(2);
      expect(rpc.data).toEqual([
        { id: 3, channels: { slug: 'other' }, users: { status: 'ONLINE' } },
        { id: 2, channels: { slug: 'random' }, users: { status: 'ONLINE' } },
      ]);
    });
  });

  describe('aggregates, switched on by the project as PostgREST reads it (pgrst.db_aggregates_enabled on authenticator)', () => {
    it('count(), col.count(), col.sum() in embeds, aliased, nested', async () => {
      const one = (select: string) => sb.from('users').select(select).eq('username', 'supabot').single();
      expect((await one('username, messages(count)')).data).toEqual({ username: 'supabot', messages: [{ count: 3 }] });
      expect((await one('username, messages(id.count())')).data).toEqual({
        username: 'supabot',
        messages: [{ count: 3 }],
      });
      expect((await one('username, messages(message_count:count())')).data).toEqual({
        username: 'supabot',
        messages: [{ message_count: 3 }],
      });
      expect((await one('username, messages(sum_id:id.sum())')).data).toEqual({
        username: 'supabot',
        messages: [{ sum_id: 6 }],
      });
      expect((await one('username, messages(channels(count))')).data).toEqual({
        username: 'supabot',
        messages: [{ channels: { count: 1 } }, { channels: { count: 1 } }, { channels: { count: 1 } }],
      });
    });

    it('groups by the other selected columns; casts before and after the aggregate; on RPC results', async () => {
      expect((await sb.from('users').select('status, count()').order('status')).data).toEqual([
        { status: 'ONLINE', count: 4 },
        { status: 'OFFLINE', count: 1 },
      ]);
      expect(
        (await sb.from('products').select('avg:price.avg()::int, max:price.max(), min:price::text.min()')).data,
      ).toEqual([{ avg: 633, max: 999.99, min: '199.00' }]);
      expect(
        (await sb.rpc('get_username_and_status', { name_param: 'supabot' }).select('username.count(), status')).data,
      ).toEqual([{ count: 1, status: 'ONLINE' }]);
    });

    it('errors as upstream: unknown columns are 42703 named after the table alias', async () => {
      const missing = await sb.from('users').select('alias:missing_column.count()').eq('username', 'supabot');
      expect([missing.status, missing.error]).toEqual([
        400,
        { code: '42703', details: null, hint: null, message: 'column users.missing_column does not exist' },
      ]);
      const embedded = await sb.from('users').select('username, messages(sum)').limit(1);
      expect(embedded.error?.message).toBe('column messages_1.sum does not exist');
    });
  });

  describe("transaction end: the project's pgrst.db_tx_end = commit-allow-override lets a request roll back", () => {
    it('insert, upsert, update, delete and RPC answer as usual with Prefer: tx=rollback, and change nothing', async () => {
      const row = { username: 'ghost', status: 'ONLINE', age_range: '[20,25)', catchphrase: "'cat' 'fat'", data: null };
      expect((await sb.from('users').insert(row).select().rollback().single()).data).toEqual(row);
      expect((await sb.from('users').upsert(row).select().rollback().single()).data).toEqual(row);
      expect(
        (
          await sb
            .from('users')
            .update({ status: 'OFFLINE' })
            .eq('username', 'dragarcia')
            .select('status')
            .rollback()
            .single()
        ).data,
      ).toEqual({ status: 'OFFLINE' });
      expect((await sb.from('booking').delete().eq('id', 7).select('id').rollback()).data).toEqual([{ id: 7 }]);
      expect((await sb.rpc('offline_user', { name_param: 'awailas' }).rollback()).data).toBe('OFFLINE');
      expect((await sb.from('users').select('username').eq('username', 'ghost')).data).toEqual([]);
      expect((await sb.from('users').select('status').in('username', ['dragarcia', 'awailas'])).data).toEqual([
        { status: 'ONLINE' },
        { status: 'ONLINE' },
      ]);
      expect((await sb.from('booking').select('id').eq('id', 7)).data).toEqual([{ id: 7 }]);
      const r = await raw('/users', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal, tx=rollback' },
        body: JSON.stringify({ username: 'ghost' }),
      });
      expect([r.status, r.headers.get('preference-applied')]).toEqual([201, 'return=minimal, tx=rollback']);
      const commit = await raw('/rpc/take_ticket', { method: 'POST', headers: { Prefer: 'tx=commit' } });
      expect(commit.headers.get('preference-applied')).toBe('tx=commit');
    });
  });

  describe('max-affected with handling=strict (what supabase-js maxAffected() sends)', () => {
    it('fails an update or delete touching more rows with 400 PGRST124 and changes nothing; passes within the limit', async () => {
      const send = (method: string, query: string, max: number, body?: unknown) =>
        raw(`/booking?${query}`, {
          method,
          headers: {
            'Content-Type': 'application/json',
            Prefer: `handling=strict,max-affected=${max},return=representation`,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const upd = await send('PATCH', 'hotel_id=eq.1', 2, { hotel_id: 2 });
      expect([upd.status, await upd.json()]).toEqual([
        400,
        {
          code: 'PGRST124',
          details: 'The query affects 3 rows',
          hint: null,
          message: 'Query result exceeds max-affected preference constraint',
        },
      ]);
      const del = await send('DELETE', 'hotel_id=is.null', 1);
      expect([del.status, ((await del.json()) as { details: string }).details]).toEqual([
        400,
        'The query affects 2 rows',
      ]);
      expect((await sb.from('booking').select('id').eq('hotel_id', 1).order('id')).data).toEqual([
        { id: 1 },
        { id: 2 },
        { id: 6 },
      ]);
      const ok = await send('PATCH', 'id=eq.4&select=id,hotel_id', 1, { hotel_id: null });
      expect([ok.status, await ok.json()]).toEqual([200, [{ id: 4, hotel_id: null }]]);
    });

    it('on RPC: a set-returning function yielding more rows fails with PGRST124 and is rolled back; a single-value one is refused with PGRST128', async () => {
      const call = (fn: string, body: unknown, max: number) =>
        raw(`/rpc/${fn}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Prefer: `handling=strict,max-affected=${max}` },
          body: JSON.stringify(body),
        });
      const many = await call('set_users_offline', { name_param: '%a%' }, 2);
      expect([many.status, await many.json()]).toEqual([
        400,
        {
          code: 'PGRST124',
          details: 'The query affects 3 rows',
          hint: null,
          message: 'Query result exceeds max-affected preference constraint',
        },
      ]);
      expect((await sb.from('users').select('username').eq('status', 'OFFLINE')).data).toEqual([
        { username: 'kiwicopple' },
      ]);
      const single = await call('offline_user', { name_param: 'supabot' }, 1);
      expect([single.status, await single.json()]).toEqual([
        400,
        {
          code: 'PGRST128',
          details: null,
          hint: null,
          message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
        },
      ]);
      expect((await sb.rpc('get_status', { name_param: 'supabot' })).data).toBe('ONLINE');
    });
  });

  describe("execution plans (explain), switched on by the project's pgrst.db_plan_enabled", () => {
    it('answers reads and RPC with the plan as JSON or text, with options; analyze changes nothing', async () => {
      const json = await sb.from('users').select().explain({ format: 'json' });
      expect(json.status).toBe(200);
      expect(Object.keys((json.data as unknown as Record<string, unknown>[])[0]!)).toEqual(['Plan']);
      const text = await sb.from('users').select().explain();
      expect(text.data as unknown as string).toMatch(/^Aggregate {2}\(cost=/);
      const verbose = await sb
        .from('users')
        .select('username')
        .explain({ verbose: true, settings: true, format: 'json' });
      expect((verbose.data as unknown as { Plan: { Output: string[] } }[])[0]!.Plan.Output).toBeInstanceOf(Array);
      const rpc = await sb.rpc('get_messages_by_username', { search_username: 'supabot' }).explain({ analyze: true });
      expect(rpc.data as unknown as string).toMatch(/actual time=/);
      const analyzed = await sb.rpc('set_users_offline', { name_param: 'supabot' }).explain({ analyze: true });
      expect(analyzed.status).toBe(200);
      expect((await sb.rpc('get_status', { name_param: 'supabot' })).data).toBe('ONLINE');
      const r = await raw('/users', { headers: { Accept: 'application/vnd.pgrst.plan+json; for="application/json"' } });
      expect(r.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8',
      );
    });
  });

  describe('RPC: the hard cases', () => {
    it('scalar (enum), table-valued, composite, set of scalars, void', async () => {
      expect(await sb.rpc('get_status', { name_param: 'kiwicopple' })).toMatchObject({ status: 200, data: 'OFFLINE' });
      expect(await sb.rpc('get_status', { name_param: 'nobody' })).toMatchObject({ status: 200, data: null });
      expect((await sb.rpc('get_username_and_status', { name_param: 'supabot' })).data).toEqual([
        { username: 'supabot', status: 'ONLINE' },
      ]);
      expect((await sb.rpc('function_returning_row')).data).toEqual({
        username: 'awailas',
        data: null,
        age_range: '[25,35)',
        status: 'ONLINE',
        catchphrase: "'bat' 'rat'",
      });
      expect((await sb.rpc('ids_up_to', { n: 3 })).data).toEqual([1, 2, 3]);
      const v = await sb.rpc('void_func');
      expect([v.status, v.data, v.error]).toEqual([204, null, null]);
    });

    it('named arguments, defaults, and bigints beyond 2^53 taken as sent', async () => {
      expect((await sb.rpc('add_numbers', { a: 1, b: 2 })).data).toBe(3);
      expect((await sb.rpc('add_numbers', { b: 2, a: 5 }, { get: true })).data).toBe(7);
      expect((await sb.rpc('add_numbers', { a: 1 })).data).toBe(11);
      expect((await sb.rpc('function_with_optional_param')).data).toBe('');
      expect((await sb.rpc('function_with_optional_param', { param: 'hi' }, { get: true })).data).toBe('hi');
      const big = await raw('/rpc/echo_bigint_as_text', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"bigint_param": 9223372036854775807}',
      });
      expect(await big.json()).toBe('9223372036854775807');
      const missing = await sb.rpc('add_numbers', { b: 1 });
      expect([missing.status, missing.error?.code, missing.error?.message]).toEqual([
        404,
        'PGRST202',
        'Could not find the function public.add_numbers(b) in the schema cache',
      ]);
    });

    it('overloads resolved by argument names; 300 PGRST203 when they cannot be', async () => {
      expect((await sb.rpc('overloaded', { a: 'x' })).data).toBe(1);
      expect((await sb.rpc('overloaded', { b: 3 })).data).toBe('two');
      const set = await sb.rpc('overloaded', { cid: 3, search: 'Anyone here?' }).select('id, username').order('id');
      expect(set.data).toEqual([
        { id: 3, username: 'supabot' },
        { id: 4, username: 'kiwicopple' },
      ]);
      const amb = await sb.rpc('unresolvable', { a: 1 });
      expect(amb.status).toBe(300);
      expect(amb.error).toEqual({
        code: 'PGRST203',
        details: null,
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
        message:
          'Could not choose the best candidate function between: public.unresolvable(a => integer), public.unresolvable(a => text)',
      });
    });

    it('unnamed parameters: a single json/jsonb/text one gets the whole body; other unnamed ones are not callable', async () => {
      expect((await sb.rpc('body_length', { '': 'test' })).data).toBe(JSON.stringify({ '': 'test' }).length);
      expect((await sb.rpc('body_keys', { b: 1, a: 2 })).data).toEqual(['a', 'b']);
      expect((await sb.rpc('poly', { '': true })).data).toBe('text:{"":true}');
      const hidden = await sb.rpc('body_number', { '': 1 });
      expect([hidden.status, hidden.error?.code, hidden.error?.message, hidden.error?.details]).toEqual([
        404,
        'PGRST202',
        'Could not find the function public.body_number() in the schema cache',
        'Searched for the function public.body_number with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      ]);
      const post = (fn: string, type: string, body: BodyInit) =>
        raw(`/rpc/${fn}`, { method: 'POST', headers: { 'Content-Type': type }, body });
      expect(await (await post('body_length', 'text/plain', 'plain words')).json()).toBe(11);
      expect(await (await post('byte_count', 'application/octet-stream', new Uint8Array([0, 1, 2, 255]))).json()).toBe(
        4,
      );
      const noText = await post('add_numbers', 'text/plain', '1');
      expect([noText.status, await noText.json()]).toEqual([
        404,
        {
          code: 'PGRST202',
          details:
            'Searched for the function public.add_numbers with a single unnamed text parameter, but no matches were found in the schema cache.',
          hint: null,
          message: 'Could not find the function public.add_numbers in the schema cache',
        },
      ]);
      const amb = await sb.rpc('maybe_args');
      expect([amb.status, amb.error?.message]).toEqual([
        300,
        'Could not choose the best candidate function between: public.maybe_args(), public.maybe_args( => text)',
      ]);
      const wrong = await sb.rpc('add_numbers', { b: 1 });
      expect(wrong.error?.hint).toBe('Perhaps you meant to call the function public.add_numbers(a, b)');
    });

    it('GET runs read-only: a writing function answers 405; POST runs STABLE functions read-only too', async () => {
      const get = await sb.rpc('offline_user', { name_param: 'dragarcia' }, { get: true });
      expect([get.status, get.error?.code, get.error?.message]).toEqual([
        405,
        '25006',
        'cannot execute UPDATE in a read-only transaction',
      ]);
      expect((await sb.rpc('get_status', { name_param: 'dragarcia' })).data).toBe('ONLINE');
      const stable = await sb.rpc('next_ticket');
      expect([stable.status, stable.error?.code, stable.error?.message]).toEqual([
        405,
        '25006',
        'cannot execute nextval() in a read-only transaction',
      ]);
      const first = await sb.rpc('take_ticket');
      const second = await sb.rpc('take_ticket');
      expect((second.data as number) - (first.data as number)).toBe(1);
    });

    it('a volatile set-returning function writes over POST, and its rows can be filtered', async () => {
      const res = await sb.rpc('set_users_offline', { name_param: 'dra%' }).select('username, status');
      expect(res).toMatchObject({ status: 200, data: [{ username: 'dragarcia', status: 'OFFLINE' }] });
      expect((await sb.rpc('get_status', { name_param: 'dragarcia' })).data).toBe('OFFLINE');
      const restored = await stack
        .service()
        .from('users')
        .update({ status: 'ONLINE' })
        .eq('username', 'dragarcia')
        .select('status')
        .single();
      expect(restored.data).toEqual({ status: 'ONLINE' });
    });
  });
});
