// Sessions on a bad link (issue 32, spec section 4): a token refresh that fails for network reasons
// never signs the user out; the keeper retries after 30 s, doubling up to 16 minutes, and the session
// goes on when the network returns. A disabled account, or a session ended on the server, is still
// signed out at the next refresh, even with no realtime connection to say so. The hour of a token's
// life and the backoff run on Playwright's clock (page.clock), not in real time.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { API, STORAGE_KEY, openSignedIn, passwordSession, rpc } from './shell-support.ts';

const expect = baseExpect.configure({ timeout: 20_000 });
const SERVICE_KEY =
  process.env.SERVICE_ROLE_KEY ??
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const serviceHeaders = {
  apikey: SERVICE_KEY,
  authorization: `Bearer ${SERVICE_KEY}`,
  'content-type': 'application/json',
};
const REFRESH = `${API}/auth/v1/token?grant_type=refresh_token`;

type Keeper = {
  tracking: boolean;
  failures: number;
  expired: boolean;
  failedAt: number | null;
  retryAt: number | null;
} | null;
const keeper = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __GUESTMAP__?: { session?: () => Keeper } }).__GUESTMAP__?.session?.() ?? null,
  );
const storedExpiry = (page: Page) =>
  page.evaluate(
    (k) => (JSON.parse(localStorage.getItem(k) ?? 'null') as { expires_at?: number } | null)?.expires_at ?? 0,
    STORAGE_KEY,
  );
const signedIn = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Account' });
const signInButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Sign in' });

