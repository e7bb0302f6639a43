// Storage through the real storage-js client: buckets (service role), uploads (raw and multipart),
// downloads, public URLs, signed URLs, listing, move/copy/remove, bucket limits, RLS policies on
// storage.objects per user, error shapes, and refusal of path traversal and bad tokens.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { signJwt } from '../../src/jwt.ts';
import { BACKENDS, repoSupabaseDir, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

// A project folder with the repo's config.toml and no migrations: the fixtures below are the only schema.
function bareWorkdir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-storage-'));
  fs.copyFileSync(path.join(repoSupabaseDir, 'config.toml'), path.join(dir, 'config.toml'));
  return dir;
}

type StorageErr = { status?: number; statusCode?: string; message: string } | null;
const errOf = (e: unknown) => e as StorageErr;

describe.each(BACKENDS)('storage on %s', (backend) => {
  let stack: TestStack;
  let workdir = '';
  let service: SupabaseClient;
  let alice: SupabaseClient;
  let bob: SupabaseClient;
  let anon: SupabaseClient;
  const aliceId = crypto.randomUUID();
  const bobId = crypto.randomUUID();

  const token = (sub: string, ttl = 3600, secret?: string) =>
    signJwt(
      {
        sub,
        role: 'authenticated',
        aud: 'authenticated',
        exp: Math.floor(Date.now() / 1000) + ttl,
        session_id: crypto.randomUUID(),
      },
      secret ?? stack.config.auth.jwtSecret,
    );
  const asUser = (jwt: string) =>
    createClient(stack.apiUrl, stack.config.auth.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: `Bearer ${jwt}` } },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });

  beforeAll(async () => {
    workdir = bareWorkdir();
    stack = await startTestStack(backend, { seed: false, workdir });
    await stack.db.exec(`
      insert into auth.users (id, email, aud, role) values
        ('${aliceId}', 'alice@example.com', 'authenticated', 'authenticated'),
        ('${bobId}', 'bob@example.com', 'authenticated', 'authenticated');
      create policy "Users manage files in their own folder" on storage.objects for all to authenticated
        using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text))
        with check (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));
      create policy "Anyone reads logos" on storage.objects for select to anon, authenticated using (bucket_id = 'logos');
      create policy "Users upload logos" on storage.objects for insert to authenticated with check (bucket_id = 'logos');
    `);
    service = stack.service();
    alice = asUser(token(aliceId));
    bob = asUser(token(bobId));
    anon = stack.anon();
    const a = await service.storage.createBucket('private', { public: false });
    expect(a.error).toBeNull();
    const b = await service.storage.createBucket('logos', {
      public: true,
      fileSizeLimit: 1024,
      allowedMimeTypes: ['image/png', 'image/svg+xml'],
    });
    expect(b.error).toBeNull();
  });

  afterAll(async () => {
    await stack?.stop();
    if (workdir) fs.rmSync(workdir, { recursive: true, force: true });
  });

  it('manages buckets for the service role only', async () => {
    const got = await service.storage.getBucket('logos');
    expect(got.data).toMatchObject({
      id: 'logos',
      name: 'logos',
      public: true,
      file_size_limit: 1024,
      allowed_mime_types: ['image/png', 'image/svg+xml'],
    });
    const list = await service.storage.listBuckets();
    expect(list.data?.map((x) => x.id).sort()).toEqual(['logos', 'private']);
    const dup = await service.storage.createBucket('logos');
    expect(errOf(dup.error)).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const denied = await alice.storage.createBucket('mine');
    expect(errOf(denied.error)).toMatchObject({
      statusCode: '403',
      message: expect.stringMatching(/row-level security/),
    });
    expect((await anon.storage.listBuckets()).data).toEqual([]);
    const missing = await service.storage.getBucket('nope');
    expect(errOf(missing.error)).toMatchObject({ statusCode: '404', message: 'Bucket not found' });

    expect((await service.storage.createBucket('scratch', { public: false, fileSizeLimit: '1MB' })).error).toBeNull();
    expect((await service.storage.getBucket('scratch')).data?.file_size_limit).toBe(1_000_000);
    expect((await service.storage.updateBucket('scratch', { public: true })).error).toBeNull();
    expect((await service.storage.getBucket('scratch')).data?.public).toBe(true);
    expect((await service.storage.from('scratch').upload('x.txt', 'x')).error).toBeNull();
    const notEmpty = await service.storage.deleteBucket('scratch');
    expect(errOf(notEmpty.error)).toMatchObject({ statusCode: '409' });
    expect((await service.storage.emptyBucket('scratch')).error).toBeNull();
    expect((await service.storage.deleteBucket('scratch')).error).toBeNull();
    expect(errOf((await service.storage.getBucket('scratch')).error)).toMatchObject({ statusCode: '404' });
  });

  it('uploads (raw and multipart) and downloads as the caller, within their RLS policies', async () => {
    const body = Buffer.from('alice says hi');
    const up = await alice.storage
      .from('private')
      .upload(`${aliceId}/hello.txt`, body, { contentType: 'text/plain', cacheControl: '60' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: `${aliceId}/hello.txt`, fullPath: `private/${aliceId}/hello.txt` });
    expect(up.data?.id).toMatch(/^[0-9a-f-]{36}$/);
    const blob = await alice.storage
      .from('private')
      .upload(`${aliceId}/photo.png`, new Blob([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], { type: 'image/png' }));
    expect(blob.error).toBeNull();

    const dl = await alice.storage.from('private').download(`${aliceId}/hello.txt`);
    expect(dl.error).toBeNull();
    expect(await dl.data!.text()).toBe('alice says hi');
    expect(dl.data!.type).toBe('text/plain');
    const png = await alice.storage.from('private').download(`${aliceId}/photo.png`);
    expect(png.data!.type).toBe('image/png');
    expect([...new Uint8Array(await png.data!.arrayBuffer())]).toEqual([137, 80, 78, 71, 1, 2, 3]);
    const raw = await fetch(`${stack.apiUrl}/storage/v1/object/authenticated/private/${aliceId}/hello.txt`, {
      headers: { apikey: stack.config.auth.anonKey, Authorization: `Bearer ${token(aliceId)}` },
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('cache-control')).toBe('max-age=60');
    expect(raw.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);

    // Bob may neither read Alice's file nor write into her folder; anon sees nothing.
    const bobRead = await bob.storage.from('private').download(`${aliceId}/hello.txt`);
    expect(errOf(bobRead.error)).toMatchObject({ status: 400 });
    const bobReadRaw = await fetch(`${stack.apiUrl}/storage/v1/object/private/${aliceId}/hello.txt`, {
      headers: { apikey: stack.config.auth.anonKey, Authorization: `Bearer ${token(bobId)}` },
    });
    expect(await bobReadRaw.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchKey',
      error: 'not_found',
      message: 'Object not found',
    });
    const bobWrite = await bob.storage.from('private').upload(`${aliceId}/evil.txt`, 'x');
    expect(errOf(bobWrite.error)).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect((await anon.storage.from('private').upload('anon.txt', 'x')).error).not.toBeNull();
    expect(await alice.storage.from('private').exists(`${aliceId}/hello.txt`)).toMatchObject({ data: true });
    expect((await bob.storage.from('private').exists(`${aliceId}/hello.txt`)).data).toBe(false);
    expect((await alice.storage.from('private').info(`${aliceId}/hello.txt`)).data).toMatchObject({
      size: 13,
      contentType: 'text/plain',
    });
  });

  it('refuses duplicates unless upserting, and replaces content on upsert and update', async () => {
    const path = `${aliceId}/dup.txt`;
    expect((await alice.storage.from('private').upload(path, 'one', { contentType: 'text/plain' })).error).toBeNull();
    const dup = await alice.storage.from('private').upload(path, 'two', { contentType: 'text/plain' });
    expect(errOf(dup.error)).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' });
    expect(
      (await alice.storage.from('private').upload(path, 'three', { upsert: true, contentType: 'text/plain' })).error,
    ).toBeNull();
    expect(await (await alice.storage.from('private').download(path)).data!.text()).toBe('three');
    expect((await alice.storage.from('private').update(path, 'four', { contentType: 'text/plain' })).error).toBeNull();
    expect(await (await alice.storage.from('private').download(path)).data!.text()).toBe('four');
    // Bob cannot overwrite it by upserting either.
    const bobUpsert = await bob.storage.from('private').upload(path, 'bob', { upsert: true });
    expect(errOf(bobUpsert.error)).toMatchObject({ statusCode: '403' });
    expect(await (await alice.storage.from('private').download(path)).data!.text()).toBe('four');
  });

  it('enforces bucket size and MIME limits and serves public buckets without a token', async () => {
    const big = await alice.storage
      .from('logos')
      .upload('big.png', new Blob([new Uint8Array(2048)], { type: 'image/png' }));
    expect(errOf(big.error)).toMatchObject({
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size',
    });
    const bigRaw = await alice.storage
      .from('logos')
      .upload('big2.png', Buffer.alloc(2048), { contentType: 'image/png' });
    expect(errOf(bigRaw.error)).toMatchObject({ statusCode: '413' });
    const wrongType = await alice.storage
      .from('logos')
      .upload('logo.gif', Buffer.from('GIF89a'), { contentType: 'image/gif' });
    expect(errOf(wrongType.error)).toMatchObject({
      statusCode: '415',
      message: 'mime type image/gif is not supported',
    });
    const ok = await alice.storage
      .from('logos')
      .upload('hotel/logo.png', Buffer.from('png-bytes'), { contentType: 'image/png' });
    expect(ok.error).toBeNull();

    const { data } = anon.storage.from('logos').getPublicUrl('hotel/logo.png');
    const pub = await fetch(data.publicUrl);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('content-type')).toBe('image/png');
    expect(await pub.text()).toBe('png-bytes');
    const privatePub = await fetch(`${stack.apiUrl}/storage/v1/object/public/private/${aliceId}/hello.txt`);
    expect(privatePub.status).toBe(400);
    expect(await privatePub.json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });

  it('signs URLs only for objects the caller can read; signed URLs expire and resist tampering', async () => {
    const path = `${aliceId}/signed.txt`;
    await alice.storage.from('private').upload(path, 'secret bytes', { contentType: 'text/plain' });
    const signed = await alice.storage.from('private').createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('secret bytes');
    const other = signed.data!.signedUrl.replace('signed.txt', 'hello.txt');
    expect((await fetch(other)).status).toBe(400);
    const tampered = signed.data!.signedUrl.slice(0, -3) + 'abc';
    expect((await fetch(tampered)).status).toBe(400);
    const bobSign = await bob.storage.from('private').createSignedUrl(path, 60);
    expect(errOf(bobSign.error)).toMatchObject({ statusCode: '404' });
    const many = await alice.storage.from('private').createSignedUrls([path, `${bobId}/none.txt`], 60);
    expect(many.data?.map((d) => [d.path, d.error === null])).toEqual([
      [path, true],
      [`${bobId}/none.txt`, false],
    ]);

    const short = await alice.storage.from('private').createSignedUrl(path, 1);
    const deadline = Date.now() + 10_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await fetch(short.data!.signedUrl)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(400);
  });

  it('issues signed upload URLs only to callers allowed to insert, and uploads with them without a session', async () => {
    const path = `${aliceId}/via-signed-upload.txt`;
    const signed = await alice.storage.from('private').createSignedUploadUrl(path);
    expect(signed.error).toBeNull();
    const up = await anon.storage
      .from('private')
      .uploadToSignedUrl(path, signed.data!.token, Buffer.from('uploaded by link'), { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    expect(up.data?.fullPath).toBe(`private/${path}`);
    expect(await (await alice.storage.from('private').download(path)).data!.text()).toBe('uploaded by link');
    const { rows } = await stack.db.query<{ owner_id: string }>(
      'select owner_id from storage.objects where bucket_id = $1 and name = $2',
      ['private', path],
    );
    expect(rows[0]?.owner_id).toBe(aliceId);
    const reuse = await anon.storage
      .from('private')
      .uploadToSignedUrl(`${aliceId}/other.txt`, signed.data!.token, Buffer.from('x'));
    expect(errOf(reuse.error)).toMatchObject({ status: 400 });
    const bobSigns = await bob.storage.from('private').createSignedUploadUrl(`${aliceId}/bob.txt`);
    expect(errOf(bobSigns.error)).toMatchObject({ statusCode: '403' });
    expect(
      (await stack.db.query('select 1 from storage.objects where name = $1', [`${aliceId}/bob.txt`])).rows,
    ).toEqual([]);
  });

  it('lists folders and files like storage-js expects, with paging, sorting, search and RLS', async () => {
    const s = alice.storage.from('private');
    for (const p of ['list/a.txt', 'list/docs/b.txt', 'list/docs/c.txt', 'list/docs/deep/d.txt', 'list/e.txt']) {
      expect((await s.upload(`${aliceId}/${p}`, p, { contentType: 'text/plain' })).error).toBeNull();
    }
    const top = await s.list(`${aliceId}/list`);
    expect(top.error).toBeNull();
    expect(top.data!.map((i) => [i.name, i.id === null])).toEqual([
      ['a.txt', false],
      ['docs', true],
      ['e.txt', false],
    ]);
    const file = top.data!.find((i) => i.name === 'a.txt')!;
    expect(file.metadata).toMatchObject({ size: 10, mimetype: 'text/plain' });
    expect(typeof file.created_at).toBe('string');
    const docs = await s.list(`${aliceId}/list/docs`, { limit: 1, offset: 1 });
    expect(docs.data!.map((i) => i.name)).toEqual(['c.txt']);
    const desc = await s.list(`${aliceId}/list/docs`, { sortBy: { column: 'name', order: 'desc' } });
    expect(desc.data!.map((i) => i.name)).toEqual(['deep', 'c.txt', 'b.txt']);
    const search = await s.list(`${aliceId}/list`, { search: 'e' });
    expect(search.data!.map((i) => i.name)).toEqual(['e.txt']);
    const root = await s.list();
    expect(root.data!.map((i) => i.name)).toEqual([aliceId]);
    expect((await bob.storage.from('private').list(`${aliceId}/list`)).data).toEqual([]);
  });

  it('moves, copies and removes within the caller’s policies', async () => {
    const s = alice.storage.from('private');
    await s.upload(`${aliceId}/m/src.txt`, 'movable', { contentType: 'text/plain' });
    expect((await s.move(`${aliceId}/m/src.txt`, `${aliceId}/m/dst.txt`)).error).toBeNull();
    expect(errOf((await s.download(`${aliceId}/m/src.txt`)).error)).not.toBeNull();
    expect(await (await s.download(`${aliceId}/m/dst.txt`)).data!.text()).toBe('movable');
    const intoBob = await s.move(`${aliceId}/m/dst.txt`, `${bobId}/stolen.txt`);
    expect(errOf(intoBob.error)).toMatchObject({ statusCode: '403' });
    const bobMove = await bob.storage.from('private').move(`${aliceId}/m/dst.txt`, `${bobId}/x.txt`);
    expect(errOf(bobMove.error)).toMatchObject({ statusCode: '404' });

    const copy = await s.copy(`${aliceId}/m/dst.txt`, `${aliceId}/m/copy.txt`);
    expect(copy.error).toBeNull();
    expect(copy.data).toEqual({ path: `private/${aliceId}/m/copy.txt` });
    expect(await (await s.download(`${aliceId}/m/copy.txt`)).data!.text()).toBe('movable');
    expect(errOf((await s.copy(`${aliceId}/m/dst.txt`, `${aliceId}/m/copy.txt`)).error)).toMatchObject({
      statusCode: '409',
    });

    const bobRemove = await bob.storage.from('private').remove([`${aliceId}/m/dst.txt`]);
    expect(bobRemove.data).toEqual([]);
    const removed = await s.remove([`${aliceId}/m/dst.txt`, `${aliceId}/m/copy.txt`, `${aliceId}/m/never.txt`]);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((o) => o.name).sort()).toEqual([`${aliceId}/m/copy.txt`, `${aliceId}/m/dst.txt`]);
    expect(errOf((await s.download(`${aliceId}/m/copy.txt`)).error)).not.toBeNull();
  });

  it('refuses path traversal, NUL bytes and bad tokens', async () => {
    const rawPost = (path: string, auth: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const u = new URL(stack.apiUrl);
        const req = http.request(
          {
            host: u.hostname,
            port: u.port,
            method: 'POST',
            path,
            headers: {
              apikey: stack.config.auth.anonKey,
              Authorization: `Bearer ${auth}`,
              'content-type': 'text/plain',
            },
          },
          (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
        req.end('x');
      });
    const svc = stack.config.auth.serviceRoleKey;
    // Dot segments are resolved by URL parsing before routing, so they can only land in another
    // (missing) bucket; whatever the route, nothing may be stored.
    for (const p of [
      `/storage/v1/object/private/${aliceId}/../../passwd`,
      `/storage/v1/object/private/a/%2e%2e/%2e%2e/passwd`,
    ]) {
      const r = await rawPost(p, svc);
      expect([400, 404], p).toContain(r.status);
    }
    const stored = await stack.db.query(
      `select name from storage.objects where name like '%passwd%' or name like '%..%'`,
    );
    expect(stored.rows).toEqual([]);
    for (const p of [
      `/storage/v1/object/private/a%00b`,
      `/storage/v1/object/private//abs`,
      `/storage/v1/object/private/a/%2E%2E%5Cb`,
    ]) {
      const r = await rawPost(p, svc);
      expect(r.status, p).toBe(400);
      expect(JSON.parse(r.body), p).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    }
    const move = await service.storage.from('private').move(`${aliceId}/hello.txt`, '../outside.txt');
    expect(errOf(move.error)).toMatchObject({ statusCode: '400' });

    const expired = await asUser(token(aliceId, -10)).storage.from('private').download(`${aliceId}/hello.txt`);
    expect(errOf(expired.error)).toMatchObject({ status: 400 });
    const forged = await rawPost(
      `/storage/v1/object/private/${aliceId}/forged.txt`,
      token(aliceId, 3600, 'another-secret-that-is-at-least-32-characters'),
    );
    // storage-api refuses a token it cannot verify as AccessDenied, with jose's words
    expect(JSON.parse(forged.body)).toMatchObject({
      statusCode: '403',
      error: 'Unauthorized',
      message: 'signature verification failed',
    });
    const none = signJwt({ sub: aliceId, role: 'service_role' }, 'x', { alg: 'none', typ: 'JWT' });
    expect(JSON.parse((await rawPost(`/storage/v1/object/private/${aliceId}/none.txt`, none)).body)).toMatchObject({
      statusCode: '403',
      error: 'Unauthorized',
    });
  });
});
