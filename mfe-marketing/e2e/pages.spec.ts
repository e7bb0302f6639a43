import { test } from '@playwright/test';
import { expect, meta, useLocale } from './support.ts';

test.describe('About us', () => {
  test('mission, team and contact, with its own meta tags', async ({ page }) => {
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    for (const name of ['Our mission', 'The team', 'Talk to us'])
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.locator('#team article')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'hello@guestmap.app' })).toHaveAttribute(
      'href',
      'mailto:hello@guestmap.app',
    );
    await expect.poll(async () => (await meta(page)).title).toBe('About us · Guestmap');
    const m = await meta(page);
    expect(m.description).toContain('Our mission, our team');
    expect(m.ogTitle).toBe('About us · Guestmap');
    await page.locator('#contact').getByRole('button', { name: 'Contact us' }).click();
    await expect(page.getByRole('dialog', { name: 'Contact us' })).toBeVisible();
  });

  test('in French', async ({ page }) => {
    await useLocale(page, 'fr-FR');
    await page.goto('/about-us');
    await expect(page.getByRole('heading', { level: 1, name: 'À propos' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Notre mission' })).toBeVisible();
  });
});

test.describe('Terms and privacy', () => {
  test('complete sections with anchors, and a deep link lands on its section', async ({ page }) => {
    await page.goto('/terms-and-privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and privacy' })).toBeVisible();
    await expect(page.locator('#terms')).toBeVisible();
    await expect(page.locator('#privacy')).toBeVisible();
    for (const id of [
      'terms-rewards',
      'terms-partners',
      'privacy-data',
      'privacy-retention',
      'privacy-sharing',
      'privacy-rights',
      'privacy-contact',
    ]) {
      await expect(page.locator(`#${id} h3`)).toBeVisible();
    }
    const data = page.getByRole('table', { name: 'Personal data at Guestmap' });
    await expect(data.getByRole('columnheader')).toHaveText(['Data', 'Why', 'How long', 'Who sees it']);
    for (const what of ['Account', 'Approximate location', 'Favourites', 'Partner transactions', 'Contact messages']) {
      await expect(data.getByRole('rowheader', { name: new RegExp(`^${what}`) })).toBeVisible();
    }
    await expect(page.locator('#privacy-rights')).toContainText('privacy@guestmap.app');
    await expect.poll(async () => (await meta(page)).title).toBe('Terms and privacy · Guestmap');

    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Your rights' }).click();
    await expect(page).toHaveURL(/#privacy-rights$/);
    await expect(page.locator('#privacy-rights h3')).toBeInViewport();

    await page.goto('/terms-and-privacy#privacy-retention');
    await expect(page.locator('#privacy-retention h3')).toBeInViewport();
  });

  test('in Vietnamese', async ({ page }) => {
    await useLocale(page, 'vi-VN');
    await page.goto('/terms-and-privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Điều khoản và quyền riêng tư' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Chính sách quyền riêng tư' })).toBeVisible();
  });
});

test.describe('Contact dialog opened by the shell', () => {
  test('?dialogContact=true opens the form over any page; Close removes it from the URL', async ({ page }) => {
    await page.goto('/about-us?dialogContact=true');
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Name')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/dialogContact/);
  });
});
