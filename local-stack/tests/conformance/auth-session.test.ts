// Session lifecycle: refresh-token rotation, reuse inside and outside the reuse interval (the
// whole family is revoked on late reuse), unknown tokens, sign-out scopes, and amr kept on refresh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '../../testing/stack.ts';

afterAll(stopPgServer);

const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let n = 0;
const uniqueEmail = () => `session-${Date.now().toString(36)}-${++n}@example.com`;

async function refreshRaw(s: TestStack, refreshToken: string) {
  const res = await fetch(`${s.apiUrl}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: {
      apikey: s.config.auth.anonKey,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe.each(BACKENDS)('auth sessions on %s', (backend) => {
  let s: TestStack;
  const password = 'secret123';

  beforeAll(async () => {
    s = await startTestStack(backend, {
      seed: false,
      configure: (c) => {
        // GoTrue with mailer autoconfirm (the CLI's default): sign-up signs in. The project's own
        // setting (confirmations on) is covered by tests/security/confirmations.test.ts.
        c.auth.email.enableConfirmations = false;
        c.auth.refreshTokenReuseInterval = 1;
        for (const k of Object.keys(c.auth.rateLimit) as (keyof typeof c.auth.rateLimit)[])
          c.auth.rateLimit[k] = 10_000;
      },
    });
  });
  afterAll(async () => {
    await s?.stop();
  });

  async function newUser() {
    const email = uniqueEmail();
    const { data, error } = await s.anon().auth.signUp({ email, password });
    expect(error).toBeNull();
    return { email, session: data.session!, id: data.user!.id };
  }

  it('rotates the refresh token on every refresh and keeps the session and amr', async () => {
    const { session } = await newUser();
    const c = s.anon();
    await c.auth.setSession(session);
    const { data, error } = await c.auth.refreshSession();
    expect(error).toBeNull();
    const next = data.session!;
    expect(next.refresh_token).not.toBe(session.refresh_token);
    const before = decode(session.access_token);
    const after = decode(next.access_token);
    expect(after.session_id).toBe(before.session_id);
    expect(after.iat as number).toBeGreaterThanOrEqual(before.iat as number);
    expect(after.amr).toEqual(before.amr);
    expect(next.user.id).toBe(session.user.id);
    const rows = await s.db.query<{ token: string; revoked: boolean; parent: string | null }>(
      'select token, revoked, parent from auth.refresh_tokens where session_id = $1 order by id',
      [after.session_id],
    );
    expect(rows.rows).toEqual([
      { token: session.refresh_token, revoked: true, parent: null },
      { token: next.refresh_token, revoked: false, parent: session.refresh_token },
    ]);
  });

  it('reuse of a parent inside the interval returns the active child; later reuse revokes the family', async () => {
    const { session } = await newUser();
    const first = await refreshRaw(s, session.refresh_token);
    expect(first.status).toBe(200);
    const child = first.body.refresh_token as string;
    // Widen the interval for the "inside" half so a loaded machine cannot make it flaky.
    s.config.auth.refreshTokenReuseInterval = 10;
    try {
      const again = await refreshRaw(s, session.refresh_token);
      expect(again.status).toBe(200);
      expect(again.body.refresh_token).toBe(child);
    } finally {
      s.config.auth.refreshTokenReuseInterval = 1;
    }

    await sleep(1300);
    const late = await refreshRaw(s, session.refresh_token);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('refresh_token_already_used');
    // The child was revoked with its family: whoever holds it is signed out too.
    const stolen = await refreshRaw(s, child);
    expect(stolen.status).toBe(400);
    expect(stolen.body.code).toBe('refresh_token_already_used');
    const viaClient = await s.anon().auth.refreshSession({ refresh_token: child });
    expect(viaClient.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
  });

  it('parallel refreshes of one token (two tabs) all succeed with the same single child', async () => {
    const { session } = await newUser();
    s.config.auth.refreshTokenReuseInterval = 10;
    try {
      const results = await Promise.all(Array.from({ length: 5 }, () => refreshRaw(s, session.refresh_token)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const children = new Set(results.map((r) => r.body.refresh_token));
      expect(children.size).toBe(1);
      const sid = decode(session.access_token).session_id;
      const rows = await s.db.query('select 1 from auth.refresh_tokens where session_id = $1', [sid]);
      expect(rows.rows).toHaveLength(2);
    } finally {
      s.config.auth.refreshTokenReuseInterval = 1;
    }
  });

  it('answers 400 refresh_token_not_found for an unknown refresh token', async () => {
    const r = await refreshRaw(s, 'no-such-token-at-all');
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('refresh_token_not_found');
    const viaClient = await s.anon().auth.refreshSession({ refresh_token: 'no-such-token-either' });
    expect(viaClient.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('signs out with scope others, local and global', async () => {
    const { email } = await newUser();
    const signIn = async () => {
      const c = s.anon();
      const { data, error } = await c.auth.signInWithPassword({ email, password });
      expect(error).toBeNull();
      return { c, session: data.session! };
    };
    const a = await signIn();
    const b = await signIn();
    const c = await signIn();

    expect((await a.c.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await refreshRaw(s, b.session.refresh_token)).body.code).toBe('refresh_token_not_found');
    expect((await refreshRaw(s, c.session.refresh_token)).body.code).toBe('refresh_token_not_found');
    const stillA = await a.c.auth.getUser();
    expect(stillA.error).toBeNull();

    const raw = await fetch(`${s.apiUrl}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: { apikey: s.config.auth.anonKey, Authorization: `Bearer ${a.session.access_token}` },
    });
    expect(raw.status).toBe(204);
    expect(raw.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    const afterLocal = await s.anon().auth.getUser(a.session.access_token);
    expect(afterLocal.error?.name).toBe('AuthSessionMissingError');

    const d = await signIn();
    const e = await signIn();
    expect((await d.c.auth.signOut()).error).toBeNull(); // default scope: global
    expect((await refreshRaw(s, e.session.refresh_token)).body.code).toBe('refresh_token_not_found');
    const sessions = await s.db.query(
      'select 1 from auth.sessions s join auth.users u on u.id = s.user_id where u.email = $1',
      [email],
    );
    expect(sessions.rows).toHaveLength(0);
    // The signed-out client has no session left.
    expect((await d.c.auth.getSession()).data.session).toBeNull();
  });

  it('issues access tokens with the configured lifetime', async () => {
    const prev = s.config.auth.jwtExpiry;
    s.config.auth.jwtExpiry = 5;
    try {
      const { session } = await newUser();
      expect(session.expires_in).toBe(5);
      const claims = decode(session.access_token);
      expect((claims.exp as number) - (claims.iat as number)).toBe(5);
    } finally {
      s.config.auth.jwtExpiry = prev;
    }
  });
});
