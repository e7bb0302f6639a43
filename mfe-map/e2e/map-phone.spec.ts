// The guest's journeys on the Map and Activity routes on a phone (360 × 740), with map
// tiles unreachable (no internet here: the map must stay useful without them).
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { activityBySlug, admin, noTiles, open } from './support.ts';

// Up to eight engineers share two CPU cores: first loads can be slow, so waits are generous.
const expect = baseExpect.configure({ timeout: 25_000 });
test.describe.configure({ timeout: 120_000 });

const markers = (page: Page) => page.locator('.leaflet-marker-icon[data-activity-id]');
const list = (page: Page) => page.getByRole('list', { name: 'Places on this map' });

test.beforeEach(async ({ page }) => {
  await noTiles(page);
});

test.describe('phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('QR entry: scan and map view recorded anonymously, src=qr dropped from the address', async ({ page }) => {
    await open(page, '/saigon-riverside-hotel/map?src=qr');
    await expect(page.getByRole('heading', { level: 1, name: /Saigon Riverside Hotel/ })).toBeVisible();
    await expect(page).toHaveURL(/\/saigon-riverside-hotel\/map$/);
    const visitor = await page.evaluate(() => localStorage.getItem('guestmap.visitor'));
    expect(visitor).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(async () => {
        const { data } = await admin().from('analytics_events').select('type, customer_id').eq('visitor_id', visitor!);
        return (data ?? []).map((r) => `${r.customer_id}:${r.type}`).sort();
      })
      .toEqual(['saigon-riverside-hotel:map_view', 'saigon-riverside-hotel:qr_scan']);
    // Branding: welcome text and the hotel itself as a marker.
    await expect(page.getByText(/Our team picked these places for you/)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Saigon Riverside Hotel (your hotel)' })).toBeAttached();
  });

  test('browse: search ignoring diacritics, open a place from the list, Back closes it', async ({ page }) => {
    await open(page, '/ho-chi-minh-city/map');
    await expect(page.getByRole('heading', { level: 1, name: /Ho Chi Minh City/ })).toBeVisible();
    await expect.poll(() => markers(page).count()).toBeGreaterThan(5);
    await page.getByRole('button', { name: /Show the list/ }).click();
    // The opened list covers the map's own controls (they must not show through it), once it has slid up (a
    // 0.22 s transition: read at once, on a quick machine, it had not yet reached them).
    const zoom = (await page.locator('.leaflet-control-zoom').boundingBox())!;
    const controlOnTop = () =>
      page.evaluate(
        ([x, y]) => !!document.elementFromPoint(x!, y!)?.closest('.leaflet-control'),
        [zoom.x + zoom.width / 2, zoom.y + zoom.height / 2],
      );
    await expect.poll(controlOnTop).toBe(false);
    // Markers have accessible names.
    await expect(markers(page).first()).toHaveAttribute('aria-label', /\S+, \S+/);
    const all = await list(page).getByRole('link').count();
    await page.getByRole('searchbox', { name: 'Search places' }).fill('PHỞ hòa pasteur');
    await expect(list(page).getByRole('link')).toHaveCount(1);
    await expect(list(page).getByRole('link')).toContainText('Pho Hoa Pasteur');
    await page.getByRole('searchbox', { name: 'Search places' }).fill('pho');
    await expect(list(page).getByRole('link', { name: /Pho Hoa Pasteur/ })).toBeVisible();
    expect(await list(page).getByRole('link').count()).toBeLessThan(all);
    // Touch targets are at least 44 px high.
    for (const el of [
      page.getByRole('button', { name: 'Open now', exact: true }),
      list(page).getByRole('link').first(),
    ]) {
      expect((await el.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
    await list(page)
      .getByRole('link', { name: /Pho Hoa Pasteur/ })
      .click();
    await expect(page).toHaveURL(/\/ho-chi-minh-city\/map\/pho-hoa-pasteur\/[0-9a-f-]{36}$/);
    const panel = page.getByRole('article');
    await expect(panel.getByRole('heading', { name: 'Pho Hoa Pasteur' })).toBeVisible();
    await expect(panel.getByText(/^(Open now|Closed|Closes in \d+ min)$/)).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Directions (Google Maps)' })).toHaveAttribute(
      'href',
      /google\.com\/maps\/dir\/\?api=1&destination=10\.78/,
    );
    await expect(panel.getByRole('link', { name: 'Grab' })).toBeVisible();
    // The selected marker is marked as current.
    await expect(page.locator('.leaflet-marker-icon[aria-current="true"]')).toHaveAttribute(
      'aria-label',
      /Pho Hoa Pasteur/,
    );
    // Show to driver: the address in Vietnamese, large, in today's form (the 2025 reform's ward) with the old one
    // beneath, which many drivers still know it by (issue 43).
    await panel.getByRole('button', { name: 'Show to driver' }).click();
    const driver = page.getByRole('dialog', { name: 'Please take me to:' });
    const today = driver.getByText('260C Pasteur, Phường Xuân Hòa, TP. Hồ Chí Minh', { exact: true });
    const before = driver.getByText('(Địa chỉ cũ: 260C Pasteur, Phường Võ Thị Sáu, Quận 3, TP. Hồ Chí Minh)');
    await expect(today).toBeVisible();
    await expect(before).toBeVisible();
    for (const line of [today, before]) {
      expect(await line.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(24);
    }
    await page.keyboard.press('Escape');
    await expect(driver).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/ho-chi-minh-city\/map$/);
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search places' })).toHaveValue('pho');
  });

  test('Near me refused: says so, and the list keeps working', async ({ page }) => {
    await open(page, '/ho-chi-minh-city/map');
    await page.getByRole('button', { name: 'Near me', exact: true }).click();
    await expect(page.getByText(/Location access was refused/)).toBeVisible();
    await page.getByRole('button', { name: /Show the list/ }).click();
    await expect(list(page).getByRole('link').first()).toBeVisible();
  });

  test('favourite while signed out offers sign-in', async ({ page }) => {
    const a = await activityBySlug('ho-chi-minh-city', 'ben-thanh-market');
    await open(page, `/ho-chi-minh-city/map/${a.slug}/${a.id}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page).toHaveURL(/dialogAuth=true/);
    await expect(page).toHaveURL(/to=Activity/);
  });
});
