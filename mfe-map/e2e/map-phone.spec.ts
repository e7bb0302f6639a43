// The guest's journeys on the Map and Activity routes on a phone (360 × 740), with map
// tiles unreachable (no internet here: the map must stay useful without them).
import { expect as baseExpect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { activityBySlug, admin, noTiles, open } from './support.ts';
import { catalogue, tr } from '../../shell/e2e/support.ts';
import { giveVoucher, pageUserId } from './rewards-support.ts';

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

  test('the place panel loads when a place is first opened; if its code cannot arrive, Try again brings it', async ({
    page,
  }) => {
    await open(page, '/saigon-riverside-hotel/map');
    await expect.poll(() => markers(page).count()).toBeGreaterThan(5);
    // The panel's code cannot arrive (a connection dropped on a first visit): the map's async chunks fail, its
    // screens' small entry files (the route's own, the shell's part) still come.
    const port = new URL(page.url()).port;
    const remoteChunks = new RegExp(`:${Number(port) + 2}/static/js/async/(?!__federation_expose_)`);
    await page.route(remoteChunks, (r) => r.abort('internetdisconnected'));
    await markers(page).first().click();
    await expect(page.getByRole('alert')).toContainText("Can't reach the server");
    await page.unroute(remoteChunks);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toBeVisible();
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

// Issue 43 item 3 on a phone with a share sheet (the Web Share API), in English and in Korean: the hotel's map, a
// place and a won voucher are handed to the sheet with links keeping the staff member's code (the guest arrived
// through a staff link) and no language (the recipient's own opens), and a voucher's share never carries its code.
// The menu offered without a share sheet: mfe-dashboard/e2e/staff-links.spec.ts.
const STAFF_CODE = 'demo-minh-concierge-02';
const HOTEL = 'saigon-riverside-hotel';
const rewardsTexts = (lang: string) =>
  JSON.parse(fs.readFileSync(new URL(`../src/features/rewards/locales/${lang}.json`, import.meta.url), 'utf8')) as {
    title: string;
    scratch: Record<string, string>;
    tabs: Record<string, string>;
    vouchers: Record<string, string>;
  };

for (const [locale, lang] of [
  ['en-US', 'en'],
  ['ko-KR', 'ko'],
] as const) {
  test.describe(`share sheet on a phone, ${locale}`, () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, locale });

    test('the hotel map, a place and a won voucher go to the share sheet with the staff code and no language', async ({
      page,
    }) => {
      const map = catalogue('mfe-map', lang);
      const rewards = rewardsTexts(lang);
      // The phone's share sheet, recorded (each call's data, kept across the page's navigations).
      await page.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'share', {
          configurable: true,
          value: (data: ShareData) => {
            const all = JSON.parse(sessionStorage.getItem('shared') ?? '[]') as ShareData[];
            sessionStorage.setItem('shared', JSON.stringify([...all, data]));
            return Promise.resolve();
          },
        });
      });
      const shared = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('shared') ?? '[]') as ShareData[]);
      const recorded = page.waitForResponse((r) => r.url().includes('/rpc/record_staff_visit'));
      await open(page, `/${HOTEL}?s=${STAFF_CODE}`);
      expect((await recorded).ok()).toBe(true);
      const origin = new URL(page.url()).origin;
      const withCode = (path: string) => {
        const u = new URL(path, origin);
        u.searchParams.set('s', STAFF_CODE);
        return u.toString();
      };

      await page.getByRole('button', { name: tr(map, 'customer.shareMap') }).click();
      await expect.poll(shared).toHaveLength(1);

      const pho = await activityBySlug(HOTEL, 'pho-hoa-pasteur');
      await open(page, `/${HOTEL}/map/pho-hoa-pasteur/${pho.id}`);
      await page
        .getByRole('article')
        .getByRole('button', { name: tr(map, 'activity.share'), exact: true })
        .click();
      await expect.poll(shared).toHaveLength(2);

      await open(page, `/${HOTEL}/map?rewards=1`);
      const dialog = page.getByRole('dialog', { name: rewards.title });
      await dialog.getByRole('button', { name: rewards.scratch.play }).click();
      await dialog.getByRole('button', { name: rewards.scratch.reveal }).click();
      await expect(dialog.locator('.gm-prize-label')).toBeVisible();
      const spa = await activityBySlug(HOTEL, 'miu-miu-spa');
      const code = await giveVoucher(await pageUserId(page), spa.id);
      await page.reload();
      await page
        .getByRole('dialog', { name: rewards.title })
        .getByRole('tab', { name: new RegExp(rewards.tabs.vouchers!) })
        .click();
      await page
        .getByRole('listitem')
        .filter({ hasText: code })
        .getByRole('button', { name: rewards.vouchers.share, exact: true })
        .click();
      await expect.poll(shared).toHaveLength(3);

      const [hotelMap, place, voucher] = await shared();
      expect(hotelMap!.url).toBe(withCode(`/${HOTEL}/map`));
      expect(place!.url).toBe(withCode(`/${HOTEL}/map/pho-hoa-pasteur/${pho.id}`));
      expect(voucher!.url).toBe(withCode(`/${HOTEL}/map?rewards=1`));
      for (const d of [hotelMap!, place!, voucher!]) expect(d.url).not.toMatch(/[?&](lang|locale|hl|lng)=/);
      // The win is told in the guest's language; the voucher's code (the guest's bearer secret) never.
      expect(voucher!.text).toContain('Miu Miu Spa');
      expect(`${voucher!.title} ${voucher!.text} ${voucher!.url}`).not.toContain(code);
      if (lang === 'ko') expect(voucher!.text).toMatch(/당첨/);
    });
  });
}
