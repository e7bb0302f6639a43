// A lost phone (issue 41, item 7): a person whose authenticator app is gone cannot remove it themselves (that
// takes a code from it). An administrator, signed in with the password only, resets it from the dashboard's
// Administration tab: the database asks for the administrator's own code first (aal2), the step-up prompt gets it
// (the seeded administrator's demo authenticator, README), the person's factor is gone and they are mailed.
import { test } from '@playwright/test';
import { totpCode } from '../../local-stack/src/auth/totp.ts';
import {
  API_URL,
  ANON_KEY,
  DEMO_TOTP_SECRETS,
  catalogue,
  passwordSession,
  signInAs,
  tr,
} from '../../shell/e2e/support.ts';
import { expect, PASSWORD, createUserViaApi, mailsTo, uniqueEmail } from '../../mfe-account/e2e/support.ts';

const en = catalogue('mfe-dashboard', 'en');

test.describe.configure({ timeout: 180_000 });

type Session = { access_token: string; user: { factors?: { status: string }[] } };
async function as<T>(session: { access_token: string }, path: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${API_URL}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

test('an administrator resets a lost authenticator app: asked for their own code first, the person is mailed', async ({
  page,
}) => {
  // A person with a verified authenticator app (enrolled through GoTrue's /factors, as the account settings do).
  const email = uniqueEmail('lost-phone');
  await createUserViaApi(email);
  const own = (await passwordSession(email, PASSWORD)) as unknown as Session;
  const factor = await as<{ id: string; totp: { secret: string } }>(own, '/factors', {
    factor_type: 'totp',
    friendly_name: 'Old phone',
  });
  const challenge = await as<{ id: string }>(own, `/factors/${factor.id}/challenge`, {});
  await as(own, `/factors/${factor.id}/verify`, { challenge_id: challenge.id, code: totpCode(factor.totp.secret) });
  const factorsOf = async () =>
    ((await passwordSession(email, PASSWORD)) as unknown as Session).user.factors?.filter(
      (f) => f.status === 'verified',
    ).length ?? 0;
  expect(await factorsOf()).toBe(1);

  // The administrator, signed in with the password only (aal1).
  await signInAs(page, 'admin@demo.test', undefined, { enterCode: false });
  await page.goto('/saigon-riverside-hotel/dashboard?tab=admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(tr(en, 'admin.searchUsers')).fill(email);
  await page.getByRole('button', { name: tr(en, 'admin.search') }).click();
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();
  const sentAt = Date.now();
  await page.getByRole('button', { name: `${tr(en, 'admin.resetFactor')} ${email}` }).click();
  await page
    .locator('.ant-popconfirm')
    .getByRole('button', { name: tr(en, 'admin.resetFactor') })
    .click();

  // aal2_required: the prompt asks for the administrator's code, then the reset runs by itself.
  const prompt = page.getByRole('dialog', { name: tr(en, 'stepUp.title') });
  await expect(prompt).toBeVisible();
  expect(await factorsOf()).toBe(1);
  await prompt.getByLabel(tr(en, 'stepUp.codeLabel')).fill(totpCode(DEMO_TOTP_SECRETS['admin@demo.test']!));
  await prompt.getByRole('button', { name: tr(en, 'stepUp.verify') }).click();
  await expect(prompt).toBeHidden();
  await expect(page.getByText(tr(en, 'admin.factorReset', { email }))).toBeVisible();
  expect(await factorsOf()).toBe(0);
  // The person is told, with where to add a new app.
  await expect
    .poll(async () => (await mailsTo(email, sentAt)).map((m) => m.Subject), { timeout: 15_000 })
    .toContain('The authenticator app of your Guestmap account was removed');
});
