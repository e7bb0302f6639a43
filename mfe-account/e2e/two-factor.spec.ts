// /user/settings: a second factor (issue 41, item 7). A fresh account adds an authenticator app (QR code and
// secret), confirms it with a code (a wrong one is refused), is then at aal2 with a verified TOTP factor in the
// auth API, and removes it with a fresh code.
import { test } from '@playwright/test';
import { totpCode } from '../../local-stack/src/auth/totp.ts';
import { signInAs } from '../../shell/e2e/support.ts';
import { ANON_KEY, API, PASSWORD, createUserViaApi, uniqueEmail, expect } from './support.ts';

test.describe.configure({ timeout: 180_000 });

/** The account's factors as a new password sign-in sees them (status per factor). */
async function factorsOf(email: string): Promise<{ status: string }[]> {
  const res = await fetch(`${API}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await res.json()) as { user?: { factors?: { status: string }[] } };
  return body.user?.factors ?? [];
}

test('adds an authenticator app with its QR code and secret, confirms it with a code, removes it with a fresh code', async ({
  page,
}) => {
  const email = uniqueEmail('mfa');
  await createUserViaApi(email);
  await signInAs(page, email);
  await page.goto('/user/settings');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Add an authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('mfa-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const code = section.getByLabel('6-digit code from the app');
  const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
  await code.fill(wrong);
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(section.getByText('This code is not right: enter the code the app shows now.')).toBeVisible();
  await code.fill(totpCode(secret));
  await section.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Authenticator app added')).toBeVisible();
  await expect(section.getByText('Authenticator app on')).toBeVisible();
  expect(await factorsOf(email)).toMatchObject([{ status: 'verified' }]);

  await section.getByRole('button', { name: 'Remove' }).click();
  await section.getByLabel('6-digit code from the app, to remove it').fill(totpCode(secret));
  await section.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Authenticator app removed')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Add an authenticator app' })).toBeVisible();
  expect(await factorsOf(email)).toEqual([]);
});
