// REST behaviours matched to PostgREST v14 (its grammar, Plan.Negotiate, CallPlan, data representations):
// whitespace in the query language, JSON arrows, RPC arguments (filters, variadic, OUT parameters, records,
// overloads), media type handlers, data representations. Fixture tests/fixtures/rest-kinds-a-fixture.sql
// (tables ka_*), on PGlite and on PostgreSQL 15.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, stackDir, stopPgServer } from '../../testing/stack.ts';
import { startRestEnv, type RestEnv } from './rest-helpers.ts';

const FIXTURE = fs.readFileSync(path.join(stackDir, 'tests/fixtures/rest-kinds-a-fixture.sql'), 'utf8');

afterAll(stopPgServer);

describe.each(BACKENDS)('REST kinds as PostgREST answers them, on %s', (backend) => {
  let env: RestEnv;
  beforeAll(async () => {
    env = await startRestEnv(backend);
    await env.stack.db.exec(FIXTURE);
  });
  afterAll(async () => {
    await env?.stack.stop();
  });
  const get = async (p: string, accept?: string) => {
    const r = await env.http(p, accept ? { headers: { Accept: accept } } : {});
    return { status: r.status, type: r.headers.get('content-type'), body: Buffer.from(await r.arrayBuffer()) };
  };
  const json = async (p: string) => {
    const r = await get(p);
    return { status: r.status, body: JSON.parse(r.body.toString('utf8')) as unknown };
  };

  describe('whitespace', () => {
    it('spaces around select items, embeds and their columns are skipped', async () => {
      const r = await json(
        '/ka_projects?id=eq.1&select=id, name, ka_clients( * ), ka_tasks(id, name)&ka_tasks.order=id',
      );
      expect(r).toEqual({
        status: 200,
        body: [
          {
            id: 1,
            name: 'Windows 7',
            ka_clients: { id: 1, name: 'Microsoft' },
            ka_tasks: [
              { id: 1, name: 'Design w7' },
              { id: 2, name: 'Code w7' },
            ],
          },
        ],
      });
      const aliased = await json('/ka_projects?id=eq.1&select=myId:id , c : ka_clients(name)');
      expect(aliased.body).toEqual([{ myId: 1, c: { name: 'Microsoft' } }]);
    });

    it('spaces around the parentheses and commas of and/or trees and in-lists are skipped', async () => {
      const r = await json(
        '/ka_projects?and=( and ( id.in.( 1, 2, 3 ) , id.eq.3 ) , or ( id.eq.2 , id.eq.3 ) )&select=id',
      );
      expect(r).toEqual({ status: 200, body: [{ id: 3 }] });
      expect((await json('/ka_projects?id=in.( 1, 2 )&select=id&order= name.desc , id')).body).toEqual([
        { id: 1 },
        { id: 2 },
      ]);
    });

    it('an in-list of only spaces is empty; an empty element is a value, as PostgREST passes it', async () => {
      expect(await json('/ka_projects?id=in.(    )')).toEqual({ status: 200, body: [] });
      const bad = await json('/ka_projects?id=in.( ,3,4)');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: ""' });
    });

    it('values keep their spaces: in-list elements after the first, quoted values', async () => {
      // ' a' is the second element with its leading space; 'a b' keeps its inner one
      expect((await json('/ka_names?name=in.( a b, a)&select=id&order=id')).body).toEqual([{ id: 1 }, { id: 2 }]);
      expect((await json('/ka_names?name=in.("Hebdon, John")&select=id')).body).toEqual([{ id: 3 }]);
    });

    it('in-lists take a lone double quote as a value; a tree ends at its closing parenthesis, as PostgREST parses them', async () => {
      expect((await json(`/ka_names?select=id&name=in.(${encodeURIComponent('"')})`)).body).toEqual([{ id: 4 }]);
      expect((await json('/ka_projects?and=(id.eq.1,id.neq.2))&select=id')).body).toEqual([{ id: 1 }]);
    });
  });

  describe('JSON arrows', () => {
    it('index steps read arrays (negative from the end); the key is the last JSON key, else the column', async () => {
      const r = await json('/ka_json?select=id,data->>0::int,first:data->-1,doc->a->>b&id=lt.3&order=id');
      expect(r.body).toEqual([
        { id: 1, data: 1, first: 3, b: 'x' },
        { id: 2, data: 4, first: 6, b: 'y' },
      ]);
      expect((await json('/ka_json?select=data->-1->b->>1&id=eq.3')).body).toEqual([{ b: '5' }]);
      // a quoted "0" is a key, not an index; a key may hold dashes
      expect((await json('/ka_json?select=doc->"0"&id=eq.3')).body).toEqual([{ '0': 'zero' }]);
      expect((await json('/ka_json?select=data->k-1->>e&id=eq.4')).body).toEqual([{ e: '3' }]);
    });

    it('arrows reach into Postgres arrays and composite types (through to_jsonb)', async () => {
      const r = await json('/ka_json?select=id,nums->0,grid->1->>2,num->>i,num->r&id=lt.3&order=id');
      expect(r.body).toEqual([
        { id: 1, nums: 1, grid: '6', i: '0.5', r: 0.5 },
        { id: 2, nums: 11, grid: '16', i: '0.6', r: 0.6 },
      ]);
    });

    it('arrows filter and order on arrays and composites', async () => {
      expect((await json('/ka_json?select=id&nums->>0=eq.11')).body).toEqual([{ id: 2 }]);
      expect((await json('/ka_json?select=id&nums->1=eq.2')).body).toEqual([{ id: 1 }]);
      expect((await json('/ka_json?select=id&num->>i=gt.0.55')).body).toEqual([{ id: 2 }]);
      expect((await json('/ka_json?select=id&id=lt.3&order=num->i.desc')).body).toEqual([{ id: 2 }, { id: 1 }]);
      expect((await json('/ka_json?select=id&id=lt.3&order=grid->0->0.desc')).body).toEqual([{ id: 2 }, { id: 1 }]);
    });

    it('a key may hold any character but ( ) : . , > (select and filter)', async () => {
      const key = encodeURIComponent('!@#$%^&*_d');
      const inner = encodeURIComponent('!@#$%^&*_e');
      expect((await json(`/ka_json?select=data->${key}->>${inner}::int&id=eq.5`)).body).toEqual([{ '!@#$%^&*_e': 3 }]);
      expect((await json(`/ka_json?select=id&data->${key}->>${inner}=eq.3`)).body).toEqual([{ id: 5 }]);
      const bad = await json(`/ka_json?select=data->(${key}`);
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        code: 'PGRST100',
        details: 'unexpected "(" expecting "-", digit or any non reserved character different from: .,>()',
      });
    });

    it('a malformed negative index is a parse error, as PostgREST words it', async () => {
      const r = await json('/ka_json?select=data->>--34');
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'PGRST100', details: 'unexpected "-" expecting digit' });
    });
  });

  describe('RPC', () => {
    it('GET: a parameter that is not an operator expression is an argument, the others filter the result', async () => {
      expect(await json('/rpc/ka_projects_below?id=5&id=gt.2&select=id&order=id')).toEqual({
        status: 200,
        body: [{ id: 3 }, { id: 4 }],
      });
      expect((await json('/rpc/ka_projects_below?id=5&id=not.in.(1,3)&select=id&order=id')).body).toEqual([
        { id: 2 },
        { id: 4 },
      ]);
      // an unknown argument is not ignored: 404 naming it, with PostgREST's hint
      const r = await json('/rpc/ka_add?a=1&b=2&smthelse=blabla');
      expect(r).toEqual({
        status: 404,
        body: {
          code: 'PGRST202',
          message: 'Could not find the function public.ka_add(a, b, smthelse) in the schema cache',
          details:
            'Searched for the function public.ka_add with parameters a, b, smthelse, but no matches were found in the schema cache.',
          hint: 'Perhaps you meant to call the function public.ka_add(a, b)',
        },
      });
    });

    it('GET: a repeated argument feeds a variadic parameter; other repeated arguments keep their last value', async () => {
      expect((await json('/rpc/ka_variadic')).body).toEqual([]);
      expect((await json('/rpc/ka_variadic?v=hi')).body).toEqual(['hi']);
      expect((await json('/rpc/ka_variadic?v=hi&v=there')).body).toEqual(['hi', 'there']);
      expect((await json('/rpc/ka_hello?name=ignored&name=world')).body).toBe('Hello, world');
      expect((await json('/rpc/ka_hello_variadic?name=ignored&name=world&v=unused')).body).toBe('Hello, world');
    });

    it('OUT and INOUT parameters answer an object, even a single one; TABLE returns rows', async () => {
      expect((await json('/rpc/ka_single_out?num=5')).body).toEqual({ num_plus_one: 6 });
      expect((await json('/rpc/ka_single_inout?num=2')).body).toEqual({ num: 3 });
      expect((await json('/rpc/ka_many_out')).body).toEqual({ my_json: { a: 1 }, num: 3, str: 'four' });
      expect((await json('/rpc/ka_table_return')).body).toEqual([{ a: 'A' }]);
    });

    it('a single value asked as vnd.pgrst.object+json answers with that Content-Type', async () => {
      const r = await get('/rpc/ka_many_out', 'application/vnd.pgrst.object+json');
      expect([r.status, r.type]).toEqual([200, 'application/vnd.pgrst.object+json; charset=utf-8']);
      expect(JSON.parse(r.body.toString())).toEqual({ my_json: { a: 1 }, num: 3, str: 'four' });
    });

    it('record and setof record (no column list) answer the rows the function made', async () => {
      expect((await json('/rpc/ka_record')).body).toEqual({ id: 1, name: 'Windows 7', client_id: 1 });
      expect((await json('/rpc/ka_setof_record')).body).toEqual([
        { id: 1, name: 'Windows 7', client_id: 1 },
        { id: 2, name: 'Windows 10', client_id: 1 },
      ]);
    });

    it('overloads are chosen by the argument names; two fits are 300 PGRST203', async () => {
      expect((await json('/rpc/ka_overloaded')).body).toEqual([1, 2, 3]);
      expect((await json('/rpc/ka_overloaded?a=1&b=2')).body).toBe(3);
      expect((await json('/rpc/ka_overloaded?a=1&b=2&c=3')).body).toBe('123');
      const r = await json('/rpc/ka_same_args?arg=value');
      expect(r.status).toBe(300);
      expect(r.body).toMatchObject({
        code: 'PGRST203',
        message:
          'Could not choose the best candidate function between: public.ka_same_args(arg => integer), public.ka_same_args(arg => text, num => integer)',
      });
    });

    it('POST: an array body passes its first object; ?columns= keeps only the keys it names', async () => {
      const post = (p: string, body: unknown) =>
        env.http(p, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      const first = await post('/rpc/ka_add', [
        { a: 1, b: 2 },
        { a: 4, b: 6 },
      ]);
      expect([first.status, await first.json()]).toEqual([200, 3]);
      const cols = await post('/rpc/ka_hello?columns=name', { name: 'John', smth: 'here', fake_id: 13 });
      expect([cols.status, await cols.json()]).toEqual([200, 'Hello, John']);
    });

    it('character and bit parameters are read as character varying and bit varying (not cut to one character)', async () => {
      expect((await json('/rpc/ka_char_param?char_=abcdefg&char_arr={ab,abcdefg}')).body).toEqual([
        { char_: 'abcdefg', char_arr: ['ab', 'abcdefg'] },
      ]);
      expect((await json('/rpc/ka_bit_param?bit_=101010')).body).toBe('101010');
    });

    it('a function returning a domain over a row type answers that row, with embeds', async () => {
      const r = await env.http('/rpc/ka_project_domain?select=id,name,client:ka_clients(id),ka_tasks(id)', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ id: 1 }),
      });
      expect([r.status, await r.json()]).toEqual([
        200,
        { id: 1, name: 'Windows 7', client: { id: 1 }, ka_tasks: [{ id: 1 }, { id: 2 }] },
      ]);
    });

    it('only GET reads the Range header: HEAD answers the whole limit/offset window', async () => {
      const r = await env.http('/rpc/ka_projects_below?id=5&limit=2&offset=1', {
        method: 'HEAD',
        headers: { Prefer: 'count=exact', Range: '0-0' },
      });
      expect([r.status, r.headers.get('content-range')]).toEqual([206, '1-2/4']);
      const g = await env.http('/rpc/ka_projects_below?id=5&limit=2&offset=1', {
        headers: { Prefer: 'count=exact', Range: '1-1' },
      });
      expect([g.status, g.headers.get('content-range')]).toEqual([206, '1-1/4']);
    });

    it('arrows on a composite column of a TABLE function: select, filter and order', async () => {
      expect((await json('/rpc/ka_complex_rows?select=val->r&val->i=gt.0.65&order=val->>i.desc')).body).toEqual([
        { r: 0.1 },
        { r: 0.3 },
      ]);
    });
  });

  describe('media types', () => {
    it('a function returning a media type domain answers its value raw, with that Content-Type', async () => {
      const plain = await get('/rpc/ka_welcome', 'text/plain');
      expect([plain.status, plain.type, plain.body.toString()]).toEqual([
        200,
        'text/plain; charset=utf-8',
        'Welcome to the stack',
      ]);
      const html = await get('/rpc/ka_welcome.html', 'text/html');
      expect([html.status, html.type, html.body.toString()]).toEqual([200, 'text/html', '<h1>Welcome</h1>']);
      const xml = await get('/rpc/ka_xml', 'text/xml');
      expect([xml.status, xml.type, xml.body.toString()]).toEqual([200, 'text/xml; charset=utf-8', '<my-xml-tag/>']);
      // the same function still answers JSON when JSON is asked
      const asJson = await get('/rpc/ka_welcome', 'application/json');
      expect([asJson.type, asJson.body.toString()]).toEqual([
        'application/json; charset=utf-8',
        '"Welcome to the stack"',
      ]);
    });

    it('bytea domains answer bytes; Accept is ordered by q as PostgREST orders it; no row → empty body', async () => {
      const png = await get('/rpc/ka_pixel', 'image/png');
      expect([png.status, png.type, png.body.toString('hex')]).toEqual([200, 'image/png', '89504e470d0a1a0a00ff']);
      const browser = await get(
        '/rpc/ka_pixel',
        'text/html,application/xhtml+xml,application/xml;q=0.9,image/png,*/*;q=0.8',
      );
      expect([browser.type, browser.body.toString('hex')]).toEqual(['image/png', '89504e470d0a1a0a00ff']);
      const none = await get('/rpc/ka_no_pixel?id=0', 'image/png');
      expect([none.status, none.type, none.body.length]).toEqual([200, 'image/png', 0]);
    });

    it('a function returning "*/*" answers any Accept as application/octet-stream', async () => {
      for (const accept of ['app/bingo', '*/*', 'image/boingo']) {
        const r = await get('/rpc/ka_any', accept);
        expect([r.status, r.type, r.body.toString()]).toEqual([200, 'application/octet-stream', 'any']);
      }
    });

    it('stripped nulls are named in Content-Type as PostgREST writes it', async () => {
      const arr = await get('/ka_projects?id=eq.5', 'application/vnd.pgrst.array+json;nulls=stripped');
      expect([arr.type, arr.body.toString()]).toEqual([
        'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8',
        '[{"id":5,"name":"Orphan"}]',
      ]);
      const obj = await get('/ka_projects?id=eq.5', 'application/vnd.pgrst.object+json;nulls=stripped');
      expect(obj.type).toBe('application/vnd.pgrst.object+json;nulls=stripped; charset=utf-8');
    });

    it('answers carry a Content-Length, as PostgREST sends (bodies and errors)', async () => {
      const ok = await env.http('/ka_projects?id=eq.1&select=id');
      expect([ok.headers.get('content-length'), await ok.text()]).toEqual(['10', '[{"id":1}]']);
      const err = await env.http('/ka_projects', { headers: { Accept: 'text/unknowntype' } });
      const text = await err.text();
      expect(err.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      const png = await env.http('/rpc/ka_pixel', { headers: { Accept: 'image/png' } });
      expect(png.headers.get('content-length')).toBe('10');
    });

    it('no producer for the type → 406 PGRST107 worded as PostgREST (plain text, sets of a domain, unknown types)', async () => {
      const cases: [string, string][] = [
        ['/rpc/ka_welcome', 'text/xml'],
        ['/rpc/ka_welcome_twice', 'text/plain'],
        ['/rpc/ka_plain_text', 'text/plain'],
        ['/ka_projects', 'undefined'],
        ['/ka_projects', 'text/plain'],
      ];
      for (const [p, accept] of cases) {
        const r = await get(p, accept);
        expect(r.status).toBe(406);
        expect(JSON.parse(r.body.toString())).toEqual({
          code: 'PGRST107',
          message: `None of these media types are available: ${accept}`,
          details: null,
          hint: null,
        });
      }
    });

    it('an aggregate over anyelement answers its media type for every table (tab-separated values)', async () => {
      const r = await get('/ka_projects?id=in.(1,2)&order=id', 'text/tab-separated-values');
      expect([r.status, r.type, r.body.toString()]).toEqual([
        200,
        'text/tab-separated-values',
        'id\tname\tclient_id\n1\tWindows 7\t1\n2\tWindows 10\t1\n',
      ]);
      // JSON still wins when it comes first among equals and no handler takes text/plain
      const mixed = await get('/ka_projects?id=eq.1', 'text/plain, application/json');
      expect([mixed.status, mixed.type]).toEqual([200, 'application/json; charset=utf-8']);
    });

    it("a table's own aggregate needs the default select; a jsonb-based body starts with jsonb's version byte, as PostgREST's", async () => {
      const r = await get('/ka_json?order=id', 'application/vnd.ka+json');
      expect([r.status, r.type, r.body.toString()]).toEqual([200, 'application/vnd.ka+json', '\u0001[1, 2, 3, 4, 5]']);
      const narrowed = await get('/ka_json?select=id', 'application/vnd.ka+json');
      expect(narrowed.status).toBe(406);
    });

    it('application/json overridden for one table; vendored types (vnd.pgrst.object) are not overridable', async () => {
      const r = await get('/ka_ov_json', 'application/json');
      expect([r.status, r.type, r.body.toString()]).toEqual([
        200,
        'application/json; charset=utf-8',
        '{"overridden": true}',
      ]);
      const obj = await get('/ka_projects?id=eq.1', 'application/vnd.pgrst.object');
      expect(JSON.parse(obj.body.toString())).toEqual({ id: 1, name: 'Windows 7', client_id: 1 });
    });
  });

  describe('data representations', () => {
    it('a domain with a cast to json is selected through it, also through `*`, embeds and casts on top', async () => {
      expect((await json('/ka_todos?select=id,color&order=id')).body).toEqual([
        { id: 1, color: '#000000' },
        { id: 2, color: '#000100' },
        { id: 3, color: '#01E240' },
        { id: 4, color: '' },
      ]);
      expect((await json('/ka_todos?id=eq.2')).body).toEqual([{ id: 2, name: 'Essay', color: '#000100' }]);
      expect((await json('/ka_todos?select=id,c:color::text&id=eq.2')).body).toEqual([{ id: 2, c: '"#000100"' }]);
      expect((await json('/ka_todo_links?select=id,ka_todos(*)&order=id')).body).toEqual([
        { id: 1, ka_todos: { id: 2, name: 'Essay', color: '#000100' } },
        { id: 2, ka_todos: { id: 3, name: 'Algebra', color: '#01E240' } },
      ]);
    });

    it('filter values go through the cast from text (eq, in, not.in); like/ilike do not', async () => {
      expect((await json('/ka_todos?select=id&color=eq.000100')).body).toEqual([{ id: 2 }]);
      expect((await json('/ka_todos?select=id&color=in.(000100,01E240)&order=id')).body).toEqual([
        { id: 2 },
        { id: 3 },
      ]);
      expect((await json('/ka_todos?select=id&color=not.in.(000000,01E240)')).body).toEqual([{ id: 2 }]);
      const like = await json('/ka_todos?select=id&color=ilike.*100');
      expect(like.status).toBe(404);
      expect(like.body).toMatchObject({ code: '42883' });
    });

    it('bodies go through the cast from json on insert and update', async () => {
      const headers = { 'Content-Type': 'application/json', Prefer: 'return=representation' };
      const ins = await env.http('/ka_todos?select=id,color', {
        method: 'POST',
        headers,
        body: JSON.stringify({ id: 10, name: 'new', color: '#FF0000' }),
      });
      expect([ins.status, await ins.json()]).toEqual([201, [{ id: 10, color: '#FF0000' }]]);
      const upd = await env.http('/ka_todos?id=eq.10&select=id,color', {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ color: '#00FF00' }),
      });
      expect([upd.status, await upd.json()]).toEqual([200, [{ id: 10, color: '#00FF00' }]]);
      const stored = await env.stack.db.query<{ color: number }>(`select color from public.ka_todos where id = 10`);
      expect(Number(stored.rows[0]!.color)).toBe(0x00ff00);
    });
  });
});
