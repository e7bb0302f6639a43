import { test, type Page } from '@playwright/test';
import { expect, meta, useLocale } from './support.ts';

const title = (page: Page) => page.locator('#gmk-deck-title');
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Presentation progress' });

test.describe('Sales presentation', () => {
  test('keys move through the nine sections, each with its own URL, and the progress follows', async ({ page }) => {
    await page.goto('/hotels-sales-presentation');
    await expect(page.getByRole('heading', { level: 1, name: 'Guestmap for your hotel' })).toBeVisible();
    await expect(title(page)).toHaveText('Turn every stay into local discoveries, and new revenue');
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '1');
    await expect(progress(page)).toHaveAttribute('aria-valuemax', '9');
    await expect.poll(async () => (await meta(page)).title).toBe('Guestmap for your hotel');

    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/section=problem/);
    await expect(title(page)).toHaveText('Guests ask the same questions every day');
    await expect(page.getByText('Tourists spend $500–$2,000 per stay in the city')).toBeVisible();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/section=solution/);
    await page.keyboard.press('PageDown');
    await expect(page).toHaveURL(/section=hotel-benefits/);
    await expect(page.getByText('more than 5 staff hours saved per day')).toBeVisible();
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '4');
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/section=solution/);
    await page.keyboard.press('PageUp');
    await expect(page).toHaveURL(/section=problem/);
    await page.keyboard.press('End');
    await expect(page).toHaveURL(/section=team/);
    await expect(title(page)).toHaveText('The people behind Guestmap');
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '9');
    // At the end, next stays on the last section.
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/section=team/);
    await expect(page.getByRole('button', { name: /Next/ })).toBeDisabled();
    await page.keyboard.press('Home');
    await expect(page).toHaveURL(/section=intro/);
    await expect(page.getByRole('button', { name: /Previous/ })).toBeDisabled();
  });

  test('on-screen buttons, dots, swipe, a deep link per section, and history is replaced', async ({ page }) => {
    await page.goto('/hotels');
    await page.getByRole('link', { name: 'Open the sales presentation' }).click();
    await expect(title(page)).toBeVisible();
    await page.getByRole('button', { name: /Next/ }).click();
    await expect(page).toHaveURL(/section=problem/);
    await page
      .getByRole('navigation', { name: 'Slides' })
      .getByRole('button', { name: 'A package for every hotel' })
      .click();
    await expect(page).toHaveURL(/section=packages/);
    await expect(page.getByText('Up to 20 curated recommendations')).toBeVisible();
    await expect(page.getByText('Up to 50 curated recommendations')).toBeVisible();
    await expect(page.getByText('Unlimited curated recommendations')).toBeVisible();
    await page.getByRole('button', { name: /Previous/ }).click();
    await expect(page).toHaveURL(/section=next-steps/);
    await expect(page.getByRole('button', { name: 'Book a 15-minute call' })).toBeVisible();

    // Swipe left: next; swipe right: back.
    const stage = page.locator('.gmk-deck-stage');
    const box = (await stage.boundingBox())!;
    const y = box.y + 20;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, y, { steps: 6 });
    await page.mouse.up();
    await expect(page).toHaveURL(/section=packages/);
    await page.mouse.move(box.x + box.width * 0.2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, y, { steps: 6 });
    await page.mouse.up();
    await expect(page).toHaveURL(/section=next-steps/);

    // Moving through the deck replaced the entry: Back returns to the Hotels page.
    await page.goBack();
    await expect(page).toHaveURL(/\/hotels$/);

    await page.goto('/hotels-sales-presentation?section=guest-benefits');
    await expect(title(page)).toHaveText('A better trip from the first minute');
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '5');
    await page.goto('/hotels-sales-presentation?section=nonsense');
    await expect(progress(page)).toHaveAttribute('aria-valuenow', '1');
  });

  test('full screen, and the deck in Vietnamese', async ({ page }) => {
    await useLocale(page, 'vi-VN');
    await page.goto('/hotels-sales-presentation?section=problem');
    await expect(title(page)).toHaveText('Ngày nào khách cũng hỏi những câu giống nhau');
    await page.getByRole('button', { name: 'Toàn màn hình' }).click();
    await expect
      .poll(() => page.evaluate(() => document.fullscreenElement?.classList.contains('gmk-deck') ?? false))
      .toBe(true);
    await expect(page.getByRole('button', { name: 'Thoát toàn màn hình' })).toBeVisible();
    // Keys still drive the deck in full screen.
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/section=solution/);
    await page.getByRole('button', { name: 'Thoát toàn màn hình' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  });
});
