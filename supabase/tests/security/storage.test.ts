// Security of stored files (issue #26), through the real supabase-js client against the local stack with
// the project's migrations and seed, on PGlite and on PostgreSQL:
// - no active content (SVG with script, HTML) gets into the public buckets, whatever type or name it claims;
// - every served object carries `nosniff` and a sandboxing Content-Security-Policy;
// - move and copy obey the destination bucket's types and size limit and change nothing when refused;
// - an anonymous (or unrelated) caller's listing reveals no user ids and nothing of hidden hotels.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../types/database.ts';
import WebSocket from 'ws';
import { signJwt } from '@guestmap/local-stack/src/jwt.ts';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { HOTEL_A, USERS } from '../database/support.ts';

afterAll(stopPgServer);

const HIDDEN = 'storage-hidden-hotel';
const SVG_WITH_SCRIPT =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>alert(1)</script><rect width="10" height="10"/></svg>';
const HTML_WITH_SCRIPT = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';
// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type StorageErr = { statusCode?: string; message: string } | null;
const errOf = (e: unknown) => e as StorageErr;

describe.each(BACKENDS)('stored files on %s', (backend) => {
  let s: TestStack;
  let service: SupabaseClient<Database>;
  let anon: SupabaseClient<Database>;
  let moderatorA: SupabaseClient<Database>;
  let innkeeper: SupabaseClient<Database>;
  let traveller: SupabaseClient<Database>;
  let guest: SupabaseClient<Database>;

  const asUser = (sub: string) =>
    createClient<Database>(s.apiUrl, s.config.auth.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: {
        headers: {
          Authorization: `Bearer ${signJwt(
            {
              sub,
              role: 'authenticated',
              aud: 'authenticated',
              exp: Math.floor(Date.now() / 1000) + 3600,
              session_id: crypto.randomUUID(),
              is_anonymous: false,
            },
            s.config.auth.jwtSecret,
          )}`,
        },
      },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
  const rowsIn = async (bucket: string) =>
    (
      await s.db.query<{ name: string }>('select name from storage.objects where bucket_id = $1 order by name', [
        bucket,
      ])
    ).rows.map((r) => r.name);

  beforeAll(async () => {
    s = await startTestStack(backend);
    service = s.service();
    anon = s.anon();
    moderatorA = asUser(USERS.moderator);
    innkeeper = asUser(USERS.innkeeper);
    traveller = asUser(USERS.traveller);
    guest = asUser(USERS.guest);
    // A hotel that is not public, moderated by the innkeeper (moderator of hotel B).
    await s.db.exec(`
      insert into public.customers (id, kind, name, latitude, longitude, package, is_public, created_by)
        values ('${HIDDEN}', 'hotel', 'Hidden Storage Hotel', 10.78, 106.70, 'basic', false, '${USERS.innkeeper}');
      insert into public.customer_moderators (customer_id, user_id) values ('${HIDDEN}', '${USERS.innkeeper}');
    `);
    // A private bucket with no limits, to move and copy from (the service role manages it).
    expect((await service.storage.createBucket('scratch', { public: false })).error).toBeNull();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('refuses SVG with script and HTML in the public buckets, whatever type or name they claim', async () => {
    const logos = moderatorA.storage.from('logos');
    const attempts: [string, string | Buffer, string][] = [
      [`${HOTEL_A}/logo.svg`, SVG_WITH_SCRIPT, 'image/svg+xml'],
      [`${HOTEL_A}/logo-lying-type.svg`, SVG_WITH_SCRIPT, 'image/png'],
      [`${HOTEL_A}/logo-lying-name.png`, SVG_WITH_SCRIPT, 'image/png'],
      [`${HOTEL_A}/logo-lying-both.png`, `\n  ${SVG_WITH_SCRIPT}`, 'image/webp'],
      [`${HOTEL_A}/page.html`, HTML_WITH_SCRIPT, 'image/png'],
      [`${HOTEL_A}/page-lying-name.png`, HTML_WITH_SCRIPT, 'image/jpeg'],
    ];
    for (const [path, body, contentType] of attempts) {
      const res = await logos.upload(path, body, { contentType });
      expect(res.error, `${path} as ${contentType}`).not.toBeNull();
    }
    // A file field that names itself logo.svg (multipart, as a browser's <input type=file> sends it).
    const file = new File([SVG_WITH_SCRIPT], 'logo.svg', { type: 'image/svg+xml' });
    expect((await logos.upload(`${HOTEL_A}/picked.svg`, file)).error).not.toBeNull();
    expect(
      (
        await innkeeper.storage
          .from('photos')
          .upload(`${HIDDEN}/x.svg`, SVG_WITH_SCRIPT, { contentType: 'image/svg+xml' })
      ).error,
    ).not.toBeNull();
    expect(
      (
        await traveller.storage
          .from('avatars')
          .upload(`${USERS.traveller}/me.svg`, SVG_WITH_SCRIPT, { contentType: 'image/svg+xml' })
      ).error,
    ).not.toBeNull();
    expect((await rowsIn('logos')).filter((n) => n.startsWith(`${HOTEL_A}/`))).toEqual([]);

    // The bucket says so too (also what hosted storage enforces on upload).
    const bucket = await service.storage.getBucket('logos');
    expect(bucket.data?.allowed_mime_types).not.toContain('image/svg+xml');

    // Renaming a stored image to .svg is refused as well.
    expect((await logos.upload(`${HOTEL_A}/ok.png`, PNG, { contentType: 'image/png' })).error).toBeNull();
    const renamed = await logos.move(`${HOTEL_A}/ok.png`, `${HOTEL_A}/ok.svg`);
    expect(renamed.error).not.toBeNull();
    expect((await rowsIn('logos')).filter((n) => n.startsWith(`${HOTEL_A}/`))).toEqual([`${HOTEL_A}/ok.png`]);
    expect((await logos.remove([`${HOTEL_A}/ok.png`])).error).toBeNull();
  });

  it('serves every stored object with nosniff and a sandboxing Content-Security-Policy', async () => {
    const path = `${HOTEL_A}/served-${Date.now()}.png`;
    expect((await moderatorA.storage.from('logos').upload(path, PNG, { contentType: 'image/png' })).error).toBeNull();
    const publicUrl = anon.storage.from('logos').getPublicUrl(path).data.publicUrl;
    const signed = await moderatorA.storage.from('logos').createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const token = signJwt(
      { sub: USERS.moderator, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 },
      s.config.auth.jwtSecret,
    );
    const answers = [
      await fetch(publicUrl),
      await fetch(publicUrl, { method: 'HEAD' }),
      await fetch(`${publicUrl}?download`),
      await fetch(signed.data!.signedUrl),
      await fetch(`${s.apiUrl}/storage/v1/object/authenticated/logos/${path}`, {
        headers: { Authorization: `Bearer ${token}`, apikey: s.config.auth.anonKey },
      }),
    ];
    for (const r of answers) {
      expect(r.status, r.url).toBe(200);
      expect(r.headers.get('x-content-type-options'), r.url).toBe('nosniff');
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, r.url).toMatch(/(^|;)\s*default-src 'none'\s*(;|$)/);
      expect(csp, r.url).toMatch(/(^|;)\s*sandbox\s*(;|$)/);
      expect(csp, r.url).not.toMatch(/script-src/);
    }
    expect(answers[0]!.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await answers[0]!.arrayBuffer()).equals(PNG)).toBe(true);

    // Where a bucket does accept markup (the service role's unrestricted bucket), HTML is served as
    // plain text, as hosted Storage does, and SVG only under the sandbox.
    const scratch = service.storage.from('scratch');
    expect((await scratch.upload('page.html', HTML_WITH_SCRIPT, { contentType: 'text/html' })).error).toBeNull();
    expect((await scratch.upload('pic.svg', SVG_WITH_SCRIPT, { contentType: 'image/svg+xml' })).error).toBeNull();
    const html = await fetch((await scratch.createSignedUrl('page.html', 60)).data!.signedUrl);
    expect(html.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(html.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await fetch((await scratch.createSignedUrl('pic.svg', 60)).data!.signedUrl);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(svg.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect((await scratch.remove(['page.html', 'pic.svg'])).error).toBeNull();
  });

  it('refuses a move or copy into a bucket that refuses the type or the size, and changes nothing', async () => {
    const scratch = service.storage.from('scratch');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    expect(
      (await scratch.upload(`${HOTEL_A}/evil.png`, SVG_WITH_SCRIPT, { contentType: 'image/svg+xml' })).error,
    ).toBeNull();
    expect((await scratch.upload(`${HOTEL_A}/huge.png`, big, { contentType: 'image/png' })).error).toBeNull();
    const before = { scratch: await rowsIn('scratch'), logos: await rowsIn('logos') };

    for (const name of ['evil.png', 'huge.png']) {
      const opts = { destinationBucket: 'logos' };
      const moved = await scratch.move(`${HOTEL_A}/${name}`, `${HOTEL_A}/${name}`, opts);
      expect(moved.error, `move ${name}`).not.toBeNull();
      expect(errOf(moved.error)?.statusCode).toBe(name === 'evil.png' ? '415' : '413');
      const copied = await scratch.copy(`${HOTEL_A}/${name}`, `${HOTEL_A}/${name}`, opts);
      expect(copied.error, `copy ${name}`).not.toBeNull();
      expect(errOf(copied.error)?.statusCode).toBe(name === 'evil.png' ? '415' : '413');
    }
    expect({ scratch: await rowsIn('scratch'), logos: await rowsIn('logos') }).toEqual(before);
    expect(
      (await fetch(anon.storage.from('logos').getPublicUrl(`${HOTEL_A}/evil.png`).data.publicUrl)).status,
    ).not.toBe(200);
    // The source is intact.
    expect(await (await scratch.download(`${HOTEL_A}/evil.png`)).data!.text()).toBe(SVG_WITH_SCRIPT);

    // A fitting image still moves and copies.
    expect((await scratch.upload(`${HOTEL_A}/fine.png`, PNG, { contentType: 'image/png' })).error).toBeNull();
    expect(
      (await scratch.copy(`${HOTEL_A}/fine.png`, `${HOTEL_A}/fine-copy.png`, { destinationBucket: 'logos' })).error,
    ).toBeNull();
    expect(
      (await scratch.move(`${HOTEL_A}/fine.png`, `${HOTEL_A}/fine-moved.png`, { destinationBucket: 'logos' })).error,
    ).toBeNull();
    expect(
      (await service.storage.from('logos').remove([`${HOTEL_A}/fine-copy.png`, `${HOTEL_A}/fine-moved.png`])).error,
    ).toBeNull();
    expect((await scratch.remove([`${HOTEL_A}/evil.png`, `${HOTEL_A}/huge.png`])).error).toBeNull();
  });

  it('lists to anonymous and unrelated callers only what public places show: no user ids, nothing of hidden hotels', async () => {
    // Stored: the traveller's avatar; hotel A's logo (shown on its map) and a draft recommendation's
    // photo; the hidden hotel's logo and cover.
    expect(
      (
        await traveller.storage
          .from('avatars')
          .upload(`${USERS.traveller}/avatar-1.jpg`, PNG, { contentType: 'image/jpeg' })
      ).error,
    ).toBeNull();
    expect(
      (await guest.storage.from('avatars').upload(`${USERS.guest}/avatar-1.jpg`, PNG, { contentType: 'image/jpeg' }))
        .error,
    ).toBeNull();
    const shownLogo = `${HOTEL_A}/logo-shown.png`;
    expect(
      (await moderatorA.storage.from('logos').upload(shownLogo, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    expect(
      (
        await moderatorA.storage
          .from('photos')
          .upload(`${HOTEL_A}/activities/secret-draft-1.png`, PNG, { contentType: 'image/png' })
      ).error,
    ).toBeNull();
    await s.db.query('update public.customers set logo_url = $2 where id = $1', [
      HOTEL_A,
      anon.storage.from('logos').getPublicUrl(shownLogo).data.publicUrl,
    ]);
    expect(
      (await innkeeper.storage.from('logos').upload(`${HIDDEN}/logo.png`, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    expect(
      (await innkeeper.storage.from('photos').upload(`${HIDDEN}/cover.png`, PNG, { contentType: 'image/png' })).error,
    ).toBeNull();
    await s.db.query('update public.customers set logo_url = $2 where id = $1', [
      HIDDEN,
      anon.storage.from('logos').getPublicUrl(`${HIDDEN}/logo.png`).data.publicUrl,
    ]);

    const names = async (c: SupabaseClient<Database>, bucket: string, prefix = '') => {
      const { data, error } = await c.storage.from(bucket).list(prefix, { limit: 1000 });
      expect(error).toBeNull();
      return (data ?? []).map((o) => o.name).sort();
    };
    const secrets = [USERS.traveller, USERS.guest, HIDDEN, 'secret-draft'];
    const revealing = (xs: string[]) => xs.filter((x) => secrets.some((sec) => x.includes(sec)));

    for (const [who, c] of [
      ['anon', anon],
      ['guest', guest],
    ] as const) {
      expect(revealing(await names(c, 'avatars')), `${who} avatars/`).toEqual(who === 'guest' ? [USERS.guest] : []);
      expect(await names(c, 'avatars', USERS.traveller), `${who} avatars/<traveller>`).toEqual([]);
      expect(revealing(await names(c, 'photos')), `${who} photos/`).toEqual([]);
      expect(await names(c, 'photos', HIDDEN), `${who} photos/<hidden>`).toEqual([]);
      expect(await names(c, 'photos', `${HOTEL_A}/activities`), `${who} photos/<A>/activities`).toEqual([]);
      expect(revealing(await names(c, 'logos')), `${who} logos/`).toEqual([]);
      expect(await names(c, 'logos', HIDDEN), `${who} logos/<hidden>`).toEqual([]);
      // What a public map shows is still listed.
      expect(await names(c, 'logos', HOTEL_A), `${who} logos/<A>`).toEqual(['logo-shown.png']);
    }

    // The app's own listings still work: a user's own avatars, a moderator's own hotel.
    expect(await names(traveller, 'avatars', USERS.traveller)).toEqual(['avatar-1.jpg']);
    expect(await names(innkeeper, 'photos', HIDDEN)).toEqual(['cover.png']);
    expect(await names(moderatorA, 'photos', `${HOTEL_A}/activities`)).toEqual(['secret-draft-1.png']);

    // A visitor who knows a public URL still opens it (public buckets), hidden hotel or not.
    for (const url of [
      anon.storage.from('avatars').getPublicUrl(`${USERS.traveller}/avatar-1.jpg`).data.publicUrl,
      anon.storage.from('logos').getPublicUrl(`${HIDDEN}/logo.png`).data.publicUrl,
    ]) {
      expect((await fetch(url)).status, url).toBe(200);
    }
  });
});
