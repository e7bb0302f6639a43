// The local Google stand-in as a visitor meets it in the popup (issue #26): it says it is a local test
// page, shows nobody's address, and typing the administrator's e-mail opens nothing: the page explains
// why, the popup stays, and nobody is signed in. Another address still signs in.
import { test } from '@playwright/test';
import { openDialog, signedInEmail, uniqueEmail, expect } from './support.ts';

test.describe.configure({ timeout: 180_000 });

test('the Google stand-in refuses the administrator’s e-mail and says it is a local stand-in', async ({ page }) => {
  await openDialog(page, '/about-us?to=User');
  const popupP = page.waitForEvent('popup');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupP;
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText('Local test stand-in for Google sign-in');
  await expect(popup).toHaveTitle(/stand-in/);
  await expect(popup.getByText('This page is not Google')).toBeVisible();
  expect(await popup.locator('body').innerText()).not.toMatch(/@/);

  await popup.getByLabel('Email').fill('admin@demo.test');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByRole('alert')).toContainText('belongs to an account that signs in with a password');
  expect(popup.isClosed()).toBe(false);
  expect(await signedInEmail(page)).toBeNull();
  await expect(page.getByRole('dialog')).toBeVisible();

  // The visitor corrects the address on the same page and gets in with a stand-in account of their own.
  const email = uniqueEmail('stand-in');
  await popup.getByLabel('Email').fill(email);
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 15_000 });
  await expect.poll(() => signedInEmail(page)).toBe(email);
});
