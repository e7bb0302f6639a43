// The same denials over HTTP, through the stack's REST and auth services with real tokens: catches
// grant and configuration mistakes that the SQL-level matrix cannot see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { signJwt } from '@guestmap/local-stack/src/jwt.ts';
import { HOTEL_A, HOTEL_B, claimsFor, ensureAnonymousGuest, ids, snapshot, type PersonaName } from './support.ts';

afterAll(stopPgServer);

const TABLES = [
  'public.profiles',
  'public.customers',
  'public.customer_moderators',
  'public.activities',
  'public.favourites',
  'public.contact_messages',
];

describe.each(BACKENDS)('HTTP denials on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend);
    await ensureAnonymousGuest(s.db);
  });
  afterAll(async () => {
    await s?.stop();
  });

  const token = (p: PersonaName) => {
    if (p === 'anon') return s.config.auth.anonKey;
    const now = Math.floor(Date.now() / 1000);
    return signJwt({ ...claimsFor(p), iat: now, exp: now + 600, iss: `${s.apiUrl}/auth/v1` }, s.config.auth.jwtSecret);
  };

  async function call(
    p: PersonaName,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(`${s.apiUrl}/rest/v1/${path}`, {
      method,
      headers: {
        apikey: s.config.auth.anonKey,
        Authorization: `Bearer ${token(p)}`,
        'Content-Type': 'application/json',
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
  }

  it('reads: public customers for anon, nothing private; own profile only', async () => {
    const pub = await call('anon', 'GET', 'customers?select=id');
    expect(pub.status).toBe(200);
    expect((pub.json as { id: string }[]).map((r) => r.id).sort()).toEqual(
      await ids(s.db, 'select id from public.customers where is_public'),
    );
    expect((await call('anon', 'GET', 'profiles?select=id')).status).toBe(401);
    const own = await call('plain', 'GET', 'profiles?select=id,email,is_admin');
    expect(own.json).toEqual([{ id: claimsFor('plain').sub, email: 'traveller@demo.test', is_admin: false }]);
    const drafts = await call('anon', 'GET', `activities?select=id&customer_id=eq.${HOTEL_B}&published=is.false`);
    expect(drafts.json).toEqual([]);
    const modDrafts = await call(
      'moderatorB',
      'GET',
      `activities?select=id&customer_id=eq.${HOTEL_B}&published=is.false`,
    );
    expect((modDrafts.json as unknown[]).length).toBe(3);
    expect((await call('anon', 'GET', 'analytics_events?select=id&limit=1')).status).toBe(401);
    expect((await call('plain', 'GET', 'analytics_events?select=id&limit=1')).json).toEqual([]);
    expect((await call('disabled', 'GET', 'favourites?select=activity_id')).json).toEqual([]);
  });

  it('denied writes answer 401/403/400 (or touch nothing) and change nothing', async () => {
    const before = await snapshot(s.db, TABLES);
    const attempts: [PersonaName, string, string, unknown, number[]][] = [
      ['anon', 'PATCH', `customers?id=eq.${HOTEL_A}`, { name: 'x' }, [401]],
      ['moderatorB', 'PATCH', `customers?id=eq.${HOTEL_A}`, { name: 'x' }, [204]],
      ['moderatorA', 'PATCH', `customers?id=eq.${HOTEL_A}`, { package: 'basic' }, [403]],
      ['plain', 'PATCH', `profiles?id=eq.${claimsFor('plain').sub as string}`, { is_admin: true }, [403]],
      ['disabled', 'PATCH', `profiles?id=eq.${claimsFor('disabled').sub as string}`, { display_name: 'back' }, [204]],
      [
        'plain',
        'POST',
        'activities',
        { customer_id: HOTEL_A, slug: 'x', category: 'food', title: { en: 'X' }, latitude: 1, longitude: 1 },
        [403],
      ],
      [
        'moderatorA',
        'POST',
        'customer_moderators',
        { customer_id: HOTEL_B, user_id: claimsFor('moderatorA').sub },
        [403],
      ],
      ['admin', 'POST', 'customers', { id: 'new-city', kind: 'city', name: 'N', latitude: 1, longitude: 1 }, [403]],
      ['anon', 'DELETE', `activities?customer_id=eq.${HOTEL_A}`, undefined, [401]],
      ['moderatorB', 'DELETE', `activities?customer_id=eq.${HOTEL_A}`, undefined, [204]],
      [
        'anon',
        'POST',
        'rpc/create_customer',
        { p_id: 'anon-hotel', p_name: 'A', p_kind: 'hotel', p_latitude: 1, p_longitude: 1 },
        [401],
      ],
      ['anon', 'POST', 'rpc/admin_set_user_disabled', { p_user_id: claimsFor('guest').sub, p_disabled: true }, [401]],
      ['plain', 'POST', 'rpc/admin_set_user_disabled', { p_user_id: claimsFor('guest').sub, p_disabled: true }, [403]],
      ['moderatorA', 'POST', 'rpc/admin_set_customer_package', { p_customer_id: HOTEL_A, p_package: 'basic' }, [403]],
      [
        'anon',
        'POST',
        'rpc/custom_access_token_hook',
        { event: { user_id: claimsFor('admin').sub, claims: {} } },
        [401],
      ],
      [
        'plain',
        'POST',
        'rpc/custom_access_token_hook',
        { event: { user_id: claimsFor('admin').sub, claims: {} } },
        [403],
      ],
    ];
    for (const [p, method, path, body, statuses] of attempts) {
      const r = await call(p, method, path, body);
      expect(statuses, `${p} ${method} ${path} → ${r.status} ${JSON.stringify(r.json)}`).toContain(r.status);
    }
    expect(await snapshot(s.db, TABLES)).toEqual(before);
  });

  it('RPC errors carry the stable detail codes', async () => {
    const anonymous = await call('anonymousGuest', 'POST', 'rpc/create_customer', {
      p_id: 'anon-hotel',
      p_name: 'A',
      p_kind: 'hotel',
      p_latitude: 1,
      p_longitude: 1,
    });
    expect(anonymous).toMatchObject({ status: 403, json: { code: '42501', details: 'anonymous_user' } });
    const disabled = await call('disabled', 'POST', 'rpc/create_customer', {
      p_id: 'dis-hotel',
      p_name: 'A',
      p_kind: 'hotel',
      p_latitude: 1,
      p_longitude: 1,
    });
    expect(disabled).toMatchObject({ status: 403, json: { code: '42501', details: 'user_disabled' } });
    const reserved = await call('plain', 'POST', 'rpc/create_customer', {
      p_id: 'dashboard',
      p_name: 'A',
      p_kind: 'hotel',
      p_latitude: 1,
      p_longitude: 1,
    });
    expect(reserved).toMatchObject({ status: 400, json: { code: 'P0001', details: 'slug_reserved' } });
    const slug = await call('anon', 'POST', 'rpc/check_customer_slug', { p_id: 'hanoi' });
    expect(slug).toEqual({ status: 200, json: 'slug_taken' });
    const limit = await call(
      'moderatorB',
      'POST',
      'activities',
      [1, 2, 3].map((i) => ({
        customer_id: HOTEL_B,
        slug: `http-${i}`,
        category: 'cafe',
        title: { en: `Cafe ${i}` },
        latitude: 21.03,
        longitude: 105.85,
        published: true,
      })),
    );
    expect(limit).toMatchObject({
      status: 400,
      json: {
        code: 'P0001',
        message: 'Package limit reached: basic allows 20 published recommendations',
        details: 'package_limit',
        hint: 'basic:20',
      },
    });
  });

  it('contact form: anyone inserts with return=minimal, never reads back', async () => {
    const msg = { name: 'Lan', email: 'lan@example.com', hotel: 'Lotus', message: 'Call me', locale: 'vi-VN' };
    expect((await call('anon', 'POST', 'contact_messages', msg, { Prefer: 'return=minimal' })).status).toBe(201);
    expect((await call('anon', 'POST', 'contact_messages', msg, { Prefer: 'return=representation' })).status).toBe(401);
    expect((await call('plain', 'GET', 'contact_messages?select=id')).json).toEqual([]);
    expect(((await call('admin', 'GET', 'contact_messages?select=email')).json as unknown[]).length).toBe(1);
    expect(
      (
        await call('anon', 'POST', 'rpc/record_event', {
          p_customer_id: HOTEL_A,
          p_type: 'qr_scan',
          p_visitor_id: '66666666-6666-4666-a666-000000000001',
        })
      ).json,
    ).toBe(true);
  });

  it('favourites: insert with ignore-duplicates upsert; a merging upsert is refused', async () => {
    const fav = await s.db.query<{ id: string }>(
      `select extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_A}/saigon-skydeck')::text as id`,
    );
    const row = { user_id: claimsFor('guest').sub, activity_id: fav.rows[0]!.id };
    const ignore = await call('guest', 'POST', 'favourites?on_conflict=user_id,activity_id', row, {
      Prefer: 'resolution=ignore-duplicates,return=minimal',
    });
    expect(ignore.status).toBe(201);
    const merge = await call('guest', 'POST', 'favourites?on_conflict=user_id,activity_id', row, {
      Prefer: 'resolution=merge-duplicates,return=minimal',
    });
    expect(merge.status).toBe(403);
    expect(
      await ids(s.db, `select activity_id as id from public.favourites where user_id = $1`, [row.user_id]),
    ).toContain(row.activity_id);
  });

  it("real sign-in: the hook's claims reach the token; a disabled account is refused", async () => {
    const mod = s.anon();
    const { data, error } = await mod.auth.signInWithPassword({
      email: 'moderator@demo.test',
      password: 'demo-pass-123',
    });
    expect(error).toBeNull();
    const claims = JSON.parse(
      Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    expect({ is_admin: claims.is_admin, moderator: claims.moderator, customer: claims.customer }).toEqual({
      is_admin: false,
      moderator: { [HOTEL_A]: true },
      customer: HOTEL_A,
    });
    const { data: drafts } = await mod.from('activities').select('id').eq('customer_id', HOTEL_A);
    expect(drafts?.length).toBe(25);
    const dis = await s.anon().auth.signInWithPassword({ email: 'disabled@demo.test', password: 'demo-pass-123' });
    expect(dis.error?.code).toBe('user_banned');
  });
});
