// Security of the auth stand-ins (issue #26), on PGlite and on PostgreSQL 15, each test as an attacker
// would try it: the local Google stand-in as a password-free way into someone else's account, reset codes
// guessed (by e-mail + code, or by the token_hash form computed from them, in parallel), the API's CORS
// answer to a foreign page, and the mail inbox read or cleared from a foreign page.
import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

const ADMIN_ID = '00000000-0000-4000-a000-000000000001';
const FOREIGN = 'https://evil.example';
/** Wrong tries a reset code survives; the next wrong one kills it. */
const TRIES = 5;
let n = 0;
const uniqueEmail = (p: string) => `${p}-${Date.now().toString(36)}-${++n}@example.com`;
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe.each(BACKENDS)('auth security on %s', (backend) => {
  let s: TestStack;

  beforeAll(async () => {
    s = await startTestStack(backend, {
      configure: (c) => {
        c.auth.email.maxFrequencySeconds = 0;
        for (const k of Object.keys(c.auth.rateLimit) as (keyof typeof c.auth.rateLimit)[])
          c.auth.rateLimit[k] = 10_000;
      },
    });
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** Plays the browser on the stand-in: /authorize → its page → the form posted with `form`. */
  async function standIn(form: Record<string, string>) {
    const start = await fetch(
      `${s.apiUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(s.config.auth.siteUrl)}`,
      { redirect: 'manual' },
    );
    const page = await (await fetch(start.headers.get('location')!)).text();
    const state = /name="state" value="([^"]+)"/.exec(page)![1]!;
    const res = await fetch(`${s.apiUrl}/auth/v1/callback`, {
      method: 'POST',
      body: new URLSearchParams({ state, ...form }),
      redirect: 'manual',
    });
    const location = res.headers.get('location');
    const fragment = new URLSearchParams(location ? new URL(location).hash.slice(1) : '');
    return {
      page,
      status: res.status,
      location,
      accessToken: fragment.get('access_token'),
      body: location ? '' : await res.text(),
    };
  }

  async function codeFor(email: string): Promise<string> {
    const mail = s.mailbox.list().find((m) => m.to[0]!.address === email);
    expect(mail, `a mail to ${email}`).toBeTruthy();
    return /\b(\d{6})\b/.exec(mail!.text)![1]!;
  }
  async function userWithResetCode(prefix: string) {
    const email = uniqueEmail(prefix);
    const created = await s.service().auth.admin.createUser({ email, password: 'old-password-1', email_confirm: true });
    expect(created.error).toBeNull();
    expect((await s.anon().auth.resetPasswordForEmail(email)).error).toBeNull();
    const code = await codeFor(email);
    return {
      email,
      id: created.data.user!.id,
      code,
      wrong: (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    };
  }
  const verify = async (body: Record<string, string>) => {
    const res = await fetch(`${s.apiUrl}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: s.config.auth.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('the Google stand-in says it is a local stand-in, lists no accounts, and signs nobody into an account it did not create (admin included)', async () => {
    // Someone signed in through the stand-in before: the page must not show that address to the next visitor.
    const earlier = uniqueEmail('earlier-google');
    const first = await standIn({ email: earlier, name: 'Earlier Visitor' });
    expect(first.accessToken).toBeTruthy();

    const adminSessions = async () =>
      Number(
        (await s.db.query<{ n: number }>('select count(*) as n from auth.sessions where user_id = $1', [ADMIN_ID]))
          .rows[0]!.n,
      );
    const sessionsBefore = await adminSessions();
    const attempt = await standIn({ email: 'admin@demo.test', name: 'Not Ada' });
    // No admin session (none in the database, no token nor code handed back), no Google identity grafted onto
    // the admin, a clear refusal on the page.
    expect(await adminSessions()).toBe(sessionsBefore);
    expect(attempt.location).toBeNull();
    expect(attempt.accessToken).toBeNull();
    expect(attempt.status).toBe(400);
    expect(attempt.body).toMatch(/role="alert"[^>]*>[^<]*password/i);
    const ids = await s.db.query<{ provider: string }>(
      'select provider from auth.identities where user_id = $1 order by provider',
      [ADMIN_ID],
    );
    expect(ids.rows.map((r) => r.provider)).toEqual(['email']);
    // The page the visitor saw: titled as a local stand-in, no address of anyone else on it.
    expect(attempt.page).toMatch(/<title>[^<]*local[^<]*stand-in[^<]*<\/title>/i);
    expect(attempt.page).toMatch(/<h1>[^<]*stand-in[^<]*<\/h1>/i);
    expect(attempt.page).not.toContain(earlier);
    expect(attempt.page).not.toContain('Earlier Visitor');
    expect(attempt.page).not.toContain('@demo.test');

    // Nor an account whose e-mail nobody has confirmed (a pre-registered address, no password).
    const pending = uniqueEmail('unconfirmed');
    const made = await s.service().auth.admin.createUser({ email: pending, email_confirm: false });
    expect(made.error).toBeNull();
    const second = await standIn({ email: pending });
    expect(second.accessToken).toBeNull();
    expect(
      (
        await s.db.query("select 1 from auth.identities where user_id = $1 and provider = 'google'", [
          made.data.user!.id,
        ])
      ).rows,
    ).toHaveLength(0);

    // The visitor who made a stand-in account still gets back into it.
    const again = await standIn({ email: earlier });
    expect(claimsOf(again.accessToken!).sub).toBe(claimsOf(first.accessToken!).sub);
  });

  it(`a reset code dies after ${TRIES} wrong tries: even the right code fails after them`, async () => {
    // Fewer wrong tries leave the code usable (a typo is not fatal).
    const ok = await userWithResetCode('typo');
    for (let i = 0; i < TRIES - 1; i++)
      expect((await verify({ type: 'recovery', email: ok.email, token: ok.wrong(i) })).body.code).toBe('otp_expired');
    expect((await verify({ type: 'recovery', email: ok.email, token: ok.code })).status).toBe(200);

    const u = await userWithResetCode('guessed');
    for (let i = 0; i < TRIES; i++) {
      const r = await verify({ type: 'recovery', email: u.email, token: u.wrong(i) });
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('otp_expired');
    }
    const right = await verify({ type: 'recovery', email: u.email, token: u.code });
    expect(right.status).toBe(403);
    expect(right.body.code).toBe('otp_expired');
    expect(right.body).not.toHaveProperty('access_token');
  });

  it('the token_hash form is not sha224(email + code), and shares the code’s wrong-try budget and expiry', async () => {
    const u = await userWithResetCode('hash');
    const computed = crypto
      .createHash('sha224')
      .update(u.email + u.code)
      .digest('hex');
    const guessed = await verify({ type: 'recovery', token_hash: computed });
    expect(guessed.status).toBe(403);
    expect(guessed.body.code).toBe('otp_expired');
    // The link's token (what a {{ .TokenHash }} template would mail) is random, kept server-side, and works once.
    const link = (await s.db.query<{ t: string }>('select recovery_token as t from auth.users where id = $1', [u.id]))
      .rows[0]!.t;
    expect(link).not.toBe(computed);
    const viaLink = await verify({ type: 'recovery', token_hash: link });
    expect(viaLink.status).toBe(200);
    expect(viaLink.body).toMatchObject({ user: { id: u.id } });
    expect((await verify({ type: 'recovery', email: u.email, token: u.code })).status).toBe(403);

    // Wrong codes kill the link too: one budget per code, whichever form is used.
    const v = await userWithResetCode('hash-dies');
    const vLink = (await s.db.query<{ t: string }>('select recovery_token as t from auth.users where id = $1', [v.id]))
      .rows[0]!.t;
    for (let i = 0; i < TRIES; i++) await verify({ type: 'recovery', email: v.email, token: v.wrong(i) });
    expect((await verify({ type: 'recovery', token_hash: vLink })).status).toBe(403);

    // Expired (otp_expiry from config.toml): neither form works.
    const w = await userWithResetCode('hash-expired');
    const wLink = (await s.db.query<{ t: string }>('select recovery_token as t from auth.users where id = $1', [w.id]))
      .rows[0]!.t;
    await s.db.query(`update auth.users set recovery_sent_at = now() - make_interval(secs => $2 + 1) where id = $1`, [
      w.id,
      s.config.auth.email.otpExpiry,
    ]);
    expect((await verify({ type: 'recovery', token_hash: wLink })).status).toBe(403);
    expect((await verify({ type: 'recovery', email: w.email, token: w.code })).status).toBe(403);
  });

  it(`20 wrong tries in parallel count at most ${TRIES}: the right code is dead afterwards`, async () => {
    const u = await userWithResetCode('parallel');
    // On PostgreSQL a second stack on the same database takes half the tries: two pools of 10, so the 20
    // tries run on up to 20 connections at once (the count must hold in the database, not in one process).
    const other =
      backend === 'postgres'
        ? await startTestStack(backend, {
            databaseUrl: s.dbUrl!,
            seed: false,
            configure: (c) => Object.assign(c.auth.rateLimit, s.config.auth.rateLimit),
          })
        : null;
    const apis = [s.apiUrl, other?.apiUrl ?? s.apiUrl];
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await fetch(`${apis[i % 2]}/auth/v1/verify`, {
          method: 'POST',
          headers: { apikey: s.config.auth.anonKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({ type: 'recovery', email: u.email, token: u.wrong(i) }),
        });
        return { status: res.status };
      }),
    );
    await other?.stop();
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(403));
    const right = await verify({ type: 'recovery', email: u.email, token: u.code });
    expect(right.status).toBe(403);
    const counted = await s.db.query<{ n: number }>(
      "select failed_attempts as n from _auth.otp_codes where user_id = $1 and token_type = 'recovery_token'",
      [u.id],
    );
    expect(counted.rows.map((r) => Number(r.n))).toEqual([TRIES]);
  });

  it('the API never hands a foreign page credentials nor reflects its origin (the gateway answers *)', async () => {
    for (const origin of [FOREIGN, 'http://localhost:3000']) {
      const res = await fetch(`${s.apiUrl}/rest/v1/customers?select=id&limit=1`, {
        headers: { apikey: s.config.auth.anonKey, Origin: origin },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const pre = await fetch(`${s.apiUrl}/auth/v1/token?grant_type=password`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'apikey, content-type, authorization',
        },
      });
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
      expect(pre.headers.get('access-control-allow-origin')).toBe('*');
      expect(pre.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    }
  });

  it('the mail inbox answers its own pages and local tools only, never a foreign page', async () => {
    const u = await userWithResetCode('inbox');
    const own = new URL(s.inboxUrl).origin;
    const list = await fetch(`${s.inboxUrl}/api/v1/messages`, { headers: { Origin: FOREIGN } });
    expect(list.status).toBe(403);
    expect(list.headers.get('access-control-allow-origin')).toBeNull();
    expect(await list.text()).not.toContain(u.email);
    const pre = await fetch(`${s.inboxUrl}/api/v1/messages`, {
      method: 'OPTIONS',
      headers: { Origin: FOREIGN, 'Access-Control-Request-Method': 'DELETE' },
    });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    expect(pre.headers.get('access-control-allow-methods')).toBeNull();
    // A foreign form posting "Delete all" (no preflight for a form) changes nothing.
    const cleared = await fetch(`${s.inboxUrl}/clear`, {
      method: 'POST',
      headers: { Origin: FOREIGN, 'Sec-Fetch-Site': 'cross-site' },
      redirect: 'manual',
    });
    expect(cleared.status).toBe(403);
    expect(s.mailbox.list().some((m) => m.to[0]!.address === u.email)).toBe(true);
    // The app's pages on another port of the same host are same-site, not same-origin: foreign too.
    const sameSite = await fetch(`${s.inboxUrl}/api/v1/messages`, { headers: { 'Sec-Fetch-Site': 'same-site' } });
    expect(sameSite.status).toBe(403);
    // DNS rebinding: a foreign name pointed at 127.0.0.1 is refused by its Host header.
    const rebound = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${s.inboxUrl}/api/v1/messages`);
      http
        .get(
          { host: url.hostname, port: url.port, path: url.pathname, headers: { Host: `evil.example:${url.port}` } },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        )
        .on('error', reject);
    });
    expect(rebound).toBe(403);

    // Its own page and tools without an Origin (tests, curl, Mailpit clients) still work.
    const mine = await fetch(`${s.inboxUrl}/api/v1/messages`, {
      headers: { Origin: own, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(mine.status).toBe(200);
    expect(((await mine.json()) as { total: number }).total).toBeGreaterThan(0);
    expect((await fetch(`${s.inboxUrl}/`)).status).toBe(200);
    expect((await fetch(`${s.inboxUrl}/api/v1/messages`)).status).toBe(200);
  });
});
