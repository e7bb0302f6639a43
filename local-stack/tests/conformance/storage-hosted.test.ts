// Storage answers as hosted storage-api does where supabase-js's own storage-js suite
// (conformance/storage-js) found the stack differing (issue 45, item 1): the bucket JSON, the empty-bucket
// message, the error when no token is sent, `list-v2` (flat and delimited listings, cursors, sort columns,
// RLS) and image transformations (`render/image`: width, height, resize modes, quality, format; signed URLs
// carrying their transformations; switched off unless `[storage.image_transformation] enabled`).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { signJwt } from '../../src/jwt.ts';
import { BACKENDS, repoSupabaseDir, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

/** A project folder with the repo's config.toml (no migrations), image transformations on or off. */
function workdirWith(transformations: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-storage-hosted-'));
  const config = fs.readFileSync(path.join(repoSupabaseDir, 'config.toml'), 'utf8');
  fs.writeFileSync(
    path.join(dir, 'config.toml'),
    transformations ? `${config}\n[storage.image_transformation]\nenabled = true\n` : config,
  );
  return dir;
}

/** A 300×200 JPEG with a horizontal gradient (so re-encoding at another quality changes its size). */
const photo = () =>
  sharp(Buffer.from(Array.from({ length: 300 * 200 * 3 }, (_, i) => ((i % 900) * 7 + Math.floor(i / 900) * 3) % 256)), {
    raw: { width: 300, height: 200, channels: 3 },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(BACKENDS)('storage as hosted answers storage-js, on %s', (backend) => {
  let stack: TestStack;
  let workdir = '';
  let service: SupabaseClient;
  let alice: SupabaseClient;
  const aliceId = crypto.randomUUID();

  beforeAll(async () => {
    workdir = workdirWith(true);
    stack = await startTestStack(backend, { seed: false, workdir });
    await stack.db.exec(`
      insert into auth.users (id, email, aud, role) values ('${aliceId}', 'alice@example.com', 'authenticated', 'authenticated');
      create policy "own folder" on storage.objects for all to authenticated
        using (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text))
        with check (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));
    `);
    service = stack.service();
    const jwt = signJwt(
      { sub: aliceId, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 },
      stack.config.auth.jwtSecret,
    );
    alice = createClient(stack.apiUrl, stack.config.auth.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: `Bearer ${jwt}` } },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    expect((await service.storage.createBucket('files', { public: false })).error).toBeNull();
    expect((await service.storage.createBucket('pics', { public: true })).error).toBeNull();
    expect(
      (await service.storage.from('pics').upload('cat.jpg', await photo(), { contentType: 'image/jpeg' })).error,
    ).toBeNull();
    expect(
      (await service.storage.from('pics').upload('notes.txt', 'hello', { contentType: 'text/plain' })).error,
    ).toBeNull();
  });

  afterAll(async () => {
    await stack?.stop();
    if (workdir) fs.rmSync(workdir, { recursive: true, force: true });
  });

  it('renders a bucket as storage-api does: ISO timestamps in milliseconds, `type` only in the list', async () => {
    await stack.db.exec(
      `insert into storage.buckets (id, name, created_at, updated_at) values ('old', 'old', '2021-02-17T04:43:32.770Z', '2021-02-17T04:43:32.770206Z')`,
    );
    const got = await service.storage.getBucket('old');
    expect(got.data).toEqual({
      id: 'old',
      name: 'old',
      owner: null,
      public: false,
      file_size_limit: null,
      allowed_mime_types: null,
      created_at: '2021-02-17T04:43:32.770Z',
      updated_at: '2021-02-17T04:43:32.770Z',
    });
    const list = await service.storage.listBuckets();
    const old = list.data!.find((b) => b.id === 'old');
    expect(old).toEqual({ ...got.data, type: 'STANDARD' });
    expect(list.data!.find((b) => b.id === 'files')?.created_at).toMatch(ISO_MS);
  });

  it('answers emptying a bucket with hosted’s words, and empties it', async () => {
    expect((await service.storage.createBucket('scratch')).error).toBeNull();
    expect((await service.storage.from('scratch').upload('a.txt', 'a')).error).toBeNull();
    const res = await service.storage.emptyBucket('scratch');
    expect(res).toEqual({
      data: { message: 'Empty bucket has been queued. Completion may take up to an hour.' },
      error: null,
    });
    expect((await service.storage.from('scratch').list()).data).toEqual([]);
  });

  it('refuses a request without a token as storage-api does ("Invalid Compact JWS")', async () => {
    // what `new StorageClient(url)` (no headers at all) sends
    const r = await fetch(`${stack.apiUrl}/storage/v1/bucket`);
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({
      statusCode: '403',
      code: 'AccessDenied',
      error: 'Unauthorized',
      message: 'Invalid Compact JWS',
    });
  });

  describe('list-v2', () => {
    const names = ['zz', 'bb', 'xx', 'ww', 'cc', 'aa', 'yy', 'oo'];
    const dir = () => `${aliceId}/v2`;

    beforeAll(async () => {
      const s = alice.storage.from('files');
      // one at a time, a few milliseconds apart: created_at orders them as uploaded
      for (const n of names) {
        expect((await s.upload(`${dir()}/f-${n}.txt`, n)).error).toBeNull();
        await new Promise((r) => setTimeout(r, 5));
      }
      for (const p of ['sub/one.txt', 'sub/deeper/two.txt', 'sub2/three.txt'])
        expect((await s.upload(`${dir()}/${p}`, p)).error).toBeNull();
    });

    it('lists every object under a prefix, flat, without a delimiter', async () => {
      const res = await alice.storage.from('files').listV2({ prefix: `${dir()}/f-` });
      expect(res.error).toBeNull();
      expect(res.data).toMatchObject({ hasNext: false, folders: [] });
      expect(res.data!.objects.map((o) => o.name)).toEqual(names.map((n) => `${dir()}/f-${n}.txt`).sort());
      expect(res.data!.objects[0]).toMatchObject({
        id: expect.any(String),
        metadata: expect.objectContaining({ size: 2 }),
      });
      const all = await alice.storage.from('files').listV2({ prefix: dir() });
      expect(all.data!.objects).toHaveLength(names.length + 3);
    });

    it('folds sub-folders with a delimiter: folders as `name/` with their key, objects keyed by their last part', async () => {
      const res = await alice.storage.from('files').listV2({ prefix: `${dir()}/`, with_delimiter: true });
      expect(res.error).toBeNull();
      expect(res.data!.folders).toEqual([
        expect.objectContaining({ key: 'sub', name: `${dir()}/sub/`, id: null }),
        expect.objectContaining({ key: 'sub2', name: `${dir()}/sub2/`, id: null }),
      ]);
      expect(res.data!.objects.map((o) => [o.key, o.name])).toEqual(
        [...names].sort().map((n) => [`f-${n}.txt`, `${dir()}/f-${n}.txt`]),
      );
      const top = await alice.storage.from('files').listV2({ with_delimiter: true });
      expect(top.data).toMatchObject({ hasNext: false, objects: [], folders: [{ key: aliceId, name: `${aliceId}/` }] });
    });

    it('pages with a cursor in every sort order, and RLS decides what is listed', async () => {
      const orders: [Parameters<ReturnType<SupabaseClient['storage']['from']>['listV2']>[0], string[]][] = [
        [{}, [...names].sort()],
        [{ sortBy: { column: 'name', order: 'desc' } }, [...names].sort().reverse()],
        [{ sortBy: { column: 'created_at', order: 'asc' } }, [...names]],
        [{ sortBy: { column: 'created_at', order: 'desc' } }, [...names].reverse()],
        [{ sortBy: { column: 'updated_at' } }, [...names]],
      ];
      for (const [opts, expected] of orders) {
        const seen: string[] = [];
        let cursor: string | undefined;
        let pages = 0;
        for (;;) {
          const res = await alice.storage
            .from('files')
            .listV2({ ...opts, prefix: `${dir()}/f-`, with_delimiter: true, limit: 3, ...(cursor ? { cursor } : {}) });
          expect(res.error).toBeNull();
          seen.push(...res.data!.objects.map((o) => o.name));
          pages++;
          if (!res.data!.hasNext) break;
          cursor = res.data!.nextCursor;
          expect(cursor).toEqual(expect.any(String));
        }
        expect(seen, JSON.stringify(opts)).toEqual(expected.map((n) => `${dir()}/f-${n}.txt`));
        expect(pages).toBe(3);
      }
      // a cursor past a folder skips everything in it
      const first = await alice.storage.from('files').listV2({ prefix: `${dir()}/`, with_delimiter: true, limit: 9 });
      expect(first.data!.objects).toHaveLength(8);
      expect(first.data!.folders.map((f) => f.name)).toEqual([`${dir()}/sub/`]);
      const rest = await alice.storage
        .from('files')
        .listV2({ prefix: `${dir()}/`, with_delimiter: true, cursor: first.data!.nextCursor });
      expect(rest.data).toMatchObject({ hasNext: false, objects: [], folders: [{ name: `${dir()}/sub2/` }] });

      const anon = await stack.anon().storage.from('files').listV2({ prefix: dir() });
      expect(anon.data).toEqual({ hasNext: false, folders: [], objects: [] });
      // as storage-api: a bucket that does not exist lists nothing
      const missing = await service.storage.from('nope').listV2();
      expect(missing).toEqual({ data: { hasNext: false, folders: [], objects: [] }, error: null });
      const bad = await service.storage.from('files').listV2({ cursor: 'not a cursor' });
      expect(bad.error).toMatchObject({ statusCode: '400', message: 'Invalid Parameter continuation token' });
    });
  });

  describe('render/image', () => {
    const meta = async (blob: Blob | null) => sharp(Buffer.from(await blob!.arrayBuffer())).metadata();

    it('resizes an authenticated image: cover crops to the box, contain fits inside it, fill stretches', async () => {
      const pics = service.storage.from('pics');
      const cover = await pics.download('cat.jpg', { transform: { width: 100, height: 100 } });
      expect(cover.error).toBeNull();
      expect(cover.data!.type).toBe('image/jpeg');
      expect(await meta(cover.data)).toMatchObject({ format: 'jpeg', width: 100, height: 100 });
      const contain = await pics.download('cat.jpg', { transform: { width: 100, height: 100, resize: 'contain' } });
      expect(await meta(contain.data)).toMatchObject({ width: 100, height: 67 });
      const fill = await pics.download('cat.jpg', { transform: { width: 100, height: 50, resize: 'fill' } });
      expect(await meta(fill.data)).toMatchObject({ width: 100, height: 50 });
      const widthOnly = await pics.download('cat.jpg', { transform: { width: 150 } });
      expect(await meta(widthOnly.data)).toMatchObject({ width: 150, height: 100 });
      // never enlarged (imgproxy's default)
      const big = await pics.download('cat.jpg', { transform: { width: 1200, resize: 'contain' } });
      expect(await meta(big.data)).toMatchObject({ width: 300, height: 200 });
    });

    it('converts to webp or avif, keeps the origin format, and re-encodes at the quality asked', async () => {
      const pics = service.storage.from('pics');
      const webp = await pics.download('cat.jpg', { transform: { width: 100, format: 'webp' } as never });
      expect(webp.data!.type).toBe('image/webp');
      expect((await meta(webp.data)).format).toBe('webp');
      const avif = await pics.download('cat.jpg', { transform: { width: 100, format: 'avif' } as never });
      expect(avif.data!.type).toBe('image/avif');
      const origin = await pics.download('cat.jpg', { transform: { width: 100, format: 'origin' } });
      expect(origin.data!.type).toBe('image/jpeg');
      // a browser that accepts WebP gets WebP unless the origin format is asked (the CLI's imgproxy detects it)
      const url = `${stack.apiUrl}/storage/v1/render/image/public/pics/cat.jpg?width=50`;
      const accept = { headers: { Accept: 'image/avif,image/webp,*/*' } };
      expect((await fetch(url, accept)).headers.get('content-type')).toBe('image/webp');
      expect((await fetch(`${url}&format=origin`, accept)).headers.get('content-type')).toBe('image/jpeg');
      expect((await fetch(url)).headers.get('content-type')).toBe('image/jpeg');
      const low = await pics.download('cat.jpg', { transform: { width: 300, quality: 20 } });
      const high = await pics.download('cat.jpg', { transform: { width: 300, quality: 100 } });
      expect(low.data!.size).toBeLessThan(high.data!.size);
    });

    it('serves public and signed transformed images; a signed URL carries its transformations', async () => {
      const { data } = service.storage.from('pics').getPublicUrl('cat.jpg', { transform: { width: 60, height: 40 } });
      expect(data.publicUrl).toContain('/render/image/public/pics/cat.jpg');
      const pub = await fetch(data.publicUrl);
      expect(pub.status).toBe(200);
      expect(pub.headers.get('x-transformations')).toBe('height:40,width:60,resizing_type:fill');
      expect(await sharp(Buffer.from(await pub.arrayBuffer())).metadata()).toMatchObject({ width: 60, height: 40 });

      const signed = await service.storage
        .from('pics')
        .createSignedUrl('cat.jpg', 60, { transform: { width: 200, height: 200, quality: 60 } });
      expect(signed.error).toBeNull();
      expect(signed.data!.signedUrl).toContain('/render/image/sign/pics/cat.jpg?token=');
      const r = await fetch(signed.data!.signedUrl);
      expect(r.status).toBe(200);
      expect(Number(r.headers.get('content-length'))).toBeGreaterThan(0);
      expect(r.headers.get('x-transformations')).toBe('height:200,width:200,resizing_type:fill,quality:60');
      // transformations in the query of a signed URL are ignored: the token decides
      const tampered = await fetch(`${signed.data!.signedUrl}&width=10`);
      expect(await sharp(Buffer.from(await tampered.arrayBuffer())).metadata()).toMatchObject({ width: 200 });
      // a signed URL for another object does not open this one
      const other = new URL(signed.data!.signedUrl);
      other.pathname = other.pathname.replace('cat.jpg', 'notes.txt');
      expect((await fetch(other)).status).toBe(400);
    });

    it('refuses what it cannot render, within RLS, with storage-api’s errors', async () => {
      const notImage = await service.storage.from('pics').download('notes.txt', { transform: { width: 10 } });
      expect(notImage.error).toMatchObject({ statusCode: '400' });
      const badQuality = await fetch(`${stack.apiUrl}/storage/v1/render/image/public/pics/cat.jpg?quality=5`);
      expect(badQuality.status).toBe(400);
      expect(await badQuality.json()).toMatchObject({
        statusCode: '400',
        message: 'querystring/quality must be >= 20',
      });
      const missing = await service.storage.from('pics').download('nope.jpg', { transform: { width: 10 } });
      expect(missing.error).toMatchObject({ statusCode: '404' });
      const privateRender = await stack
        .anon()
        .storage.from('files')
        .download(`${aliceId}/v2/f-aa.txt`, { transform: { width: 10 } });
      expect(privateRender.error).toMatchObject({ statusCode: '404' });
    });
  });
});

describe('render/image switched off (no [storage.image_transformation] in config.toml)', () => {
  let stack: TestStack;
  let workdir = '';
  afterAll(async () => {
    await stack?.stop();
    if (workdir) fs.rmSync(workdir, { recursive: true, force: true });
  });

  it('has no render routes and signs plain object URLs', async () => {
    workdir = workdirWith(false);
    stack = await startTestStack('pglite', { seed: false, workdir });
    const service = stack.service();
    expect((await service.storage.createBucket('pics', { public: true })).error).toBeNull();
    expect(
      (await service.storage.from('pics').upload('cat.jpg', await photo(), { contentType: 'image/jpeg' })).error,
    ).toBeNull();
    const r = await fetch(`${stack.apiUrl}/storage/v1/render/image/public/pics/cat.jpg?width=10`);
    expect(r.status).toBe(404);
    const signed = await service.storage.from('pics').createSignedUrl('cat.jpg', 60, { transform: { width: 10 } });
    expect(signed.data!.signedUrl).toContain('/object/sign/pics/cat.jpg?token=');
  });
});
