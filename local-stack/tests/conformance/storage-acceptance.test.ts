// Storage answers as storage-api does where supabase/storage's own acceptance suite (its REST specs) and its
// declarative RLS scenarios (`rls_tests.yaml`) found the stack differing (issue 45, item 4;
// conformance/storage-acceptance): `/status` and `/version`, JWT failures as AccessDenied, bucket search with
// LIKE wildcards as literals, ResourceNotEmpty, `info/public`, copy's metadata, signed-URL token scopes, bucket
// creation checked by RLS before uniqueness, emptying a bucket for the service role only, deleting an object the
// caller may not see, and storage's operation helpers for policies.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../src/jwt.ts';
import { BACKENDS, repoSupabaseDir, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

describe.each(BACKENDS)('storage as storage-api answers its acceptance suite, on %s', (backend) => {
  let stack: TestStack;
  let workdir = '';
  let base = '';
  let service = '';
  let user = '';
  const uid = crypto.randomUUID();

  /** One request; `token` null sends no Authorization. The body is JSON unless it is a string or FormData. */
  const call = async (
    method: string,
    route: string,
    opts: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.token === undefined ? service : opts.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (typeof opts.body === 'string' || opts.body instanceof FormData) body = opts.body;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(`${base}${route}`, { method, headers, body });
    const text = await res.text();
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  };
  const bucket = async (id: string, isPublic = false) =>
    expect((await call('POST', '/bucket', { body: { id, name: id, public: isPublic } })).status).toBe(200);
  const put = async (b: string, key: string, text: string, headers: Record<string, string> = {}) =>
    expect(
      (
        await call('POST', `/object/${b}/${key}`, {
          body: text,
          headers: { 'content-type': 'text/plain', 'x-upsert': 'true', ...headers },
        })
      ).status,
    ).toBe(200);

  beforeAll(async () => {
    workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-storage-acceptance-'));
    fs.copyFileSync(path.join(repoSupabaseDir, 'config.toml'), path.join(workdir, 'config.toml'));
    stack = await startTestStack(backend, { seed: false, workdir });
    base = `${stack.apiUrl}/storage/v1`;
    service = stack.config.auth.serviceRoleKey;
    user = signJwt(
      { sub: uid, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
      stack.config.auth.jwtSecret,
    );
    await stack.db.exec(
      `insert into auth.users (id, email, aud, role) values ('${uid}', '${uid}@example.com', 'authenticated', 'authenticated')`,
    );
  });

  afterAll(async () => {
    await stack?.stop();
    if (workdir) fs.rmSync(workdir, { recursive: true, force: true });
  });

  it('serves /status and /version without a token', async () => {
    expect((await call('GET', '/status', { token: null })).status).toBe(200);
    const version = await call('GET', '/version', { token: null });
    expect(version.status).toBe(200);
    expect(version.text.trim()).not.toBe('');
  });

  it('answers a token that is not a JWT as AccessDenied, as its JWT check does', async () => {
    const r = await call('GET', '/bucket', { token: 'not-a-jwt' });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ statusCode: '403', error: 'Unauthorized', message: 'Invalid Compact JWS' });
  });

  it('searches buckets by name with LIKE wildcards taken literally, and pages and sorts them', async () => {
    await bucket('like-a_b-x');
    await bucket('like-axb-x');
    const ids = async (q: string) =>
      ((await call('GET', `/bucket?${q}`)).json as unknown as { id: string }[]).map((b) => b.id);
    expect(await ids(`search=${encodeURIComponent('a_b')}`)).toEqual(['like-a_b-x']);
    expect(await ids(`search=${encodeURIComponent('%')}`)).toEqual([]);
    expect(await ids('search=like-&sortColumn=name&sortOrder=desc')).toEqual(['like-axb-x', 'like-a_b-x']);
    expect(await ids('search=like-&sortColumn=name&sortOrder=asc&limit=1&offset=1')).toEqual(['like-axb-x']);
  });

  it('refuses to delete a bucket that holds objects with ResourceNotEmpty', async () => {
    await bucket('nonempty');
    await put('nonempty', 'a.txt', 'x');
    const r = await call('DELETE', '/bucket/nonempty');
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ statusCode: '409', error: 'ResourceNotEmpty' });
  });

  it('answers info/public for objects of public buckets, to anyone', async () => {
    await bucket('pub-info', true);
    await put('pub-info', 'dir/a.txt', 'hello');
    const found = await call('GET', '/object/info/public/pub-info/dir/a.txt', { token: null });
    expect(found.status).toBe(200);
    expect(found.json).toMatchObject({ name: 'dir/a.txt', bucket_id: 'pub-info', size: 5 });
    const head = await call('HEAD', '/object/info/public/pub-info/dir/a.txt', { token: null });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('etag')).toBeTruthy();
    expect(head.headers.get('content-length')).toBe('5');
    expect((await call('HEAD', '/object/info/pub-info/dir/a.txt')).headers.get('etag')).toBeTruthy();
    const missing = await call('GET', '/object/info/public/pub-info/dir/none.txt', { token: null });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ statusCode: '404' });
  });

  it('copies with copyMetadata false: user metadata from x-metadata, cacheControl and mimetype from the body', async () => {
    await bucket('copymeta');
    await put('copymeta', 'src.txt', 'body', { 'cache-control': 'max-age=60' });
    const xMetadata = Buffer.from(JSON.stringify({ copied: 'yes' })).toString('base64');
    const r = await call('POST', '/object/copy', {
      body: {
        bucketId: 'copymeta',
        sourceKey: 'src.txt',
        destinationKey: 'src.txt',
        copyMetadata: false,
        metadata: { cacheControl: 'max-age=604800' },
      },
      headers: { 'x-metadata': xMetadata, 'x-upsert': 'true' },
    });
    expect(r.status).toBe(200);
    const got = await call('GET', '/object/authenticated/copymeta/src.txt');
    expect(got.text).toBe('body');
    expect(got.headers.get('cache-control')).toContain('max-age=604800');
    expect(got.headers.get('content-type')).toBe('text/plain');
    const info = await call('GET', '/object/info/authenticated/copymeta/src.txt');
    expect(info.json?.metadata).toEqual({ copied: 'yes' });
  });

  it('does not take an upload token for a download, nor a download token for an upload', async () => {
    await bucket('scopes');
    await put('scopes', 'a.txt', 'a');
    const download = (await call('POST', '/object/sign/scopes/a.txt', { body: { expiresIn: 60 } })).json!
      .signedURL as string;
    const downloadToken = new URL(download, 'http://x').searchParams.get('token')!;
    const upload = (await call('POST', '/object/upload/sign/scopes/a.txt', { headers: { 'x-upsert': 'true' } })).json!
      .token as string;
    expect((await call('GET', `/object/sign/scopes/a.txt?token=${upload}`, { token: null })).status).toBe(400);
    const wrongUpload = await call('PUT', `/object/upload/sign/scopes/a.txt?token=${downloadToken}`, {
      token: null,
      body: 'no',
      headers: { 'content-type': 'text/plain' },
    });
    expect(wrongUpload.status).toBe(400);
    expect((await call('GET', `/object/sign/scopes/a.txt?token=${downloadToken}`, { token: null })).text).toBe('a');
  });
  describe('rls_tests.yaml', () => {
    beforeAll(async () => {
      await bucket('rls');
      await put('rls', 'seen.txt', 'seen');
      await stack.db.exec(`
        update storage.objects set owner = '${uid}' where bucket_id = 'rls';
        create policy "t read own" on storage.objects for select to authenticated using (bucket_id = 'rls' and owner = '${uid}');
        create policy "t insert dept" on storage.objects for insert to authenticated
          with check (bucket_id = 'rls' and user_metadata->>'department' = 'engineering');
      `);
    });
    const form = (meta?: Record<string, unknown>, contentType?: string) => {
      const f = new FormData();
      f.append('file', new Blob(['data'], { type: 'text/plain' }), 'a.txt');
      if (meta) f.append('metadata', JSON.stringify(meta));
      if (contentType) f.append('contentType', contentType);
      return f;
    };

    it('checks a new bucket against RLS before telling that its name is taken', async () => {
      // the caller sees the bucket (so a lookup first would find it) but may not create buckets
      await stack.db.exec(`create policy "t see buckets" on storage.buckets for select to authenticated using (true)`);
      const r = await call('POST', '/bucket', { token: user, body: { name: 'rls' } });
      expect(r.json).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    });

    it('checks an upload against RLS before telling that the object exists', async () => {
      const refused = await call('POST', '/object/rls/seen.txt', { token: user, body: form() });
      expect(refused.json).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
      const taken = await call('POST', '/object/rls/seen.txt', {
        token: user,
        body: form({ department: 'engineering' }),
      });
      expect(taken.json).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    });

    it('empties a bucket for the service role only', async () => {
      const r = await call('POST', '/bucket/rls/empty', { token: user });
      expect(r.status).toBe(403);
      expect(r.json).toMatchObject({
        statusCode: '403',
        error: 'Unauthorized',
        message: 'Access denied: Invalid role',
      });
      expect((await call('GET', '/object/authenticated/rls/seen.txt')).text).toBe('seen');
    });

    it('answers the delete of an object the caller may not delete with Access denied, of a missing one with not found', async () => {
      const denied = await call('DELETE', '/object/rls/seen.txt', { token: user });
      expect(denied.json).toMatchObject({ statusCode: '403', message: 'Access denied' });
      const missing = await call('DELETE', '/object/rls/none.txt', { token: user });
      expect(missing.json).toMatchObject({ statusCode: '404', message: 'Object not found' });
      expect((await call('GET', '/object/authenticated/rls/seen.txt')).text).toBe('seen');
    });

    it('takes the form field contentType as the type a policy and the object see', async () => {
      const r = await call('POST', '/object/rls/typed.png', { body: form(undefined, 'image/png') });
      expect(r.status).toBe(200);
      expect((await call('GET', '/object/info/authenticated/rls/typed.png')).json).toMatchObject({
        content_type: 'image/png',
      });
    });

    it('checks a signed upload URL against RLS with the x-metadata user metadata', async () => {
      const meta = (v: string) => Buffer.from(JSON.stringify({ department: v })).toString('base64');
      const ok = await call('POST', '/object/upload/sign/rls/signed.txt', {
        token: user,
        headers: { 'x-metadata': meta('engineering') },
      });
      expect(ok.status).toBe(200);
      const no = await call('POST', '/object/upload/sign/rls/signed.txt', {
        token: user,
        headers: { 'x-metadata': meta('sales') },
      });
      expect(no.json).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    });

    it('has storage.allow_only_operation and storage.allow_any_operation for policies', async () => {
      await stack.db.exec(`
        create policy "t list only" on storage.objects for select to authenticated
          using (bucket_id = 'rls-ops' and storage.allow_only_operation('object.list'));
        create policy "t list or get" on storage.objects for select to authenticated
          using (bucket_id = 'rls-any' and storage.allow_any_operation(array['object.list', 'storage.object.get_authenticated']));
      `);
      for (const b of ['rls-ops', 'rls-any']) {
        await bucket(b);
        await put(b, 'x.txt', 'x');
      }
      const list = (b: string) =>
        call('POST', `/object/list/${b}`, {
          token: user,
          body: { prefix: '', sortBy: { column: 'name', order: 'asc' } },
        });
      expect(((await list('rls-ops')).json as unknown as { name: string }[]).map((o) => o.name)).toEqual(['x.txt']);
      expect((await call('GET', '/object/authenticated/rls-ops/x.txt', { token: user })).json).toMatchObject({
        statusCode: '404',
      });
      expect(((await list('rls-any')).json as unknown as { name: string }[]).map((o) => o.name)).toEqual(['x.txt']);
      expect((await call('GET', '/object/authenticated/rls-any/x.txt', { token: user })).text).toBe('x');
    });
  });
});
