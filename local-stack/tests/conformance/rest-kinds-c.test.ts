// REST behaviours matched to PostgREST v14 (its source and test/spec cases, read, not copied), found by
// replaying its own suite: request.cookies, return=headers-only with Location, RPC form and CSV bodies, a
// handler function naming its Content-Type, partitions, full-text search on tsvector domains and computed
// fields, ?columns= on typed bodies, overloaded computed fields in a write's representation, a null JWT
// audience, response settings set by a read's computed field or view. Fixture tests/fixtures/rest-kinds-c-fixture.sql
// (kc_*), on PGlite and on PostgreSQL 15.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, stackDir, stopPgServer } from '../../testing/stack.ts';
import { startRestEnv, type RestEnv } from './rest-helpers.ts';

const FIXTURE = fs.readFileSync(path.join(stackDir, 'tests/fixtures/rest-kinds-c-fixture.sql'), 'utf8');

afterAll(stopPgServer);

describe.each(BACKENDS)('REST kinds (writes, RPC, media, relationships) as PostgREST, on %s', (backend) => {
  let env: RestEnv;
  beforeAll(async () => {
    env = await startRestEnv(backend);
    await env.stack.db.exec(FIXTURE);
  });
  afterAll(async () => {
    await env?.stack.stop();
  });
  const json = { 'Content-Type': 'application/json' };
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const rows = async (p: string) => (await env.http(p)).json();

  it('request.cookies holds the Cookie header’s pairs', async () => {
    const r = await env.http('/rpc/kc_cookie?name=second', { headers: { Cookie: 'first=one; second=two=2' } });
    expect(await r.json()).toBe('two=2');
    expect(await (await env.http('/rpc/kc_cookie?name=first', { headers: { Cookie: 'first=one' } })).json()).toBe(
      'one',
    );
    expect(await (await env.http('/rpc/kc_cookie?name=first')).json()).toBeNull();
  });

  describe('return=headers-only', () => {
    const headersOnly = (p: string, body: unknown) =>
      env.http(p, { method: 'POST', headers: { ...json, Prefer: 'return=headers-only' }, body: JSON.stringify(body) });

    it('an insert of one row answers 201 with its Location by primary key, and no body', async () => {
      const r = await headersOnly('/kc_pk', { a: 1, b: 'x y/é', note: 'n' });
      expect(r.status).toBe(201);
      expect(r.headers.get('location')).toBe('/kc_pk?a=eq.1&b=eq.x%20y%2F%C3%A9');
      expect(r.headers.get('content-type')).toBeNull();
      expect(r.headers.get('preference-applied')).toBe('return=headers-only');
      expect(await r.text()).toBe('');
      const auto = await headersOnly('/kc_auto?select=label', { label: 'first' });
      expect(auto.headers.get('location')).toBe('/kc_auto?id=eq.1');
      expect(await rows('/kc_pk?select=a,b,note')).toEqual([{ a: 1, b: 'x y/é', note: 'n' }]);
    });

    it('several rows, or a table without a primary key: no Location', async () => {
      const many = await headersOnly('/kc_pk', [
        { a: 2, b: 'p', note: null },
        { a: 3, b: 'q', note: null },
      ]);
      expect(many.status).toBe(201);
      expect(many.headers.get('location')).toBeNull();
      const nopk = await headersOnly('/kc_nopk', { x: 1 });
      expect(nopk.status).toBe(201);
      expect(nopk.headers.get('location')).toBeNull();
    });
  });

  describe('RPC bodies that are not JSON', () => {
    it('a form body names the arguments (strings, read as the parameters’ types)', async () => {
      const add = await env.http('/rpc/kc_add', { method: 'POST', headers: form, body: 'a=1&b=2' });
      expect(add.status).toBe(200);
      expect(await add.json()).toBe(3);
      const typed = await env.http('/rpc/kc_typed', {
        method: 'POST',
        headers: form,
        body: 'd=3.1&flag=true&day=20190101&tags=%7Ba,b,c%7D',
      });
      expect(await typed.json()).toEqual({ d: 3.1, flag: true, day: '2019-01-01', tags: ['a', 'b', 'c'] });
      const joined = await env.http('/rpc/kc_join', { method: 'POST', headers: form, body: 'a=1&b=2&c=3+4' });
      expect(await joined.json()).toBe('123 4');
    });

    it('a form body’s repeated key feeds a variadic parameter', async () => {
      const one = await env.http('/rpc/kc_variadic', { method: 'POST', headers: form, body: 'v=hi' });
      expect(await one.json()).toEqual(['hi']);
      const two = await env.http('/rpc/kc_variadic', { method: 'POST', headers: form, body: 'v=hi&v=there' });
      expect(await two.json()).toEqual(['hi', 'there']);
    });

    it('a CSV body names arguments by its header; it never falls back to the unnamed json parameter', async () => {
      const r = await env.http('/rpc/kc_unnamed', {
        method: 'POST',
        headers: { 'Content-Type': 'text/csv' },
        body: 'a,b\n1,2',
      });
      expect(r.status).toBe(404);
      const body = await r.json();
      expect(body.code).toBe('PGRST202');
      expect(body.message).toBe('Could not find the function public.kc_unnamed(a, b) in the schema cache');
      // no "or with a single unnamed json/jsonb parameter": only a JSON body may take that way
      expect(body.details).toBe(
        'Searched for the function public.kc_unnamed with parameters a, b, but no matches were found in the schema cache.',
      );
      // JSON still reaches it
      const j = await env.http('/rpc/kc_unnamed', { method: 'POST', headers: json, body: '{"a":1}' });
      expect(await j.json()).toBe('whole body');
    });
  });

  it('a call with another method than GET, HEAD or POST: 405 PGRST101', async () => {
    for (const method of ['DELETE', 'PATCH', 'PUT']) {
      const r = await env.http('/rpc/kc_add?a=1&b=2', { method });
      expect(r.status).toBe(405);
      expect(await r.json()).toEqual({
        code: 'PGRST101',
        message: `Cannot use the ${method} method on RPC`,
        details: null,
        hint: null,
      });
    }
  });

  it('a "*/*" function naming its own Content-Type through response.headers answers with it', async () => {
    const r = await env.http('/rpc/kc_any_media', { headers: { Accept: '*/*' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('app/kc');
    expect(await r.text()).toBe('kc body');
  });

  it('partitions are not tables: 404 PGRST205; the partitioned table embeds and is embedded', async () => {
    const p = await env.http('/kc_sales_2021');
    expect(p.status).toBe(404);
    expect((await p.json()).code).toBe('PGRST205');
    expect(await rows('/kc_models?select=name,kc_sales(qty)&order=id')).toEqual([
      { name: 'Enzo', kc_sales: [{ qty: 3 }] },
      { name: 'Veneno', kc_sales: [{ qty: 4 }] },
    ]);
    expect(await rows('/kc_sales?select=qty,kc_models(name)&order=id')).toEqual([
      { qty: 3, kc_models: { name: 'Enzo' } },
      { qty: 4, kc_models: { name: 'Veneno' } },
    ]);
  });

  it('full-text filters take a tsvector domain (also nested), a computed tsvector and a call’s column as they are', async () => {
    expect(await rows('/kc_docs?select=id&vec=fts(simple).fox')).toEqual([{ id: 1 }]);
    expect(await rows('/kc_docs?select=id&kc_doc_vector=fts(simple).lazy')).toEqual([{ id: 2 }]);
    expect(await rows('/rpc/kc_all_docs?select=id&vec=plfts(simple).quick brown')).toEqual([{ id: 1 }]);
    expect(await rows('/kc_docs?select=id&body=fts(simple).dog')).toEqual([{ id: 2 }]);
  });

  it('?columns= reads only the listed keys of a body: others are not parsed (POST, PATCH)', async () => {
    const post = await env.http('/kc_todos?columns=id,name&select=id,name,due_at', {
      method: 'POST',
      headers: { ...json, Prefer: 'return=representation' },
      body: JSON.stringify({ id: 5, name: 'five', due_at: 'invalid but ignored' }),
    });
    expect(post.status).toBe(201);
    expect(await post.json()).toEqual([{ id: 5, name: 'five', due_at: null }]);
    const patch = await env.http('/kc_todos?id=eq.5&columns=name', {
      method: 'PATCH',
      headers: { ...json, Prefer: 'return=representation' },
      body: JSON.stringify({ name: 'cinq', due_at: 'invalid', id: 'not a number' }),
    });
    expect(patch.status).toBe(200);
    expect(await patch.json()).toEqual([{ id: 5, name: 'cinq', due_at: null }]);
  });

  it('an overloaded computed field (one per table) in a write’s representation', async () => {
    const r = await env.http('/kc_todos?id=eq.1&select=id,kc_flag', {
      method: 'PATCH',
      headers: { ...json, Prefer: 'return=representation' },
      body: JSON.stringify({ name: 'uno' }),
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual([{ id: 1, kc_flag: true }]);
    expect(await rows('/kc_todos?id=eq.1&select=id,kc_flag')).toEqual([{ id: 1, kc_flag: true }]);
  });

  it('a minimal write answers the status set by a trigger its cascade reached (the table has none of its own)', async () => {
    const r = await env.http('/kc_parent?id=eq.1', { method: 'DELETE' });
    expect(r.status).toBe(299);
    expect(await rows('/kc_child')).toEqual([]);
    // a table no trigger, rule or cascade can reach: the write's own answer
    const plain = await env.http('/kc_models?id=eq.2', { method: 'PATCH', headers: json, body: '{"name":"V"}' });
    expect(plain.status).toBe(204);
  });

  it('a read answers the status and headers its computed field or view set; a plain table read its own', async () => {
    const computed = await env.http('/kc_reads?select=id,kc_read_status');
    expect(computed.status).toBe(203);
    expect(computed.headers.get('x-kc-read')).toBe('computed');
    expect(await computed.json()).toEqual([{ id: 1, kc_read_status: 'seen' }]);
    const view = await env.http('/kc_reads_view?select=id,name');
    expect(view.status).toBe(200);
    expect(view.headers.get('x-kc-read')).toBe('view');
    const plain = await env.http('/kc_reads?select=id,name');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('x-kc-read')).toBeNull();
    expect(await plain.json()).toEqual([{ id: 1, name: 'one' }]);
  });

  it('a JWT whose aud is null has no audience', async () => {
    const token = env.sign({ role: 'authenticated', aud: null, exp: Math.floor(Date.now() / 1000) + 600 } as never);
    const r = await env.http('/kc_models?select=id&order=id', { headers: { Authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
