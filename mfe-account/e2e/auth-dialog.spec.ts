import { expect, test } from '@playwright/test';
import { openDialog, PASSWORD, shellState, signedInEmail, signIn } from './support.ts';

test.describe('auth dialog: sign in', () => {
  test('signs a seeded user in, closes the dialog and goes to `to`', async ({ page }) => {
    await openDialog(page, '/?to=UserSettings');
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email').fill('guest@demo.test');
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/user\/settings$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await signedInEmail(page)).toBe('guest@demo.test');
    const s = await shellState(page);
    expect(s.auth.status).toBe('signedIn');
  });

  test('closing the dialog removes dialogAuth, to and customerId only', async ({ page }) => {
    await openDialog(page, '/about-us?x=1&to=Dashboard&customerId=hanoi');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/about-us\?x=1$/);
  });
});

export { signIn };