async function throwawayAccount(prefix: string): Promise<{ id: string; email: string }> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@demo.test`;
  const res = await fetch(`${API}/auth/v1/admin/users`, {
    method: 'POST',
    headers: serviceHeaders,
    body: JSON.stringify({ email, password: 'demo-pass-123', email_confirm: true }),
  });
  if (!res.ok) throw new Error(`creating ${email}: ${res.status} ${await res.text()}`);
  return { id: ((await res.json()) as { id: string }).id, email };
}
const deleteAccount = (id: string) =>
  fetch(`${API}/auth/v1/admin/users/${id}`, { method: 'DELETE', headers: serviceHeaders });

/** Signed in with the clock under the test's control; returns when the keeper follows the session. */
async function openOnTestClock(page: Page, email: string) {
  await page.clock.install();
  const session = await passwordSession(email);
  await openSignedIn(page, session, '/hotels');
  await expect(signedIn(page)).toBeVisible();
  // The sign-in's forced refresh is done (a new refresh token is stored) and the keeper tracks its token.
  await expect
    .poll(() =>
      page.evaluate(
        (k) => (JSON.parse(localStorage.getItem(k) ?? '{}') as { refresh_token?: string }).refresh_token,
        STORAGE_KEY,
      ),
    )
    .not.toBe(session.refresh_token);
  await expect.poll(() => keeper(page)).toMatchObject({ tracking: true, failures: 0 });
}

/** Runs the page's clock up to the keeper's refresh: 5 minutes before the stored token expires. */
async function runToRefresh(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.runFor((await storedExpiry(page)) * 1000 - 5 * 60_000 - now + 1000);
}

test('a refresh refused by the network never signs out: retried after 30 s, 1, 2, 4, 8, 16, 16 min; back online, the session goes on', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openOnTestClock(page, 'traveller@demo.test');
  let down = true;
  let refused = 0;
  await page.route(REFRESH, (route) => {
    if (!down) return route.continue();
    refused++;
    return route.abort('internetdisconnected');
  });
  const firstExpiry = await storedExpiry(page);
  await runToRefresh(page);
  /** Runs the page clock second by second until the keeper has counted `n` failed refreshes. */
  const untilFailures = async (n: number) => {
    // supabase-js retries a refused refresh itself for up to 30 s (of the page's clock) before giving
    // up; each of its retries waits for the refused request to come back, in real time.
    const until = Date.now() + 60_000;
    while (Date.now() < until && (await keeper(page))?.failures !== n) {
      await page.clock.runFor(500);
      await new Promise((r) => setTimeout(r, 20));
    }
    const k = (await keeper(page))!;
    const now = await page.evaluate(() => Date.now());
    baseExpect(
      k.failures,
      `failed refreshes counted (refused requests ${refused}, keeper ${JSON.stringify(k)}, token expires in ${(await storedExpiry(page)) - now / 1000} s)`,
    ).toBe(n);
    return k;
  };
  const delays = [30, 60, 120, 240, 480, 960, 960];
  for (const [i, s] of delays.entries()) {
    const k = await untilFailures(i + 1);
    // The retry is due s seconds after the failure...
    baseExpect(k.retryAt! - k.failedAt!, `retry ${i + 1}`).toBe(s * 1000);
    // ...the keeper tries nothing before it (supabase-js's own refresh before a request may)...
    await page.clock.runFor(k.retryAt! - (await page.evaluate(() => Date.now())) - 1500);
    baseExpect(await keeper(page), `no retry ${i + 1} before it is due`).toMatchObject({
      failures: i + 1,
      retryAt: k.retryAt,
    });
    // ...and then it is sent (and refused again).
    const sent = refused;
    await page.clock.runFor(3000);
    await expect.poll(() => refused, { message: `retry ${i + 1} sent after ${s} s` }).toBeGreaterThan(sent);
    // Still signed in, the session still kept, whatever the token's age.
    await expect(signedIn(page)).toBeVisible();
    baseExpect(await storedExpiry(page)).toBe(firstExpiry);
  }
  await untilFailures(delays.length + 1);
  baseExpect((await keeper(page))?.expired).toBe(true);
  baseExpect(refused).toBeGreaterThanOrEqual(delays.length + 1);
  await expect(page.getByText('Your session has ended')).toHaveCount(0);

  // The network returns: the next retry (16 min later) refreshes, and the user never noticed.
  down = false;
  await page.clock.runFor(960_000 + 2000);
  await expect.poll(() => keeper(page)).toMatchObject({ tracking: true, failures: 0 });
  // A new token (the server's clock is real time, the page's ran two hours ahead: compare expiries only).
  baseExpect(await storedExpiry(page)).toBeGreaterThan(firstExpiry);
  await expect(signedIn(page)).toBeVisible();
});

test.describe('with no realtime connection (the live profile cannot say it)', () => {
  test.beforeEach(async ({ page }) => {
    // The realtime socket opens but never reaches the server: no push ever arrives.
    await page.routeWebSocket(/\/realtime\/v1\/websocket/, () => undefined);
  });

  test('an account banned in the auth admin (its sessions kept) is signed out at the next refresh, told it is disabled', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const user = await throwawayAccount('refresh-banned');
    try {
      await openOnTestClock(page, user.email);
      const ban = await fetch(`${API}/auth/v1/admin/users/${user.id}`, {
        method: 'PUT',
        headers: serviceHeaders,
        body: JSON.stringify({ ban_duration: '876000h' }),
      });
      baseExpect(ban.status).toBe(200);
      await runToRefresh(page);
      await expect(signInButton(page)).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Your account has been disabled' })).toBeVisible();
      await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY)).toBeNull();
    } finally {
      await deleteAccount(user.id);
    }
  });

  test('an account disabled by an administrator (its sessions deleted) is signed out at the next refresh', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const admin = await passwordSession('admin@demo.test');
    const user = await throwawayAccount('refresh-disabled');
    try {
      await openOnTestClock(page, user.email);
      await rpc(admin, 'admin_set_user_disabled', { p_user_id: user.id, p_disabled: true });
      await runToRefresh(page);
      await expect(signInButton(page)).toBeVisible();
      // Its refresh token is gone with its sessions: without the live profile the page cannot tell why.
      await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
      await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY)).toBeNull();
    } finally {
      await deleteAccount(user.id);
    }
  });

  test('a session ended on the server (signed out everywhere) is signed out at the next refresh', async ({ page }) => {
    test.setTimeout(120_000);
    const user = await throwawayAccount('refresh-ended');
    try {
      await openOnTestClock(page, user.email);
      // "Sign out everywhere" from another device: every refresh token of the user is revoked.
      const other = await passwordSession(user.email);
      const out = await fetch(`${API}/auth/v1/logout?scope=global`, {
        method: 'POST',
        headers: { apikey: SERVICE_KEY, authorization: `Bearer ${other.access_token}` },
      });
      baseExpect(out.status).toBe(204);
      await runToRefresh(page);
      await expect(signInButton(page)).toBeVisible();
      await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
      await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), STORAGE_KEY)).toBeNull();
    } finally {
      await deleteAccount(user.id);
    }
  });
});
