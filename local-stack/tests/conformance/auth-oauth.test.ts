// OAuth through the local consent page that stands in for Google: implicit and PKCE flows driven
// with supabase-js for the URLs and plain fetch for the "browser" (GET the page, POST the form,
// read the redirect), redirect allow-listing, no linking to existing accounts, banned users and cancellation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
let n = 0;
const uniqueEmail = (p = 'oauth') => `${p}-${Date.now().toString(36)}-${++n}@gmail.test`;

/** Plays the browser: /authorize → consent page → form POST → redirect target. */
async function throughConsent(authorizeUrl: string, form: Record<string, string>) {
  const r1 = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(r1.status).toBe(302);
  const pageUrl = r1.headers.get('location')!;
  const page = await fetch(pageUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const state = /name="state" value="([^"]+)"/.exec(html)![1]!;
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const r2 = await fetch(action, { method: 'POST', body: new URLSearchParams({ state, ...form }), redirect: 'manual' });
  expect([302, 303]).toContain(r2.status);
  return { html, location: r2.headers.get('location')! };
}

describe.each(BACKENDS)('auth OAuth on %s', (backend) => {
  let s: TestStack;
  const site = 'http://localhost:3000';

  beforeAll(async () => {
    s = await startTestStack(backend, {
      seed: false,
      configure: (c) => {
        c.auth.siteUrl = site;
        c.auth.additionalRedirectUrls = ['http://127.0.0.1:3003/**'];
        c.auth.external = { google: { enabled: true, clientId: 'x', secret: 'y', redirectUri: '' } };
        c.auth.hooks.customAccessToken = null;
        // GoTrue with mailer autoconfirm (the CLI's default): a password sign-up is confirmed at once, so
        // the refusal below is for a confirmed password account. Confirmations on: tests/security.
        c.auth.email.enableConfirmations = false;
        for (const k of Object.keys(c.auth.rateLimit) as (keyof typeof c.auth.rateLimit)[])
          c.auth.rateLimit[k] = 10_000;
      },
    });
  });
  afterAll(async () => {
    await s?.stop();
  });

  const client = (flowType: 'implicit' | 'pkce') =>
    createClient(s.apiUrl, s.config.auth.anonKey, {
      auth: { flowType, persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });

  it('implicit flow: consent page, then redirect_to#access_token=…&refresh_token=… for a new Google user', async () => {
    const email = uniqueEmail();
    const c = client('implicit');
    const { data } = await c.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${site}/welcome`, skipBrowserRedirect: true },
    });
    const { html, location } = await throughConsent(data.url!, { email, name: 'Lan Nguyen' });
    // What Playwright needs: labelled inputs and a "Continue" button.
    expect(html).toMatch(/<label for="email">Email<\/label><input type="email" id="email" name="email"/);
    expect(html).toMatch(/<label for="name">Name<\/label><input type="text" id="name" name="name"/);
    expect(html).toMatch(/<button type="submit">Continue<\/button>/);

    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${site}/welcome`);
    const frag = new URLSearchParams(url.hash.slice(1));
    expect([...frag.keys()].sort()).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'provider_token',
      'refresh_token',
      'token_type',
    ]);
    expect(frag.get('token_type')).toBe('bearer');
    expect(frag.get('expires_in')).toBe('3600');
    const claims = decode(frag.get('access_token')!);
    expect(claims.amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }]);
    expect(claims.app_metadata).toEqual({ provider: 'google', providers: ['google'] });

    const set = await c.auth.setSession({
      access_token: frag.get('access_token')!,
      refresh_token: frag.get('refresh_token')!,
    });
    expect(set.error).toBeNull();
    const user = set.data.user!;
    expect(user.email).toBe(email);
    expect(user.user_metadata).toMatchObject({
      full_name: 'Lan Nguyen',
      name: 'Lan Nguyen',
      email,
      email_verified: true,
    });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]).toMatchObject({
      provider: 'google',
      identity_data: { email, full_name: 'Lan Nguyen' },
    });
    // The refresh token from the fragment is a real one.
    expect((await c.auth.refreshSession()).error).toBeNull();

    // Next time the page lists no account (it would show it to anyone); typing the e-mail again signs the same user in.
    const again = await c.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${site}/welcome`, skipBrowserRedirect: true },
    });
    const second = await throughConsent(again.data.url!, { email });
    expect(second.html).not.toContain(email);
    expect(second.html).not.toContain('Lan Nguyen');
    const token2 = new URLSearchParams(new URL(second.location).hash.slice(1)).get('access_token')!;
    expect(decode(token2).sub).toBe(user.id);
  });

  it('speaks the browser language of the stand-in page: Chinese, Korean, Japanese as the mails do', async () => {
    const { data } = await client('implicit').auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${site}/welcome`, skipBrowserRedirect: true },
    });
    const r1 = await fetch(data.url!, { redirect: 'manual' });
    const pageUrl = r1.headers.get('location')!;
    const pageIn = async (acceptLanguage: string) =>
      (await fetch(pageUrl, { headers: { 'Accept-Language': acceptLanguage } })).text();
    for (const [accept, lang, go] of [
      ['zh-CN,zh;q=0.9', 'zh', '继续'],
      ['ko-KR,ko;q=0.9,en;q=0.5', 'ko', '계속'],
      ['ja', 'ja', '続ける'],
      ['de-DE,de;q=0.9', 'en', 'Continue'],
    ] as const) {
      const html = await pageIn(accept);
      expect(html).toContain(`<html lang="${lang}">`);
      expect(html).toContain(`<button type="submit">${go}</button>`);
    }
  });

  it('PKCE flow: redirect_to?code=…, exchanged once for a session with the code verifier', async () => {
    const email = uniqueEmail('pkce');
    const c = client('pkce');
    const { data } = await c.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: `${site}/auth/callback`, skipBrowserRedirect: true },
    });
    const authorize = new URL(data.url!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('s256');
    const { location } = await throughConsent(data.url!, { email, name: 'Minh' });
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${site}/auth/callback`);
    expect(url.hash).toBe('');
    const code = url.searchParams.get('code')!;
    expect(code).toBeTruthy();
    const flow = await s.db.query<{ n: string }>(
      "select count(*)::text as n from auth.flow_state where auth_code = $1 and provider_type = 'google'",
      [code],
    );
    expect(flow.rows[0]!.n).toBe('1');

    const ex = await c.auth.exchangeCodeForSession(code);
    expect(ex.error).toBeNull();
    expect(ex.data.session!.user.email).toBe(email);
    expect(ex.data.session!.provider_token).toMatch(/^local-google-/);
    expect(decode(ex.data.session!.access_token).amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }]);
    // A code works once.
    const reuse = await fetch(`${s.apiUrl}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: s.config.auth.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(56) }),
    });
    expect(reuse.status).toBe(404);
    expect((await reuse.json()).code).toBe('flow_state_not_found');
  });

  it('PKCE: a wrong code verifier is refused with 403 bad_code_verifier', async () => {
    const verifier = 'v'.repeat(64);
    const challenge = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))).toString(
      'base64url',
    );
    const authorize = `${s.apiUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(site)}&code_challenge=${challenge}&code_challenge_method=s256`;
    const { location } = await throughConsent(authorize, { email: uniqueEmail('verifier'), name: 'V' });
    const code = new URL(location).searchParams.get('code')!;
    const post = (code_verifier: string) =>
      fetch(`${s.apiUrl}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: s.config.auth.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ auth_code: code, code_verifier }),
      });
    const bad = await post('w'.repeat(64));
    expect(bad.status).toBe(403);
    expect((await bad.json()).code).toBe('bad_code_verifier');
    const good = await post(verifier);
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ token_type: 'bearer', user: { app_metadata: { provider: 'google' } } });
  });

  it('redirects only to site_url hosts or allow-listed globs, else to site_url', async () => {
    const target = async (redirectTo: string) => {
      const { location } = await throughConsent(
        `${s.apiUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(redirectTo)}`,
        {
          email: uniqueEmail('redirect'),
        },
      );
      const u = new URL(location);
      return `${u.origin}${u.pathname}${u.search}`;
    };
    expect(await target('http://127.0.0.1:3003/deep/path?x=1')).toBe('http://127.0.0.1:3003/deep/path?x=1');
    expect(await target('http://localhost:3000/account')).toBe('http://localhost:3000/account');
    expect(await target('https://evil.example/steal')).toBe(`${site}/`);
    expect(await target('http://127.0.0.1:3004/x')).toBe(`${site}/`);
  });

  it('never links Google to an existing password account with the same e-mail: the page refuses and says why', async () => {
    // The stand-in verifies no e-mail, so (as GoTrue does for unverified provider e-mails) it links nothing.
    const email = uniqueEmail('link');
    const up = await s.anon().auth.signUp({ email, password: 'secret123' });
    const r1 = await fetch(`${s.apiUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(site)}`, {
      redirect: 'manual',
    });
    const html = await (await fetch(r1.headers.get('location')!)).text();
    const state = /name="state" value="([^"]+)"/.exec(html)![1]!;
    const r2 = await fetch(`${s.apiUrl}/auth/v1/callback`, {
      method: 'POST',
      body: new URLSearchParams({ state, email, name: 'Linked' }),
      redirect: 'manual',
    });
    expect(r2.status).toBe(400);
    expect(r2.headers.get('location')).toBeNull();
    expect(await r2.text()).toMatch(
      /<p class="err" role="alert">This e-mail address belongs to an account that signs in with a password/,
    );
    const user = (await s.service().auth.admin.getUserById(up.data.user!.id)).data.user!;
    expect(user.app_metadata.providers).toEqual(['email']);
    expect(user.identities!.map((i) => i.provider)).toEqual(['email']);
    // The password still works.
    expect((await s.anon().auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();
  });

  it('reports errors in the redirect: banned user, cancelled consent; refuses unknown or disabled providers', async () => {
    // A Google account (made through the stand-in) that an administrator banned since.
    const email = uniqueEmail('banned');
    const first = await throughConsent(
      `${s.apiUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(site)}`,
      { email },
    );
    const userId = decode(new URLSearchParams(new URL(first.location).hash.slice(1)).get('access_token')!)
      .sub as string;
    await s.service().auth.admin.updateUserById(userId, { ban_duration: '24h' });
    await s.db.query('delete from auth.sessions where user_id = $1', [userId]);
    const banned = await throughConsent(
      `${s.apiUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(site)}`,
      { email },
    );
    const frag = new URLSearchParams(new URL(banned.location).hash.slice(1));
    expect(frag.get('error_code')).toBe('user_banned');
    expect(frag.get('access_token')).toBeNull();
    expect((await s.db.query('select 1 from auth.sessions where user_id = $1', [userId])).rows).toHaveLength(0);

    const cancelled = await throughConsent(
      `${s.apiUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(site)}`,
      { cancel: '1' },
    );
    expect(new URLSearchParams(new URL(cancelled.location).hash.slice(1)).get('error')).toBe('access_denied');

    for (const provider of ['github', 'nope']) {
      const r = await fetch(`${s.apiUrl}/auth/v1/authorize?provider=${provider}`, { redirect: 'manual' });
      expect(r.status).toBe(400);
      expect((await r.json()).code).toBe('validation_failed');
    }
  });
});
