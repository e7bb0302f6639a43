import { test, type Page } from '@playwright/test';
import { BASE, expect, MAP_ORIGIN, meta, useLocale } from './support.ts';

const MARKETING_ORIGIN = `http://127.0.0.1:${BASE + 1}`;

/** Holds the marketing remote's scripts until the returned function is called. */
async function holdMarketingScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`${MARKETING_ORIGIN}/static/**`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * An element's box once the page has settled: its fonts loaded and the box the same over five frames in a
 * row (on a loaded runner a frame can come late; what is compared is where the element comes to rest).
 */
async function settledBox(page: Page, selector: string) {
  return page.evaluate(async (sel) => {
    await document.fonts.ready;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    const box = () => {
      const r = document.querySelector(sel)?.getBoundingClientRect();
      return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
    };
    let last = box();
    let same = 0;
    for (let i = 0; i < 300 && same < 5; i++) {
      await frame();
      const now = box();
      same = JSON.stringify(now) === JSON.stringify(last) ? same + 1 : 0;
      last = now;
    }
    return last;
  }, selector);
}

const current = (page: Page) => page.locator('.gmk-carousel-slide:not([aria-hidden="true"])');
const SLIDES = ['map', 'place', 'rewards', 'welcome'];

test.describe('Home', () => {
  test('hero, sections with their anchors, claims, meta tags, and no map code loaded', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your city, curated by your hotel' })).toBeVisible();
    const explore = page.getByRole('main').getByRole('link', { name: 'Explore maps' }).first();
    await expect(explore).toHaveAttribute('href', '/ho-chi-minh-city/map');
    for (const id of ['features', 'how-it-works', 'testimonials']) await expect(page.locator(`#${id}`)).toBeVisible();
    await expect(page.locator('#features article')).toHaveCount(4);
    await expect(page.locator('#how-it-works li')).toHaveCount(3);
    await expect(page.locator('#testimonials figure')).toHaveCount(3);
    await expect(page.getByText('90% guest satisfaction').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ready to explore?' })).toBeVisible();

    await expect.poll(async () => (await meta(page)).title).toBe('Guestmap: your city, curated by your hotel');
    const m = await meta(page);
    expect(m.description).toContain('Scan the QR code');
    expect(m.ogTitle).toBe(m.title);
    expect(m.ogDescription).toBe(m.description);
    expect(m.ogType).toBe('website');
    expect(m.ogImage).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/static\/image\/og-image\.[0-9a-f]+\.jpg$/);
    const image = await page.request.get(m.ogImage!);
    expect(image.ok()).toBe(true);

    await page.waitForLoadState('networkidle');
    const mapCode = requests.filter((u) => /leaflet/i.test(u) || (u.startsWith(MAP_ORIGIN) && /\.js(\?|$)/.test(u)));
    expect(mapCode).toEqual([]);

    await explore.click();
    await expect(page).toHaveURL(/\/ho-chi-minh-city\/map$/);
  });

  test('the carousel advances every 5 s, pauses with its button, on hover and on focus, and moves by keys and swipe', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    const carousel = page.getByRole('region', { name: 'Screens of Guestmap' });
    await carousel.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 300);
    // From here on time moves only when the test says so. Start from a known slide: choosing one
    // focuses its dot (which pauses), then focus and pointer leave and rotation restarts from zero.
    await page.clock.pauseAt(Date.now() + 60_000);
    await carousel.getByRole('button', { name: /Show screenshot 1/ }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 300);
    await expect(carousel).toHaveAttribute('data-rotating', 'true');
    const start = 0;
    const at = (n: number) => SLIDES[(start + n) % SLIDES.length]!;
    await expect(current(page)).toHaveAttribute('data-slide', at(0));
    await page.clock.runFor(4_900);
    await expect(current(page)).toHaveAttribute('data-slide', at(0));
    await page.clock.runFor(200);
    await expect(current(page)).toHaveAttribute('data-slide', at(1));
    await page.clock.runFor(5_000);
    await expect(current(page)).toHaveAttribute('data-slide', at(2));

    // Pause button (then focus leaves the carousel: it stays paused because the user paused it).
    await carousel.getByRole('button', { name: 'Pause' }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 300);
    await page.clock.runFor(15_000);
    await expect(current(page)).toHaveAttribute('data-slide', at(2));
    await carousel.getByRole('button', { name: 'Play' }).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 300);
    await page.clock.runFor(5_100);
    await expect(current(page)).toHaveAttribute('data-slide', at(3));

    // Hovering pauses.
    await carousel.hover();
    await page.clock.runFor(12_000);
    await expect(current(page)).toHaveAttribute('data-slide', at(3));
    await page.mouse.move(0, 300);

    // Keyboard: focus pauses too, arrows move.
    await carousel.getByRole('button', { name: /Show screenshot 1/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(current(page)).toHaveAttribute('data-slide', at(4));
    await page.clock.runFor(12_000);
    await expect(current(page)).toHaveAttribute('data-slide', at(4));
    await page.keyboard.press('ArrowLeft');
    await expect(current(page)).toHaveAttribute('data-slide', at(3));
    await carousel.getByRole('button', { name: /Show screenshot 2/ }).click();
    await expect(current(page)).toHaveAttribute('data-slide', 'place');

    // Swipe left with a pointer: next slide.
    const box = (await carousel.locator('.gmk-carousel-viewport').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(current(page)).toHaveAttribute('data-slide', 'rewards');
  });

  test('the carousel shows real screenshots of the product, in the page language', async ({ page }) => {
    await useLocale(page, 'vi-VN');
    await page.goto('/');
    const carousel = page.locator('.gmk-carousel');
    await carousel.scrollIntoViewIfNeeded();
    for (const [n, id] of [
      [1, 'map'],
      [2, 'place'],
      [3, 'rewards'],
      [4, 'welcome'],
    ] as const) {
      await carousel
        .locator('.gmk-dot')
        .nth(n - 1)
        .click();
      const img = current(page).locator('img');
      await expect(img).toHaveAttribute('src', new RegExp(`/static/image/${id}-vi\\.[0-9a-f]+\\.webp$`));
      // Decoded at the captured size (360 × 740 CSS px at 1.5×), described in Vietnamese.
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(540);
      expect(await img.getAttribute('alt')).toMatch(/Saigon Riverside Hotel|đối tác|khách sạn/);
    }
  });

  test('on a phone the screenshots download only once the carousel comes near the screen', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const shots: string[] = [];
    page.on('request', (r) => {
      if (/\/static\/image\/[a-z]+-en\.[0-9a-f]+\.webp$/.test(r.url()))
        shots.push(r.url().replace(/.*\/image\/([a-z]+)-.*/, '$1'));
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(shots).toEqual([]);
    const carousel = page.locator('.gmk-carousel');
    await carousel.scrollIntoViewIfNeeded();
    // The shown slide and the next; the next again once the carousel moves on.
    await expect(current(page).locator('img')).toHaveAttribute('src', /map-en/);
    await expect.poll(() => [...shots].sort()).toEqual(['map', 'place']);
    await carousel.getByRole('button', { name: /Show screenshot 2/ }).click();
    await expect(current(page).locator('img')).toHaveAttribute('src', /place-en/);
    await expect.poll(() => [...shots].sort()).toEqual(['map', 'place', 'rewards']);
  });

  test('with reduced motion the carousel does not rotate by itself', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    const carousel = page.getByRole('region', { name: 'Screens of Guestmap' });
    await expect(carousel.getByRole('button', { name: 'Play' })).toBeVisible();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.clock.runFor(20_000);
    await expect(current(page)).toHaveAttribute('data-slide', 'map');
  });

  test('Home in French and Vietnamese', async ({ page }) => {
    await useLocale(page, 'fr-FR');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Votre ville, choisie par votre hôtel' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Explorer les cartes' }).first()).toBeVisible();
    await expect.poll(async () => (await meta(page)).title).toBe('Guestmap : votre ville, choisie par votre hôtel');
    await page.getByLabel(/Langue|Language/).selectOption('vi-VN');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Thành phố của bạn, do khách sạn tuyển chọn' }),
    ).toBeVisible();
  });

  test.describe('prerendered hero', () => {
    test.use({ locale: 'vi-VN' });

    test('arrives with the page in the visitor’s language; the page takes its place without anything moving', async ({
      page,
    }) => {
      // The marketing remote's scripts are held back: what shows comes from the server's HTML alone.
      const release = await holdMarketingScripts(page);
      await page.goto('/hotels');
      const copy = page.locator('#gm-prerender');
      await expect(copy.locator('h1')).toHaveText('Guestmap dành cho khách sạn');
      await expect(copy.locator('h1')).toBeVisible();
      await expect(copy.locator('.gmk-stat')).toHaveCount(4);
      // A copy for the eyes: not a second set of links and buttons for keyboards and screen readers.
      await expect(copy).toHaveAttribute('inert', '');
      await expect(copy).toHaveAttribute('aria-hidden', 'true');
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
      // The copy is the server's HTML and CSS alone (system fonts): measured as soon as it is there, since the
      // shell gives up on held scripts after 4.5 s and removes the copy then. The page's own hero is measured
      // once settled (fonts in, the box still over five frames), not racing its scripts.
      const before = await copy.locator('h1').boundingBox();
      await expect(page.locator('#gm-main h1')).toHaveCount(0);

      release();
      await expect(page.locator('#gm-main h1')).toHaveText('Guestmap dành cho khách sạn');
      await expect(copy).toHaveCount(0);
      await expect(page.locator('h1')).toHaveCount(1);
      expect(await settledBox(page, '#gm-main h1')).toEqual(before);
      // The page's own hero works: its contact button opens the form.
      await page.locator('#gm-main header').getByRole('button', { name: 'Nhận bản đồ thử nghiệm miễn phí' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });

    test('comes in the language the visitor chose on the site, not the browser’s', async ({ page }) => {
      await page.goto('/');
      await page.getByLabel('Ngôn ngữ').first().selectOption('fr-FR');
      await expect(page.getByRole('heading', { level: 1, name: 'Votre ville, choisie par votre hôtel' })).toBeVisible();
      const release = await holdMarketingScripts(page);
      await page.goto('/hotels');
      await expect(page.locator('#gm-prerender h1')).toHaveText('Guestmap pour les hôtels');
      release();
      await expect(page.locator('#gm-main h1')).toHaveText('Guestmap pour les hôtels');
      await expect(page.locator('#gm-prerender')).toHaveCount(0);
    });

    test('goes when the remote cannot load, so its Retry is not hidden', async ({ page }) => {
      await page.route(`${MARKETING_ORIGIN}/static/**`, (route) => route.abort());
      await page.goto('/');
      await expect(page.getByRole('button', { name: /Thử lại|Retry/ })).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('#gm-prerender')).toHaveCount(0);
    });
  });
});
