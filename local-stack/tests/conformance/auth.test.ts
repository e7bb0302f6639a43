// Auth conformance: sign-up, sign-in, the user object and access-token claims, user updates,
// anonymous users, error codes, triggers on auth.users, the admin API and banned users — all
// through the real supabase-js client (raw fetch where the exact wire format is the point).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';
import { signJwt } from '../../src/jwt.ts';

afterAll(stopPgServer);

const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
let n = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++n}@example.com`;

async function api(
  s: TestStack,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${s.apiUrl}/auth/v1${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      apikey: s.config.auth.anonKey,
      Authorization: `Bearer ${init.token ?? s.config.auth.anonKey}`,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    headers: res.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

describe.each(BACKENDS)('auth on %s', (backend) => {
  let s: TestStack;

  beforeAll(async () => {
    s = await startTestStack(backend, {
      seed: false,
      configure: (c) => {
        // GoTrue with mailer autoconfirm (the CLI's default): sign-up signs in. The project's own
        // setting (confirmations on) is covered by tests/security/confirmations.test.ts.
        c.auth.email.enableConfirmations = false;
        c.auth.enableAnonymousSignIns = true;
        c.auth.enableSignup = true;
        for (const k of Object.keys(c.auth.rateLimit) as (keyof typeof c.auth.rateLimit)[])
          c.auth.rateLimit[k] = 10_000;
        c.auth.email.maxFrequencySeconds = 0;
        // The project's access-token hook adds claims; this file checks the bare GoTrue claims
        // (auth-hook.test.ts covers hooks).
        c.auth.hooks.customAccessToken = null;
      },
    });
    // Triggers on auth.users as a project would have them: a profile row, and one that can fail.
    await s.db.exec(`
      create table public.t_profiles (id uuid primary key references auth.users (id) on delete cascade, display_name text);
      create function public.t_make_profile() returns trigger language plpgsql security definer set search_path = '' as $$
      begin
        if new.email like 'boom-%' then raise exception 'profile creation failed'; end if;
        insert into public.t_profiles (id, display_name) values (new.id, new.raw_user_meta_data ->> 'display_name');
        return new;
      end $$;
      create trigger t_on_auth_user_created after insert on auth.users for each row execute function public.t_make_profile();
    `);
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('signs up with e-mail and password: a session, real rows, the trigger ran in the same transaction', async () => {
    const email = uniqueEmail('Signup');
    const { data, error } = await s
      .anon()
      .auth.signUp({ email, password: 'secret123', options: { data: { display_name: 'Ana' } } });
    expect(error).toBeNull();
    const session = data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(typeof session.refresh_token).toBe('string');
    const user = data.user!;
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { display_name: 'Ana' },
      is_anonymous: false,
    });
    for (const k of ['id', 'email_confirmed_at', 'confirmed_at', 'last_sign_in_at', 'created_at', 'updated_at'])
      expect(user).toHaveProperty(k);
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({
      provider: 'email',
      id: user.id,
      user_id: user.id,
      identity_data: { sub: user.id, email: email.toLowerCase() },
    });

    const claims = decode(session.access_token);
    expect(Object.keys(claims).sort()).toEqual(
      [
        'iss',
        'sub',
        'aud',
        'exp',
        'iat',
        'email',
        'phone',
        'app_metadata',
        'user_metadata',
        'role',
        'aal',
        'amr',
        'session_id',
        'is_anonymous',
      ].sort(),
    );
    expect(claims).toMatchObject({
      iss: `${s.apiUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      aal: 'aal1',
      email: email.toLowerCase(),
      phone: '',
      is_anonymous: false,
    });
    expect(claims.exp).toBe((claims.iat as number) + 3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);

    const row = await s.db.query<{ encrypted_password: string; last_sign_in_at: unknown }>(
      'select encrypted_password, last_sign_in_at from auth.users where id = $1',
      [user.id],
    );
    expect(row.rows[0]!.encrypted_password).toMatch(/^\$2[ab]\$10\$/);
    expect(row.rows[0]!.last_sign_in_at).not.toBeNull();
    const sess = await s.db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [
      claims.session_id,
      user.id,
    ]);
    expect(sess.rows).toHaveLength(1);
    const rt = await s.db.query<{ revoked: boolean }>(
      'select revoked from auth.refresh_tokens where token = $1 and session_id = $2',
      [session.refresh_token, claims.session_id],
    );
    expect(rt.rows).toEqual([{ revoked: false }]);
    const profile = await s.db.query('select display_name from public.t_profiles where id = $1', [user.id]);
    expect(profile.rows).toEqual([{ display_name: 'Ana' }]);
  });

  it('refuses a second sign-up with the same e-mail (422 user_already_exists), a weak password and a bad e-mail', async () => {
    const email = uniqueEmail();
    expect((await s.anon().auth.signUp({ email, password: 'secret123' })).error).toBeNull();
    const dup = await s.anon().auth.signUp({ email: email.toUpperCase(), password: 'secret123' });
    expect(dup.error).toBeInstanceOf(AuthApiError);
    expect(dup.error).toMatchObject({ status: 422, code: 'user_already_exists' });

    const weak = await s.anon().auth.signUp({ email: uniqueEmail(), password: '12345' });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    const raw = await api(s, '/signup', { body: { email: uniqueEmail(), password: '123' } });
    expect(raw.body).toMatchObject({ code: 'weak_password', weak_password: { reasons: ['length'] } });

    const bad = await s.anon().auth.signUp({ email: 'not-an-email', password: 'secret123' });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('signs in with a password; wrong password and unknown e-mail fail identically', async () => {
    const email = uniqueEmail();
    await s.anon().auth.signUp({ email, password: 'secret123' });
    const ok = await s.anon().auth.signInWithPassword({ email, password: 'secret123' });
    expect(ok.error).toBeNull();
    expect(ok.data.user!.email).toBe(email);
    expect(decode(ok.data.session!.access_token).amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);

    const wrong = await api(s, '/token?grant_type=password', { body: { email, password: 'nope-nope' } });
    const unknown = await api(s, '/token?grant_type=password', {
      body: { email: uniqueEmail('ghost'), password: 'nope-nope' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body!.code).toBe('invalid_credentials');
    const viaClient = await s.anon().auth.signInWithPassword({ email, password: 'bad-password' });
    expect(viaClient.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('accepts users seeded with pgcrypto crypt(pw, gen_salt(bf)) ($2a$ hashes)', async () => {
    const email = uniqueEmail('seeded');
    await s.db.query(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', extensions.gen_random_uuid(), 'authenticated', 'authenticated', $1,
               extensions.crypt('seeded-pass', extensions.gen_salt('bf')), now(), '{"provider":"email","providers":["email"]}', '{}', now(), now())`,
      [email],
    );
    const hash = (
      await s.db.query<{ h: string }>('select encrypted_password as h from auth.users where email = $1', [email])
    ).rows[0]!.h;
    expect(hash).toMatch(/^\$2a\$/);
    const { data, error } = await s.anon().auth.signInWithPassword({ email, password: 'seeded-pass' });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
  });

  it('returns the user for a valid token and GoTrue errors for missing, bad, orphaned tokens', async () => {
    const email = uniqueEmail();
    const c = s.anon();
    const { data } = await c.auth.signUp({ email, password: 'secret123' });
    const token = data.session!.access_token;
    const got = await c.auth.getUser(token);
    expect(got.error).toBeNull();
    expect(got.data.user!.id).toBe(data.user!.id);

    const none = await fetch(`${s.apiUrl}/auth/v1/user`, { headers: { apikey: s.config.auth.anonKey } });
    expect(none.status).toBe(401);
    expect((await none.json()).code).toBe('no_authorization');

    const bad = await api(s, '/user', { token: token.slice(0, -4) + 'AAAA' });
    expect(bad.status).toBe(403);
    expect(bad.body!.code).toBe('bad_jwt');
    const anonKey = await api(s, '/user');
    expect(anonKey.status).toBe(403);
    expect(anonKey.body!.code).toBe('bad_jwt');
    const expired = signJwt({ ...decode(token), exp: Math.floor(Date.now() / 1000) - 10 }, s.config.auth.jwtSecret);
    const exp = await c.auth.getUser(expired);
    expect(exp.error).toMatchObject({ status: 403, code: 'bad_jwt' });

    // Session revoked while the access token is still valid.
    await s.db.query('delete from auth.sessions where user_id = $1', [data.user!.id]);
    const gone = await api(s, '/user', { token });
    expect(gone.status).toBe(403);
    expect(gone.body!.code).toBe('session_not_found');
    expect((await c.auth.getUser(token)).error?.name).toBe('AuthSessionMissingError');

    // User deleted.
    const other = await s.anon().auth.signUp({ email: uniqueEmail(), password: 'secret123' });
    await s.service().auth.admin.deleteUser(other.data.user!.id);
    const orphan = await s.anon().auth.getUser(other.data.session!.access_token);
    expect(orphan.error).toMatchObject({ status: 403, code: 'user_not_found' });
  });

  it('updates the user: data merges (null deletes), password changes, e-mail changes and clashes', async () => {
    const email = uniqueEmail();
    const c = s.client();
    c.auth['persistSession'] = false;
    const first = await c.auth.signUp({ email, password: 'secret123', options: { data: { a: 1, b: 2 } } });
    await c.auth.setSession(first.data.session!);
    const upd = await c.auth.updateUser({ data: { b: null, c: 'three' } });
    expect(upd.error).toBeNull();
    expect(upd.data.user!.user_metadata).toEqual({ a: 1, c: 'three' });

    const pw = await c.auth.updateUser({ password: 'new-secret-1' });
    expect(pw.error).toBeNull();
    expect((await s.anon().auth.signInWithPassword({ email, password: 'secret123' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await s.anon().auth.signInWithPassword({ email, password: 'new-secret-1' })).error).toBeNull();
    const same = await c.auth.updateUser({ password: 'new-secret-1' });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await c.auth.updateUser({ password: 'abc' });
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' });

    const taken = uniqueEmail('taken');
    await s.anon().auth.signUp({ email: taken, password: 'secret123' });
    const clash = await c.auth.updateUser({ email: taken });
    expect(clash.error).toMatchObject({ status: 422, code: 'email_exists' });
    const fresh = uniqueEmail('moved');
    const moved = await c.auth.updateUser({ email: fresh });
    expect(moved.error).toBeNull();
    expect(moved.data.user!.email).toBe(fresh);
    expect((await s.anon().auth.signInWithPassword({ email: fresh, password: 'new-secret-1' })).error).toBeNull();
  });

  it('signs in anonymously when enabled, and refuses when disabled or sign-ups are off', async () => {
    const { data, error } = await s.anon().auth.signInAnonymously({ options: { data: { guest: true } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      is_anonymous: true,
      email: '',
      phone: '',
      app_metadata: {},
      user_metadata: { guest: true },
      identities: [],
    });
    const claims = decode(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', email: '', phone: '' });
    expect(claims.amr).toEqual([{ method: 'anonymous', timestamp: expect.any(Number) }]);
    const row = await s.db.query<{ is_anonymous: boolean }>('select is_anonymous from auth.users where id = $1', [
      data.user!.id,
    ]);
    expect(row.rows[0]!.is_anonymous).toBe(true);

    // The config object is the stack's own: flipping it applies to the next request.
    s.config.auth.enableAnonymousSignIns = false;
    try {
      const off = await s.anon().auth.signInAnonymously();
      expect(off.error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled' });
    } finally {
      s.config.auth.enableAnonymousSignIns = true;
    }
    s.config.auth.enableSignup = false;
    try {
      const off = await s.anon().auth.signUp({ email: uniqueEmail(), password: 'secret123' });
      expect(off.error).toMatchObject({ status: 422, code: 'signup_disabled' });
    } finally {
      s.config.auth.enableSignup = true;
    }
  });

  it('turns an anonymous user into a permanent one when it adds an e-mail and a password', async () => {
    const c = s.client();
    const anon = await c.auth.signInAnonymously();
    await c.auth.setSession(anon.data.session!);
    const email = uniqueEmail('converted');
    const upd = await c.auth.updateUser({ email, password: 'secret123' });
    expect(upd.error).toBeNull();
    expect(upd.data.user).toMatchObject({
      id: anon.data.user!.id,
      email,
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(upd.data.user!.identities!.map((i) => i.provider)).toEqual(['email']);
    const refreshed = await c.auth.refreshSession();
    expect(decode(refreshed.data.session!.access_token)).toMatchObject({ is_anonymous: false, email });
    const signIn = await s.anon().auth.signInWithPassword({ email, password: 'secret123' });
    expect(signIn.data.user!.id).toBe(anon.data.user!.id);
  });

  it('answers 500 unexpected_failure when a trigger on auth.users fails, leaving no user behind', async () => {
    const email = uniqueEmail('boom');
    const r = await api(s, '/signup', { body: { email, password: 'secret123' } });
    expect(r.status).toBe(500);
    expect(r.body!.code).toBe('unexpected_failure');
    const rows = await s.db.query('select 1 from auth.users where email = $1', [email]);
    expect(rows.rows).toHaveLength(0);
  });

  it('echoes X-Supabase-Api-Version on success and error, exposed to browsers by CORS', async () => {
    const ok = await fetch(`${s.apiUrl}/auth/v1/settings`, {
      headers: { apikey: s.config.auth.anonKey, Origin: 'http://localhost:3000' },
    });
    expect(ok.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/i);
    const err = await api(s, '/token?grant_type=password', {
      body: { email: uniqueEmail(), password: 'x' },
      headers: { Origin: 'http://localhost:3000' },
    });
    expect(err.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(err.headers.get('access-control-expose-headers')).toMatch(/X-Supabase-Api-Version/i);
    expect(err.body).toMatchObject({ code: 'invalid_credentials', message: 'Invalid login credentials' });
  });

  it('serves /settings and /health', async () => {
    const settings = await api(s, '/settings');
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({
      external: { email: true, google: true, anonymous_users: true, github: false },
      disable_signup: false,
      mailer_autoconfirm: true,
    });
    const health = await api(s, '/health');
    expect(health.status).toBe(200);
    expect(health.body).toHaveProperty('name');
  });

  it('admin API: create, list, get, update, delete; refused without the service role', async () => {
    const admin = s.service().auth.admin;
    const email = uniqueEmail('admin-made');
    const created = await admin.createUser({
      email,
      password: 'secret123',
      email_confirm: true,
      user_metadata: { language: 'fr-FR' },
      app_metadata: { is_admin: true },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user).toMatchObject({
      email,
      user_metadata: { language: 'fr-FR' },
      app_metadata: { provider: 'email', providers: ['email'], is_admin: true },
    });
    expect(created.data.user!.email_confirmed_at).toBeTruthy();
    expect((await admin.createUser({ email, password: 'secret123' })).error).toMatchObject({
      status: 422,
      code: 'email_exists',
    });

    const list = await admin.listUsers({ page: 1, perPage: 2 });
    expect(list.error).toBeNull();
    expect(list.data.users.length).toBeLessThanOrEqual(2);
    const count = Number((await s.db.query<{ n: string }>('select count(*)::text as n from auth.users')).rows[0]!.n);
    expect((list.data as unknown as { total: number }).total).toBe(count);

    expect((await admin.getUserById(id)).data.user!.email).toBe(email);
    const upd = await admin.updateUserById(id, {
      user_metadata: { language: null, name: 'Zoé' },
      app_metadata: { is_admin: false },
    });
    expect(upd.data.user!.user_metadata).toEqual({ name: 'Zoé' });
    expect(upd.data.user!.app_metadata).toMatchObject({ is_admin: false, provider: 'email' });

    const asUser = await s.anon().auth.signInWithPassword({ email, password: 'secret123' });
    const denied = await api(s, '/admin/users', { token: asUser.data.session!.access_token });
    expect(denied.status).toBe(403);
    expect(denied.body!.code).toBe('not_admin');

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    expect((await s.db.query('select 1 from auth.users where id = $1', [id])).rows).toHaveLength(0);
  });

  it('refuses banned users on sign-in and refresh (400 user_banned) until unbanned', async () => {
    const email = uniqueEmail('banned');
    const up = await s.anon().auth.signUp({ email, password: 'secret123' });
    const id = up.data.user!.id;
    const ban = await s.service().auth.admin.updateUserById(id, { ban_duration: '876000h' });
    expect(ban.error).toBeNull();
    expect(new Date((ban.data.user as unknown as { banned_until: string }).banned_until).getTime()).toBeGreaterThan(
      Date.now() + 1e12,
    );

    const signIn = await s.anon().auth.signInWithPassword({ email, password: 'secret123' });
    expect(signIn.error).toMatchObject({ status: 400, code: 'user_banned' });
    const refresh = await api(s, '/token?grant_type=refresh_token', {
      body: { refresh_token: up.data.session!.refresh_token },
    });
    expect(refresh.status).toBe(400);
    expect(refresh.body!.code).toBe('user_banned');
    // A wrong password still says only invalid_credentials.
    expect((await s.anon().auth.signInWithPassword({ email, password: 'wrong-one' })).error?.code).toBe(
      'invalid_credentials',
    );

    await s.service().auth.admin.updateUserById(id, { ban_duration: 'none' });
    expect((await s.anon().auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();
  });
});
