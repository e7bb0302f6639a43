// The session keeper and the live profile, in the browser against the local stack.
import crypto from 'node:crypto';
import { expect as baseExpect, test } from '@playwright/test';
import {
  ANON_KEY,
  API,
  STORAGE_KEY,
  openSignedIn,
  passwordSession,
  rpc,
  state,
  type StoredSession,
} from './shell-support.ts';

// Sign-in flows and remote screens are slow on a loaded CI machine: allow them time.
const expect = baseExpect.configure({ timeout: 20_000 });

const JWT_SECRET = process.env.JWT_SECRET ?? 'super-secret-jwt-token-with-at-least-32-characters-long';
/** Token lifetime for this test: the stack's own when started with a short JWT_EXPIRY, else 24 s. */
const STACK_EXPIRY = Number(process.env.JWT_EXPIRY ?? 0);
const LIFETIME_S = STACK_EXPIRY > 0 && STACK_EXPIRY < 300 ? STACK_EXPIRY : 24;

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');
/**
 * Re-issues an access token with a short lifetime, signed with the stack's JWT secret: exactly the
 * token a stack started with JWT_EXPIRY=<LIFETIME_S> would hand out (the server verifies it as usual).
 */
function shortLived(token: string): { token: string; exp: number } {
  const [h, p] = token.split('.');
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + LIFETIME_S;
  const payload = b64url(JSON.stringify({ ...claims, iat, exp }));
  const sig = crypto.createHmac('sha256', JWT_SECRET).update(`${h}.${payload}`).digest('base64url');
  return { token: `${h}.${payload}.${sig}`, exp };
}
function shorten(s: StoredSession): StoredSession {
  if (LIFETIME_S === STACK_EXPIRY) return s;
  const { token, exp } = shortLived(s.access_token);
  return { ...s, access_token: token, expires_in: LIFETIME_S, expires_at: exp };
}

test('the session survives several refreshes of a short-lived token without the user noticing', async ({ page }) => {
  test.setTimeout(120_000);
  const refreshes: number[] = [];
  await page.route(`${API}/auth/v1/token?grant_type=refresh_token`, async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as StoredSession;
    refreshes.push(Date.now());
    await route.fulfill({ response: res, json: res.ok() && body.access_token ? shorten(body) : body });
  });
  await openSignedIn(page, shorten(await passwordSession('traveller@demo.test')), '/hotels');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
  // supabase-js refreshes on its own, before any request, a session within 90 s of expiry: with a
  // token shorter than that, every request of the first page load refreshes. Measure once it settled.
  await page.waitForLoadState('networkidle');
  // Settled: no refresh for 3 s (on a slow machine some of the first load's requests come after the
  // network first went idle, each refreshing once).
  let seen = -1;
  let since = Date.now();
  await expect
    .poll(
      () => {
        if (refreshes.length !== seen) [seen, since] = [refreshes.length, Date.now()];
        return Date.now() - since;
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBeGreaterThanOrEqual(3000);
  const baseline = refreshes.length;
  const start = Date.now();
  // From here only the keeper refreshes: about one every LIFETIME_S / 2 seconds.
  await expect
    .poll(() => refreshes.length - baseline, { timeout: LIFETIME_S * 2.5 * 1000, intervals: [1000] })
    .toBeGreaterThanOrEqual(3);
  const elapsed = (Date.now() - start) / 1000;
  // No refresh loop (a loop makes one or more a second): the keeper's one per half lifetime, plus at most
  // one of supabase-js's own per cycle (its 90 s margin is longer than this token's whole life).
  expect(refreshes.length - baseline).toBeLessThanOrEqual(2 * Math.ceil(elapsed / (LIFETIME_S / 2)) + 1);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.locator('.gm-toast')).toHaveCount(0);
  // The current token still works against the API: the user's own lists load.
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
  await expect.poll(async () => (await state(page)).auth.myCustomers.map((c) => c.id)).toEqual(['hanoi']);
});

test('an account disabled by an administrator is signed out within 5 seconds', async ({ browser }) => {
  const admin = await passwordSession('admin@demo.test');
  const USER_ID = '00000000-0000-4000-a000-000000000004'; // disabled@demo.test, disabled in the seed
  await rpc(admin, 'admin_set_user_disabled', { p_user_id: USER_ID, p_disabled: false });
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await openSignedIn(page, await passwordSession('disabled@demo.test'), '/hotels');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
    // The live subscription is up once the profile has loaded; give the channel a moment to join.
    await expect.poll(async () => (await state(page)).auth.profile?.language).toBe('en-US');
    await page.waitForFunction(
      () => (window as unknown as { __GUESTMAP__: { realtime?: () => string } }).__GUESTMAP__.realtime?.() === 'joined',
    );
    // An administrator disables the account from another browser.
    const adminPage = await browser.newPage();
    await openSignedIn(adminPage, admin, '/hotels');
    await expect(adminPage.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
    const status = await adminPage.evaluate(
      async ([api, key, storageKey, userId]) => {
        const token = (JSON.parse(localStorage.getItem(storageKey!)!) as { access_token: string }).access_token;
        const res = await fetch(`${api}/rest/v1/rpc/admin_set_user_disabled`, {
          method: 'POST',
          headers: { apikey: key!, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ p_user_id: userId, p_disabled: true }),
        });
        return res.status;
      },
      [API, ANON_KEY, STORAGE_KEY, USER_ID],
    );
    expect(status).toBeLessThan(300);
    await adminPage.close();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 5000 });
    await expect(page.getByRole('alert').filter({ hasText: 'Your account has been disabled' })).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('auth-token')))).toEqual([]);
  } finally {
    // Leave the seed as it was: this account is disabled.
    await rpc(admin, 'admin_set_user_disabled', { p_user_id: USER_ID, p_disabled: true });
    await context.close();
  }
});

test('an account deleted on the server: "No account associated with this email", then signed out', async ({ page }) => {
  const SERVICE_KEY =
    process.env.SERVICE_ROLE_KEY ??
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
  const admin = { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json' };
  // A throwaway account of its own, so no seeded data changes.
  const email = `deleted-${Date.now()}@demo.test`;
  const created = await fetch(`${API}/auth/v1/admin/users`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ email, password: 'demo-pass-123', email_confirm: true }),
  });
  expect(created.ok).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await openSignedIn(page, await passwordSession(email), '/hotels');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
  // Let this first page finish its own sign-in checks (user, refresh, profile, live subscription) before the
  // account goes: deleted mid-way, this page itself signs out (with the toast) and the reload has nothing to restore.
  await page.waitForFunction(
    () => (window as unknown as { __GUESTMAP__: { realtime?: () => string } }).__GUESTMAP__.realtime?.() === 'joined',
  );
  const deleted = await fetch(`${API}/auth/v1/admin/users/${id}`, { method: 'DELETE', headers: admin });
  expect(deleted.ok).toBe(true);
  // Next visit: the server no longer knows the account behind the stored session.
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'No account associated with this email' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
});
