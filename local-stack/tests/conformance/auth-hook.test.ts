// The Custom Access Token Hook (pg-functions://): called on every issuance with
// {metadata, user_id, claims, authentication_method}, as supabase_auth_admin with a 2 s statement
// timeout, inside the issuing transaction; its claims are signed verbatim, its errors fail the request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
let n = 0;
const uniqueEmail = (p: string) => `${p}-${Date.now().toString(36)}-${++n}@example.com`;

async function post(s: TestStack, path: string, body: unknown) {
  const res = await fetch(`${s.apiUrl}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: s.config.auth.anonKey,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe.each(BACKENDS)('auth access-token hook on %s', (backend) => {
  let s: TestStack;

  beforeAll(async () => {
    s = await startTestStack(backend, {
      seed: false,
      configure: (c) => {
        // GoTrue with mailer autoconfirm (the CLI's default): sign-up signs in. The project's own
        // setting (confirmations on) is covered by tests/security/confirmations.test.ts.
        c.auth.email.enableConfirmations = false;
        c.auth.hooks.customAccessToken = { enabled: true, uri: 'pg-functions://postgres/public/t_access_token_hook' };
        c.auth.enableAnonymousSignIns = true;
        for (const k of Object.keys(c.auth.rateLimit) as (keyof typeof c.auth.rateLimit)[])
          c.auth.rateLimit[k] = 10_000;
      },
    });
    await s.db.exec(`
      create table public.t_hook_calls (
        id bigint generated always as identity primary key,
        user_id uuid, method text, role text, timeout text, has_metadata boolean, session_id text
      );
      create function public.t_access_token_hook(event jsonb) returns jsonb language plpgsql as $$
      declare
        claims jsonb := event -> 'claims';
        mail text := coalesce(event -> 'claims' ->> 'email', '');
      begin
        insert into public.t_hook_calls (user_id, method, role, timeout, has_metadata, session_id)
        values ((event ->> 'user_id')::uuid, event ->> 'authentication_method', current_user,
                current_setting('statement_timeout'), (event -> 'metadata') is not null, claims ->> 'session_id');
        if mail like 'deny-%' then
          return jsonb_build_object('error', jsonb_build_object('http_code', 403, 'message', 'Access denied by the hook'));
        end if;
        if mail like 'broken-%' then
          return jsonb_build_object('claims', claims - 'session_id');
        end if;
        return jsonb_build_object('claims', claims || jsonb_build_object('user_role', 'moderator', 'hooked_method', event ->> 'authentication_method'));
      end $$;
      revoke all on function public.t_access_token_hook(jsonb) from public, anon, authenticated;
      grant execute on function public.t_access_token_hook(jsonb) to supabase_auth_admin;
      grant insert, select on public.t_hook_calls to supabase_auth_admin;
    `);
  });
  afterAll(async () => {
    await s?.stop();
  });

  const calls = async (userId: string) =>
    (
      await s.db.query<{ method: string; role: string; timeout: string; has_metadata: boolean; session_id: string }>(
        'select method, role, timeout, has_metadata, session_id from public.t_hook_calls where user_id = $1 order by id',
        [userId],
      )
    ).rows;

  it('adds claims on sign-up, sign-in and refresh; runs as supabase_auth_admin with a 2 s timeout', async () => {
    const email = uniqueEmail('hooked');
    const c = s.anon();
    const up = await c.auth.signUp({ email, password: 'secret123' });
    expect(up.error).toBeNull();
    expect(decode(up.data.session!.access_token)).toMatchObject({
      user_role: 'moderator',
      hooked_method: 'password',
      email,
      aal: 'aal1',
    });
    const signIn = await c.auth.signInWithPassword({ email, password: 'secret123' });
    expect(decode(signIn.data.session!.access_token).user_role).toBe('moderator');
    const refreshed = await c.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decode(refreshed.data.session!.access_token)).toMatchObject({
      user_role: 'moderator',
      hooked_method: 'token_refresh',
    });

    const rows = await calls(up.data.user!.id);
    expect(rows.map((r) => r.method)).toEqual(['password', 'password', 'token_refresh']);
    for (const r of rows) {
      expect(r.role).toBe('supabase_auth_admin');
      expect(r.timeout).toBe('2s');
      expect(r.has_metadata).toBe(true);
    }
    // The session the hook saw is the one that was committed with it.
    const sessions = await s.db.query('select 1 from auth.sessions where id = $1', [rows[0]!.session_id]);
    expect(sessions.rows).toHaveLength(1);
  });

  it('runs for anonymous sign-ins with authentication_method "anonymous"', async () => {
    const { data, error } = await s.anon().auth.signInAnonymously();
    expect(error).toBeNull();
    expect(decode(data.session!.access_token)).toMatchObject({ is_anonymous: true, hooked_method: 'anonymous' });
  });

  it("fails the request with the hook's http_code and leaves no session or hook row behind", async () => {
    const email = uniqueEmail('deny');
    const created = await s.service().auth.admin.createUser({ email, password: 'secret123', email_confirm: true });
    const id = created.data.user!.id;
    const r = await post(s, '/token?grant_type=password', { email, password: 'secret123' });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Access denied by the hook');
    const viaClient = await s.anon().auth.signInWithPassword({ email, password: 'secret123' });
    expect(viaClient.error).toMatchObject({ status: 403, message: 'Access denied by the hook' });
    expect((await s.db.query('select 1 from auth.sessions where user_id = $1', [id])).rows).toHaveLength(0);
    expect(await calls(id)).toHaveLength(0);
  });

  it('refuses claims missing a required key with 500', async () => {
    const email = uniqueEmail('broken');
    await s.service().auth.admin.createUser({ email, password: 'secret123', email_confirm: true });
    const r = await post(s, '/token?grant_type=password', { email, password: 'secret123' });
    expect(r.status).toBe(500);
    expect(r.body.code).toBe('unexpected_failure');
  });

  it('answers 500 when the hook function fails, and works again once it is fixed', async () => {
    const email = uniqueEmail('plain');
    await s.service().auth.admin.createUser({ email, password: 'secret123', email_confirm: true });
    await s.db.exec('revoke execute on function public.t_access_token_hook(jsonb) from supabase_auth_admin');
    try {
      const r = await post(s, '/token?grant_type=password', { email, password: 'secret123' });
      expect(r.status).toBe(500);
      expect(r.body.code).toBe('unexpected_failure');
    } finally {
      await s.db.exec('grant execute on function public.t_access_token_hook(jsonb) to supabase_auth_admin');
    }
    const ok = await post(s, '/token?grant_type=password', { email, password: 'secret123' });
    expect(ok.status).toBe(200);
    expect(decode(ok.body.access_token as string).user_role).toBe('moderator');
  });

  it('runs for recovery codes ("recovery") and OAuth ("oauth")', async () => {
    const email = uniqueEmail('flows');
    await s.service().auth.admin.createUser({ email, password: 'secret123', email_confirm: true });
    s.config.auth.email.maxFrequencySeconds = 0;
    expect((await s.anon().auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = s.mailbox.list().find((m) => m.to[0]!.address === email)!;
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const v = await s.anon().auth.verifyOtp({ email, token: code, type: 'recovery' });
    expect(v.error).toBeNull();
    expect(decode(v.data.session!.access_token).hooked_method).toBe('recovery');

    const r1 = await fetch(
      `${s.apiUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(s.config.auth.siteUrl)}`,
      { redirect: 'manual' },
    );
    const html = await (await fetch(r1.headers.get('location')!)).text();
    const state = /name="state" value="([^"]+)"/.exec(html)![1]!;
    // A new address: the Google stand-in never signs in to a password account.
    const googleEmail = uniqueEmail('flows-google');
    const r2 = await fetch(`${s.apiUrl}/auth/v1/callback`, {
      method: 'POST',
      body: new URLSearchParams({ state, email: googleEmail, name: 'Flows' }),
      redirect: 'manual',
    });
    const token = new URLSearchParams(new URL(r2.headers.get('location')!).hash.slice(1)).get('access_token')!;
    expect(decode(token)).toMatchObject({ hooked_method: 'oauth', user_role: 'moderator', email: googleEmail });
  });
});
