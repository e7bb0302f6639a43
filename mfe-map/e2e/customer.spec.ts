// The Customer screen (/{customerId}): a hotel's branded welcome page and a plain city page.
import { expect as baseExpect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { noTiles, open } from './support.ts';

const expect = baseExpect.configure({ timeout: 25_000 });
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => {
  await noTiles(page);
});

test.describe('customer page', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('a hotel: branding, welcome, picks with offers, rewards teaser, Open the map; no axe violations', async ({
    page,
  }) => {
    await open(page, '/saigon-riverside-hotel');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Saigon Riverside Hotel' })).toBeVisible();
    await expect(main.getByText('Your riverside home in District 1')).toBeVisible();
    await expect(main.getByText(/Our team picked these places for you/)).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Our picks for you' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Rewards for guests' })).toBeVisible();
    // Partners (with their guest offer) come first among the picks.
    await expect(main.getByRole('list').first().getByRole('link').first()).toContainText(/off|free|offer/i);
    const r = await new AxeBuilder({ page }).include('main').analyze();
    const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
    await main.getByRole('link', { name: 'Open the map' }).first().click();
    await expect(page).toHaveURL(/\/saigon-riverside-hotel\/map$/);
    await expect(page.getByRole('heading', { level: 1, name: /Saigon Riverside Hotel/ })).toBeVisible();
  });

  test('a city: plain page without rewards; a highlight opens its place on the map', async ({ page }) => {
    await open(page, '/ho-chi-minh-city');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Ho Chi Minh City' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Highlights' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Rewards for guests' })).toHaveCount(0);
    const first = main.getByRole('list').first().getByRole('link').first();
    const title = (await first.locator('.gm-card-title').textContent())!;
    await first.click();
    await expect(page).toHaveURL(/\/ho-chi-minh-city\/map\/[a-z0-9-]+\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(title);
  });

  test('an unknown customer says so', async ({ page }) => {
    await open(page, '/no-such-customer-xyz');
    await expect(page.getByRole('heading', { name: 'Map not found' })).toBeVisible();
  });
});
