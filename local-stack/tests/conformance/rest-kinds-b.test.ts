// REST behaviours matched to PostgREST v14 (its source, docs and test/spec cases, read, not copied): PUT,
// relationships through views and across schemas, writes (columns, missing=default, order, column
// privileges, non-JSON bodies), aggregates with embeds and spreads, Prefer: timezone, response GUCs,
// db-pre-request, count edge cases, JWT claims. Fixture tests/fixtures/rest-kinds-b-fixture.sql (kb_*),
// on PGlite and on PostgreSQL 15.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, stackDir, stopPgServer } from '../../testing/stack.ts';
import { startRestEnv, type RestEnv } from './rest-helpers.ts';

const FIXTURE = fs.readFileSync(path.join(stackDir, 'tests/fixtures/rest-kinds-b-fixture.sql'), 'utf8');

afterAll(stopPgServer);

describe.each(BACKENDS)('REST kinds (PUT, relationships, writes, aggregates, GUCs) as PostgREST, on %s', (backend) => {
  let env: RestEnv;
  beforeAll(async () => {
    env = await startRestEnv(backend);
    await env.stack.db.exec(FIXTURE);
  });
  afterAll(async () => {
    await env?.stack.stop();
  });
  const json = { 'Content-Type': 'application/json' };
  const put = (p: string, body: unknown, headers: Record<string, string> = {}) =>
    env.http(p, { method: 'PUT', headers: { ...json, ...headers }, body: JSON.stringify(body) });
  const rows = async (p: string) => (await env.http(p)).json();

  describe('PUT', () => {
    it('inserts the row the URL names by its primary key: 201 with return=representation', async () => {
      const r = await put('/kb_langs?name=eq.Go', [{ name: 'Go', rank: 19 }], { Prefer: 'return=representation' });
      expect(r.status).toBe(201);
      expect(await r.json()).toEqual([{ name: 'Go', rank: 19 }]);
      expect(r.headers.get('preference-applied')).toBe('return=representation');
      expect(await rows('/kb_langs?name=eq.Go')).toEqual([{ name: 'Go', rank: 19 }]);
    });

    it('replaces an existing row: 200 with return=representation, 204 without (no body, no Content-Type)', async () => {
      const r = await put('/kb_langs?name=eq.Java', { name: 'Java', rank: 13 }, { Prefer: 'return=representation' });
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual([{ name: 'Java', rank: 13 }]);
      const m = await put('/kb_langs?name=eq.Java', { name: 'Java', rank: 14 }, { Prefer: 'return=minimal' });
      expect(m.status).toBe(204);
      expect(m.headers.get('content-type')).toBeNull();
      expect(m.headers.get('preference-applied')).toBe('return=minimal');
      expect(await m.text()).toBe('');
      const plain = await put('/kb_langs?name=eq.Python', { name: 'Python', rank: 4 });
      expect(plain.status).toBe(204);
      expect(await rows('/kb_langs?name=in.(Java,Python)&order=name')).toEqual([
        { name: 'Java', rank: 14 },
        { name: 'Python', rank: 4 },
      ]);
    });

    it('a composite key needs every key column as an eq filter; a table of key columns only works', async () => {
      const both = await put(
        '/kb_staff?first_name=eq.Susan&last_name=eq.Heidt',
        [{ first_name: 'Susan', last_name: 'Heidt', salary: 48000, company: 'GEX' }],
        { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
      );
      expect(both.status).toBe(201);
      expect(both.headers.get('content-type')).toMatch(/^application\/vnd\.pgrst\.object\+json/);
      expect(await both.json()).toEqual({ first_name: 'Susan', last_name: 'Heidt', salary: 48000, company: 'GEX' });
      const half = await put('/kb_staff?first_name=eq.Susan', [
        { first_name: 'Susan', last_name: 'Heidt', salary: 1, company: 'GEX' },
      ]);
      expect(half.status).toBe(405);
      expect(await half.json()).toEqual({
        code: 'PGRST105',
        message: "Filters must include all and only primary key columns with 'eq' operators",
        details: null,
        hint: null,
      });
      const onlyPk = await put('/kb_only_pk?id=eq.10', [{ id: 10 }], { Prefer: 'return=representation' });
      expect(onlyPk.status).toBe(201);
      expect(await onlyPk.json()).toEqual([{ id: 10 }]);
      const again = await put('/kb_only_pk?id=eq.10', [{ id: 10 }], { Prefer: 'return=representation' });
      expect(again.status).toBe(200);
    });

    it('other filters than eq on the key, logic trees, or a table without a key: 405 PGRST105', async () => {
      for (const p of [
        '/kb_langs?rank=eq.19',
        '/kb_langs?name=not.eq.Go',
        '/kb_langs?name=in.(Go)',
        '/kb_langs?and=(name.eq.Go)',
        '/kb_langs?name=eq.Go&rank=eq.19',
        '/kb_langs',
      ]) {
        const r = await put(p, [{ name: 'Go', rank: 19 }]);
        expect(r.status, p).toBe(405);
        expect((await r.json()).code).toBe('PGRST105');
      }
      const noPk = await put('/kb_no_pk?a=eq.one&b=eq.two', [{ a: 'one', b: 'two' }]);
      expect(noPk.status).toBe(405);
      expect(await rows('/kb_langs?name=eq.Go&rank=eq.19')).toHaveLength(1);
    });

    it('limit or offset: 400 PGRST114; a Range header is ignored', async () => {
      for (const p of ['/kb_langs?name=eq.C&limit=1', '/kb_langs?name=eq.C&offset=1']) {
        const r = await put(p, [{ name: 'C', rank: 9 }]);
        expect(r.status).toBe(400);
        expect(await r.json()).toEqual({
          code: 'PGRST114',
          message: 'limit/offset querystring parameters are not allowed for PUT',
          details: null,
          hint: null,
        });
      }
      const ranged = await put('/kb_langs?name=eq.C', [{ name: 'C', rank: 5 }], {
        Prefer: 'return=representation',
        Range: '1-1',
      });
      expect(ranged.status).toBe(200);
      expect(await ranged.json()).toEqual([{ name: 'C', rank: 5 }]);
    });

    it('a body whose key differs from the URL: 400 PGRST115 and nothing written', async () => {
      const r = await put('/kb_langs?name=eq.MATLAB', [{ name: 'Perl', rank: 17 }]);
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({
        code: 'PGRST115',
        message: 'Payload values do not match URL in primary key column(s)',
        details: null,
        hint: null,
      });
      const c = await put(
        '/kb_staff?first_name=eq.Wendy&last_name=eq.Anderson',
        [{ first_name: 'Susan', last_name: 'Heidt', salary: 1, company: 'X' }],
        { Prefer: 'return=representation' },
      );
      expect(c.status).toBe(400);
      expect(await rows('/kb_langs?name=in.(MATLAB,Perl)')).toEqual([]);
      expect(await rows('/kb_staff?first_name=eq.Susan&select=salary')).toEqual([{ salary: 48000 }]);
    });

    it('of an array, only the element matching the key is written', async () => {
      const r = await put(
        '/kb_langs?name=eq.Java',
        [
          { name: 'Java', rank: 19 },
          { name: 'Swift', rank: 12 },
        ],
        { Prefer: 'return=representation', Accept: 'application/vnd.pgrst.object+json' },
      );
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ name: 'Java', rank: 19 });
      expect(await rows('/kb_langs?name=eq.Swift')).toEqual([]);
    });

    it('supabase-js sends no PUT; the method is allowed through CORS', async () => {
      const r = await env.http('/kb_langs', {
        method: 'OPTIONS',
        headers: { Origin: 'http://x.test', 'Access-Control-Request-Method': 'PUT' },
      });
      expect(r.headers.get('access-control-allow-methods')).toMatch(/PUT/);
    });
  });

  describe('relationships', () => {
    it('views in the exposed schema over tables of a private schema inherit their foreign keys, also renamed', async () => {
      expect(await rows('/kb_books?select=title,kb_authors(name)&order=id')).toEqual([
        { title: 'Earthsea', kb_authors: { name: 'Ursula' } },
        { title: 'Dispossessed', kb_authors: { name: 'Ursula' } },
        { title: 'Invisible Cities', kb_authors: { name: 'Italo' } },
      ]);
      expect(await rows('/kb_authors?select=name,kb_books(title)&order=id&kb_books.order=id')).toEqual([
        { name: 'Ursula', kb_books: [{ title: 'Earthsea' }, { title: 'Dispossessed' }] },
        { name: 'Italo', kb_books: [{ title: 'Invisible Cities' }] },
      ]);
      // the view's column is the hint, as the table's would be
      expect(await rows('/kb_books?select=title,kb_authors!writer(name)&id=eq.3')).toEqual([
        { title: 'Invisible Cities', kb_authors: { name: 'Italo' } },
      ]);
    });

    it('a view of a view keeps the relationships of the table under both', async () => {
      expect(await rows('/kb_books_v2?select=book_no,kb_authors(name)&order=book_no')).toEqual([
        { book_no: 1, kb_authors: { name: 'Ursula' } },
        { book_no: 2, kb_authors: { name: 'Ursula' } },
        { book_no: 3, kb_authors: { name: 'Italo' } },
      ]);
      // and the other way, from a view over the private authors
      const r = await env.http('/kb_authors?select=name,kb_books_v2(title)&id=eq.2');
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual([{ name: 'Italo', kb_books_v2: [{ title: 'Invisible Cities' }] }]);
    });

    it('a view showing a foreign-key column under two names has a relationship through each (hint by column)', async () => {
      const amb = await env.http('/kb_t2_v?select=id,kb_t1(id)');
      expect(amb.status).toBe(300);
      expect((await amb.json()).code).toBe('PGRST201');
      expect(await rows('/kb_t2_v?select=id,kb_t1!t1_id1(id)')).toEqual([{ id: 10, kb_t1: { id: 1 } }]);
      expect(await rows('/kb_t2_v?select=id,kb_t1!t1_id2(id)')).toEqual([{ id: 10, kb_t1: { id: 1 } }]);
    });

    it('many-to-many through an exposed view of a private junction; not through a private-only junction', async () => {
      expect(await rows('/kb_books?select=title,kb_tags(name)&order=id')).toEqual([
        { title: 'Earthsea', kb_tags: [{ name: 'fantasy' }] },
        { title: 'Dispossessed', kb_tags: [{ name: 'classic' }] },
        { title: 'Invisible Cities', kb_tags: [{ name: 'classic' }] },
      ]);
      const r = await env.http('/kb_books?select=title,kb_genres(name)');
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({
        code: 'PGRST200',
        message: "Could not find a relationship between 'kb_books' and 'kb_genres' in the schema cache",
        details:
          "Searched for a foreign key relationship between 'kb_books' and 'kb_genres' in the schema 'public', but no matches were found.",
      });
    });

    it('tables of a private schema are not embeddable, even through a foreign key of an exposed table', async () => {
      const r = await env.http('/kb_tags?select=name,book_tags(book_id)');
      expect(r.status).toBe(400);
      expect((await r.json()).code).toBe('PGRST200');
    });

    it('a computed relationship named as a table overrides the foreign key to that table', async () => {
      expect(await rows('/kb_games?select=name,kb_designers(name)&order=id')).toEqual([
        { name: 'Final Fantasy', kb_designers: { name: 'Sakaguchi' } },
        { name: 'Zelda', kb_designers: null },
      ]);
      expect(await rows('/kb_games?select=name,kb_designers!inner(name)&order=id')).toEqual([
        { name: 'Final Fantasy', kb_designers: { name: 'Sakaguchi' } },
      ]);
      // the foreign key is gone from that pair: its column no longer names it (PostgREST replaces the pair's entry)
      expect((await env.http('/kb_games?select=name,designer_id(name)')).status).toBe(400);
      // the other direction keeps its foreign key (no function kb_games(kb_designers))
      expect(await rows('/kb_designers?select=name,kb_games(name)&id=eq.2')).toEqual([
        { name: 'Miyamoto', kb_games: [{ name: 'Zelda' }] },
      ]);
    });

    it('computed relationships: ROWS 1 → object, a set → array, nested under a normal embed', async () => {
      expect(await rows('/kb_designers?select=name,kb_best_game(name),kb_all_games(name)&id=eq.1')).toEqual([
        { name: 'Sakaguchi', kb_best_game: { name: 'Final Fantasy' }, kb_all_games: [{ name: 'Final Fantasy' }] },
      ]);
      expect(await rows('/kb_designers?select=name,kb_games(name,kb_designers(name))&id=eq.1')).toEqual([
        { name: 'Sakaguchi', kb_games: [{ name: 'Final Fantasy', kb_designers: { name: 'Sakaguchi' } }] },
      ]);
    });

    it('empty embeds rel() are left out of the output, nested ones too, and filter with !inner', async () => {
      expect(await rows('/kb_games?select=id,kb_designers()&order=id')).toEqual([{ id: 1 }, { id: 2 }]);
      expect(await rows('/kb_authors?select=name,kb_books(kb_tags())&order=id')).toEqual([
        { name: 'Ursula' },
        { name: 'Italo' },
      ]);
      expect(await rows('/kb_authors?select=name,kb_books!inner()&kb_books.title=eq.Earthsea')).toEqual([
        { name: 'Ursula' },
      ]);
      expect(
        await rows('/kb_authors?select=name,kb_books!inner(kb_tags!inner())&kb_books.kb_tags.name=eq.classic&order=id'),
      ).toEqual([{ name: 'Ursula' }, { name: 'Italo' }]);
    });
  });

  describe('writes', () => {
    const post = (p: string, body: string, headers: Record<string, string> = {}) =>
      env.http(p, { method: 'POST', headers: { ...json, ...headers }, body });
    const patch = (p: string, body: string, headers: Record<string, string> = {}) =>
      env.http(p, { method: 'PATCH', headers: { ...json, ...headers }, body });

    it('?columns= inserts only the listed keys (others ignored, missing ones null or, with missing=default, their default)', async () => {
      const r = await post(
        '/kb_items?columns=id,name,qty',
        JSON.stringify([
          { id: 10, name: 'ten', extra: 'x', note: 'ignored' },
          { id: 11, qty: 7, other: 1 },
        ]),
        { Prefer: 'return=representation' },
      );
      expect(r.status).toBe(201);
      expect(await r.json()).toEqual([
        { id: 10, name: 'ten', qty: null, note: 'none' },
        { id: 11, name: null, qty: 7, note: 'none' },
      ]);
      const d = await post('/kb_items?columns=id,name,qty,note', JSON.stringify([{ id: 12, name: 'twelve' }]), {
        Prefer: 'return=representation, missing=default',
      });
      expect(d.status).toBe(201);
      expect(d.headers.get('preference-applied')).toBe('missing=default, return=representation');
      expect(await d.json()).toEqual([{ id: 12, name: 'twelve', qty: 5, note: 'none' }]);
      const unknown = await post('/kb_items?columns=helicopter', JSON.stringify([{ id: 13 }]));
      expect(unknown.status).toBe(400);
      expect((await unknown.json()).code).toBe('PGRST204');
    });

    it("missing=default gives a column without a default of its own its domain's default", async () => {
      const r = await post('/kb_dom?columns=id,code,label', JSON.stringify([{ id: 1 }, { id: 2, code: 'X' }]), {
        Prefer: 'return=representation, missing=default',
      });
      expect(r.status).toBe(201);
      expect(await r.json()).toEqual([
        { id: 1, code: 'D-1', label: 'plain' },
        { id: 2, code: 'X', label: 'plain' },
      ]);
    });

    it('the written rows come back in the order the request asks for', async () => {
      const r = await post(
        '/kb_items?select=id,name&order=id.desc',
        JSON.stringify([
          { id: 20, name: 'a' },
          { id: 22, name: 'c' },
          { id: 21, name: 'b' },
        ]),
        { Prefer: 'return=representation' },
      );
      expect(await r.json()).toEqual([
        { id: 22, name: 'c' },
        { id: 21, name: 'b' },
        { id: 20, name: 'a' },
      ]);
      const u = await patch('/kb_items?id=in.(20,21,22)&select=id&order=id.asc', JSON.stringify({ note: 'z' }), {
        Prefer: 'return=representation',
      });
      expect(await u.json()).toEqual([{ id: 20 }, { id: 21 }, { id: 22 }]);
      const m = await post(
        '/kb_items?select=id,name&order=name.desc',
        JSON.stringify([
          { id: 20, name: 'x' },
          { id: 21, name: 'y' },
        ]),
        { Prefer: 'return=representation, resolution=merge-duplicates' },
      );
      // merge-duplicates that only merged: 200 (201 once a row is new)
      expect(m.status).toBe(200);
      expect(await m.json()).toEqual([
        { id: 21, name: 'y' },
        { id: 20, name: 'x' },
      ]);
    });

    it('a form (application/x-www-form-urlencoded) inserts one row of its fields', async () => {
      const r = await env.http('/kb_kinds', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Prefer: 'return=representation' },
        body: 'n=7&d=1900-01-01&flag=false&price=3.99&label=forms+are+fun%21',
      });
      expect(r.status).toBe(201);
      expect(await r.json()).toEqual([{ n: 7, d: '1900-01-01', flag: false, price: 3.99, label: 'forms are fun!' }]);
      const minimal = await env.http('/kb_kinds', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'n=8&label=plain',
      });
      expect(minimal.status).toBe(201);
      expect(minimal.headers.get('content-type')).toBeNull();
    });

    it('a CSV body (text/csv) inserts its lines; NULL is null; quoted fields; the answer in CSV too', async () => {
      const r = await env.http('/kb_nopk', {
        method: 'POST',
        headers: { 'Content-Type': 'text/csv', Accept: 'text/csv', Prefer: 'return=representation' },
        body: 'a,b\nbar,baz\nNULL,foo\n"x, ""y""",\r\n',
      });
      expect(r.status).toBe(201);
      expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      // an empty field is the empty string (only NULL is null), which Postgres's record text quotes
      expect(await r.text()).toBe('a,b\nbar,baz\n,foo\n"x, ""y""",""');
      expect(await rows('/kb_nopk?a=is.null')).toEqual([{ a: null, b: 'foo' }]);
      const sel = await env.http('/kb_kinds?select=n', {
        method: 'POST',
        headers: { 'Content-Type': 'text/csv', Accept: 'text/csv', Prefer: 'return=representation' },
        body: 'n,label,flag\n30,Xenix,true\n31,Windows NT,f',
      });
      expect(await sel.text()).toBe('n\n30\n31');
      const bad = await env.http('/kb_nopk', {
        method: 'POST',
        headers: { 'Content-Type': 'text/csv' },
        body: 'a,b\nfoo,bar\nbaz',
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({
        code: 'PGRST102',
        message: 'All lines must have same number of fields',
        details: null,
        hint: null,
      });
      expect(await rows('/kb_nopk?a=eq.foo')).toEqual([]);
    });

    it('PATCH with an empty body ({}, [], [{}]) changes nothing: 204, or 200 [] with return=representation', async () => {
      for (const body of ['{}', '[]', '[{}]']) {
        const r = await patch('/kb_items?id=eq.1', body);
        expect(r.status, body).toBe(204);
        expect(r.headers.get('content-range')).toBe('*/*');
      }
      const rep = await patch('/kb_items?id=eq.1&select=id', '{}', { Prefer: 'return=representation' });
      expect(rep.status).toBe(200);
      expect(await rep.json()).toEqual([]);
      expect(rep.headers.get('content-range')).toBe('*/*');
      expect(await rows('/kb_items?id=eq.1')).toEqual([{ id: 1, name: 'one', qty: 1, note: 'a' }]);
      const none = await patch('/kb_items?id=eq.1', '');
      expect(none.status).toBe(400);
      expect((await none.json()).message).toBe('Empty or invalid json');
    });

    it('PATCH with an array sets the values of its first object; columns= and missing=default apply', async () => {
      const r = await patch(
        '/kb_items?id=eq.2',
        JSON.stringify([
          { name: 'deux', qty: 22 },
          { name: 'zwei', qty: 33 },
        ]),
        { Prefer: 'return=representation' },
      );
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual([{ id: 2, name: 'deux', qty: 22, note: 'b' }]);
      const c = await patch('/kb_items?id=eq.2&columns=name', JSON.stringify({ name: 'dos', qty: 99 }), {
        Prefer: 'return=representation',
      });
      expect(await c.json()).toEqual([{ id: 2, name: 'dos', qty: 22, note: 'b' }]);
      const d = await patch('/kb_items?id=eq.2&columns=name,qty,note', JSON.stringify({ name: 'two' }), {
        Prefer: 'return=representation, missing=default',
      });
      expect(d.headers.get('preference-applied')).toBe('missing=default, return=representation');
      expect(await d.json()).toEqual([{ id: 2, name: 'two', qty: 5, note: 'none' }]);
    });

    it('column privileges: insert and update only the granted columns (42501 otherwise); return=minimal needs no select', async () => {
      const ins = await post('/kb_limited', JSON.stringify({ id: 2, title: 'second' }), { Prefer: 'return=minimal' });
      expect(ins.status).toBe(201);
      const denied = await post('/kb_limited', JSON.stringify({ id: 3, title: 't', secret: 'x' }));
      expect(denied.status).toBe(401);
      expect(await denied.json()).toMatchObject({ code: '42501', message: 'permission denied for table kb_limited' });
      const upd = await patch('/kb_limited?id=eq.2', JSON.stringify({ title: 'segundo' }));
      expect(upd.status).toBe(204);
      const upDenied = await patch('/kb_limited?id=eq.2', JSON.stringify({ votes: 9 }));
      expect(upDenied.status).toBe(401);
      expect(await rows('/kb_limited?select=id,title,votes&order=id')).toEqual([
        { id: 1, title: 'first', votes: 0 },
        { id: 2, title: 'segundo', votes: 0 },
      ]);
    });
  });

  describe('aggregates with embeds and spreads', () => {
    const sorted = (xs: Record<string, unknown>[]) =>
      [...xs].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

    it("a to-one spread's aggregates apply at the parent's level, grouped by the spread's columns", async () => {
      const r = await env.http(
        '/kb_expenses?select=total:amount.sum(),...kb_categories(owner,budget_total:budget.sum())&order=kb_categories(owner)',
      );
      expect(r.status).toBe(200);
      expect(await r.text()).toBe(
        '[{"total":150,"owner":"Brian","budget_total":2000}, \n {"total":20,"owner":"Jane","budget_total":500}]',
      );
      expect(await rows('/kb_expenses?select=...kb_categories(budget.sum())')).toEqual([{ sum: 2500 }]);
      expect(await rows('/kb_expenses?select=...kb_categories(n:budget::int.sum()::text)')).toEqual([{ n: '2500' }]);
    });

    it('an embedded resource groups the rows like a column', async () => {
      expect(
        await rows('/kb_expenses?select=category_id,total:amount.sum(),kb_categories(owner)&order=category_id'),
      ).toEqual([
        { category_id: 1, total: 150, kb_categories: { owner: 'Brian' } },
        { category_id: 2, total: 20, kb_categories: { owner: 'Jane' } },
      ]);
    });

    it('aggregates inside an embed: one object per parent, null sums and zero counts when empty', async () => {
      expect(await rows('/kb_categories?select=owner,kb_expenses(amount.sum(),amount.count())&order=id')).toEqual([
        { owner: 'Brian', kb_expenses: [{ sum: 150, count: 2 }] },
        { owner: 'Jane', kb_expenses: [{ sum: 20, count: 1 }] },
        { owner: 'Zoe', kb_expenses: [{ sum: null, count: 0 }] },
      ]);
    });

    it('aggregates of nested spreads, grouped by the columns of other nested spreads; count() counts the rows found', async () => {
      const r = await env.http(
        '/kb_proc_sup?select=supervisor_id,...kb_processes(...kb_pcosts(cost.sum()),...kb_pcats(name))&order=supervisor_id',
      );
      const body = (await r.json()) as Record<string, unknown>[];
      expect(Object.keys(body[0]!)).toEqual(['supervisor_id', 'sum', 'name']);
      expect(sorted(body)).toEqual(
        sorted([
          { supervisor_id: 1, sum: 150, name: 'Batch' },
          { supervisor_id: 2, sum: 25, name: 'Batch' },
          { supervisor_id: 2, sum: 200, name: 'Mass' },
        ]),
      );
      expect(await rows('/kb_proc_sup?select=supervisor_id,...kb_processes(n:count())&order=supervisor_id')).toEqual([
        { supervisor_id: 1, n: 2 },
        { supervisor_id: 2, n: 2 },
      ]);
      const nested = (await rows(
        '/kb_supervisors?select=name,kb_proc_sup(...kb_processes(...kb_pcosts(cost_sum:cost.sum()),...kb_pcats(category:name)))&order=id',
      )) as { name: string; kb_proc_sup: Record<string, unknown>[] }[];
      expect(nested.map((x) => ({ ...x, kb_proc_sup: sorted(x.kb_proc_sup) }))).toEqual([
        { name: 'Mary', kb_proc_sup: [{ cost_sum: 150, category: 'Batch' }] },
        {
          name: 'John',
          kb_proc_sup: [
            { cost_sum: 200, category: 'Mass' },
            { cost_sum: 25, category: 'Batch' },
          ],
        },
        { name: 'Jane', kb_proc_sup: [] },
      ]);
    });

    it('aggregates in a to-many spread: 400 PGRST127', async () => {
      const r = await env.http('/kb_categories?select=owner,...kb_expenses(amount.sum())');
      expect(r.status).toBe(400);
      expect(await r.json()).toEqual({
        code: 'PGRST127',
        message: 'Feature not implemented',
        details: 'Aggregates are not implemented for one-to-many or many-to-many spreads.',
        hint: null,
      });
    });
  });

  describe('timezone, response GUCs, pre-request, JWT claims', () => {
    it('Prefer: timezone=… renders timestamptz in that zone and says so; an unknown zone is 400 22023', async () => {
      const la = await env.http('/kb_times?select=t', { headers: { Prefer: 'timezone=America/Los_Angeles' } });
      expect(await la.json()).toEqual([{ t: '2023-10-18T05:37:59.611-07:00' }]);
      expect(la.headers.get('preference-applied')).toBe('timezone=America/Los_Angeles');
      const off = await env.http('/kb_times?select=t', { headers: { Prefer: 'handling=strict, timezone=+05:30' } });
      expect(await off.json()).toEqual([{ t: '2023-10-18T07:07:59.611-05:30' }]);
      expect(off.headers.get('preference-applied')).toBe('handling=strict, timezone=+05:30');
      const bad = await env.http('/kb_times', { headers: { Prefer: 'timezone=Invalid/Timezone' } });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({
        code: '22023',
        message: 'invalid value for parameter "TimeZone": "Invalid/Timezone"',
        details: null,
        hint: null,
      });
      // the zone does not stay on the connection
      expect(await rows('/kb_times?select=t')).toEqual([{ t: '2023-10-18T12:37:59.611+00:00' }]);
    });

    it('response.status and response.headers set by SQL override the answer (reads, RPC, writes by trigger)', async () => {
      const r = await env.http(
        `/rpc/kb_set_response?status=418&headers=${encodeURIComponent('[{"X-Answer": "42"}, {"Content-Type": "application/x-kb"}]')}`,
      );
      expect(r.status).toBe(418);
      expect(r.headers.get('x-answer')).toBe('42');
      expect(r.headers.get('content-type')).toBe('application/x-kb');
      expect(await r.text()).toBe('1');
      const v = await env.http('/rpc/kb_void_with_headers', { method: 'POST', headers: json, body: '{}' });
      expect(v.status).toBe(202);
      expect(v.headers.get('x-kb')).toBe('void');
      const w = await env.http('/kb_guc_rows', { method: 'POST', headers: json, body: JSON.stringify({ id: 2 }) });
      expect(w.status).toBe(299);
      expect(w.headers.get('location')).toBe('/kb_guc_rows?id=eq.2&made=1');
      const u = await env.http('/kb_guc_rows?id=eq.2', {
        method: 'PATCH',
        headers: { ...json, Prefer: 'return=representation' },
        body: JSON.stringify({ id: 3 }),
      });
      expect(u.status).toBe(299);
      expect(await u.json()).toEqual([{ id: 3 }]);
    });

    it('a write without representation answers what an AFTER statement trigger set (POST, PATCH, DELETE)', async () => {
      const post = await env.http('/kb_guc_after', { method: 'POST', headers: json, body: JSON.stringify({ id: 1 }) });
      expect(post.status).toBe(203);
      expect(post.headers.get('x-kb-op')).toBe('insert');
      const patch = await env.http('/kb_guc_after?id=eq.1', {
        method: 'PATCH',
        headers: { ...json, Prefer: 'return=minimal' },
        body: JSON.stringify({ id: 2 }),
      });
      expect(patch.status).toBe(203);
      expect(patch.headers.get('x-kb-op')).toBe('update');
      const del = await env.http('/kb_guc_after?id=eq.2', { method: 'DELETE' });
      expect(del.status).toBe(203);
      expect(del.headers.get('x-kb-op')).toBe('delete');
      expect(await rows('/kb_guc_after')).toEqual([]);
      // nothing is left for the next request on the same connection
      const plain = await env.http('/kb_items', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ id: 98, name: 'x' }),
      });
      expect(plain.status).toBe(201);
      expect(plain.headers.get('x-kb-op')).toBeNull();
    });

    it('a header named twice in response.headers goes out twice (two cookies stay two)', async () => {
      const cookies = [
        'sessionid=38afes7a8; HttpOnly; Path=/',
        'id=a3fWa; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Secure',
      ];
      const r = await env.http(
        `/rpc/kb_set_response?headers=${encodeURIComponent(JSON.stringify(cookies.map((c) => ({ 'Set-Cookie': c }))))}`,
      );
      expect(r.status).toBe(200);
      expect(r.headers.getSetCookie()).toEqual(cookies);
    });

    it('an invalid response.status or response.headers: 500 PGRST112 / PGRST111', async () => {
      const s = await env.http('/rpc/kb_set_response?status=abc');
      expect(s.status).toBe(500);
      expect(await s.json()).toEqual({
        code: 'PGRST112',
        message: 'response.status guc must be a valid status code',
        details: null,
        hint: null,
      });
      const h = await env.http(`/rpc/kb_set_response?headers=${encodeURIComponent('{"X-A": "b"}')}`);
      expect(h.status).toBe(500);
      expect((await h.json()).code).toBe('PGRST111');
    });

    it('the db-pre-request function (pgrst.db_pre_request) runs first: its headers reach the answer, its error ends the request', async () => {
      const r = await env.http('/kb_times?select=id', { headers: { 'x-kb-pre': 'header' } });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-pre-request')).toBe('ran');
      expect(r.headers.get('cache-control')).toBe('no-store');
      const refused = await env.http('/kb_items', {
        method: 'POST',
        headers: { ...json, 'x-kb-pre': 'refuse' },
        body: JSON.stringify({ id: 99, name: 'never' }),
      });
      expect(refused.status).toBe(402);
      expect(await refused.json()).toEqual({
        code: 'PT402',
        message: 'payment required',
        details: 'from the pre-request function',
        hint: null,
      });
      expect(await rows('/kb_items?id=eq.99')).toEqual([]);
    });

    it("JWT 'aud': must be a string or an array of strings, and name pgrst.jwt_aud when that is set", async () => {
      const exp = Math.floor(Date.now() / 1000) + 600;
      const get = (claims: Record<string, unknown>) =>
        env.http('/kb_times?select=id', {
          headers: { Authorization: `Bearer ${env.sign({ role: 'authenticated', exp, ...claims } as never)}` },
        });
      expect((await get({ aud: 'authenticated' })).status).toBe(200);
      expect((await get({ aud: ['other', 'authenticated'] })).status).toBe(200);
      expect((await get({ aud: [] })).status).toBe(200);
      const wrong = await get({ aud: 'not-you' });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({
        code: 'PGRST303',
        message: 'JWT not in audience',
        details: null,
        hint: null,
      });
      const typed = await get({ aud: { x: 1 } });
      expect(typed.status).toBe(401);
      expect(await typed.json()).toEqual({
        code: 'PGRST303',
        message: "The JWT 'aud' claim must be a string or an array of strings",
        details: null,
        hint: null,
      });
      expect((await get({ aud: [1, 'authenticated'] })).status).toBe(401);
    });

    it('Preference-Applied names max-affected with handling=strict, and the whole PUT/POST order as PostgREST', async () => {
      const d = await env.http('/kb_items?id=eq.3', {
        method: 'DELETE',
        headers: { Prefer: 'handling=strict, max-affected=5' },
      });
      expect(d.status).toBe(204);
      expect(d.headers.get('preference-applied')).toBe('handling=strict, max-affected=5');
      const e = await env.http('/kb_items', {
        method: 'POST',
        headers: { ...json, Prefer: 'resolution=merge-duplicates, return=representation' },
        body: '[]',
      });
      // an upsert of no rows inserted nothing: 200, as PostgREST
      expect(e.status).toBe(200);
      expect(await e.json()).toEqual([]);
    });
  });
});
