// The shell's chrome: top bar, drawer, language, theme, toasts, overlay, progress bar, footer,
// contact dialog, blurred background and customer loading (spec sections 2, 4, 9).
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { state, type GuestmapWindow } from './shell-support.ts';
import { remoteDown } from './support.ts';

// Sign-in flows and remote screens are slow on a loaded CI machine: allow them time.
const expect = baseExpect.configure({ timeout: 20_000 });

/** The shell has resolved auth (and the customer): the overlay is gone. Independent of remotes. */
const ready = (page: Page) => expect(page.getByRole('progressbar', { name: 'Loading Guestmap' })).toHaveCount(0);
const bar = (page: Page) => page.getByRole('banner');

const toast = (page: Page, message: string, type = 'default') =>
  page.evaluate(([m, t]) => (window as unknown as GuestmapWindow).__GUESTMAP__.toast.show(m!, t), [message, type]);

test.describe('top bar', () => {
  test('logo, For Hotels, Explore Maps and Sign in', async ({ page }) => {
    await page.goto('/hotels?ref=ad');
    const bar = page.getByRole('banner');
    await bar.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/hotels\?ref=ad&dialogAuth=true$/);
    await expect(page.locator('[data-dialog="auth"]')).toBeAttached();
    // Removing dialogAuth from the query closes the dialog.
    await page.goBack();
    await expect(page).toHaveURL(/\/hotels\?ref=ad$/);
    await expect(page.locator('[data-dialog="auth"]')).toHaveCount(0);
    await bar.getByRole('link', { name: 'Explore Maps' }).click();
    await expect(page).toHaveURL(/\/ho-chi-minh-city\/map$/);
    await bar.getByRole('link', { name: 'Guestmap' }).click();
    await expect(page).toHaveURL(/\/$/);
    await bar.getByRole('link', { name: 'For Hotels' }).click();
    await expect(page).toHaveURL(/\/hotels$/);
  });

  test('Features, How it works, Testimonials scroll to their anchor on Home, or to the top', async ({ page }) => {
    // The shell's behaviour alone: Home's screen is kept out, and the page gets one known anchor.
    await remoteDown(page, 'marketing');
    await page.goto('/');
    await ready(page);
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.style.height = '3000px';
      const features = document.createElement('section');
      features.id = 'features';
      features.style.height = '400px';
      const tail = document.createElement('div');
      tail.style.height = '3000px';
      document.getElementById('gm-main')!.append(spacer, features, tail);
    });
    await bar(page).getByRole('link', { name: 'Features' }).click();
    await expect
      .poll(() => page.evaluate(() => Math.round(document.getElementById('features')!.getBoundingClientRect().top)))
      .toBeLessThan(80);
    await bar(page).getByRole('link', { name: 'Testimonials' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // From another page: go Home, then scroll.
    await bar(page).getByRole('link', { name: 'For Hotels' }).click();
    await expect(page).toHaveURL(/\/hotels$/);
    await bar(page).getByRole('link', { name: 'How it works' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('language menu: English, Tiếng Việt, Français, 简体中文, 한국어, 日本語; stored under "locale"; <html lang> follows', async ({
    page,
  }) => {
    await page.goto('/about-us');
    const lang = page.getByLabel('Language');
    // Each in its own name (issue 30 added Chinese, Korean and Japanese).
    await expect(lang.locator('option')).toHaveText([
      'English',
      'Tiếng Việt',
      'Français',
      '简体中文',
      '한국어',
      '日本語',
    ]);
    await lang.selectOption('fr-FR');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await expect(bar(page).getByRole('link', { name: 'Pour les hôtels' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('fr-FR');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await page.getByLabel('Langue').selectOption('en-US');
    await expect(bar(page).getByRole('link', { name: 'For Hotels' })).toBeVisible();
  });

  test('theme: light by default, a persisted toggle to dark (#68529E), exported as ui.theme', async ({ page }) => {
    await page.goto('/hotels');
    const primary = () =>
      page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--gm-primary').trim().toUpperCase(),
      );
    await expect.poll(primary).toBe('#5AB77B');
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(primary).toBe('#68529E');
    expect((await state(page)).ui.theme).toBe('dark');
    await page.reload();
    await expect.poll(primary).toBe('#68529E');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect.poll(primary).toBe('#5AB77B');
  });

  test('the dark theme arrives with the page: the server marks it dark before any script runs', async ({ page }) => {
    const DARK_BG = 'rgb(18, 16, 22)';
    const DARK_TEXT = 'rgb(242, 240, 246)';
    await page.goto('/hotels');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // No script from here on: what shows is the server's page and its own stylesheet.
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto('/saigon-riverside-hotel/map');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('.gm-boot-splash')).toHaveCSS('background-color', DARK_BG);
    await expect(page.locator('.gm-splash-name')).toHaveCSS('color', DARK_TEXT);
    await page.goto('/hotels');
    await expect(page.locator('#gm-prerender')).toHaveCSS('background-color', DARK_BG);
    await expect(page.locator('#gm-prerender h1')).toHaveCSS('color', DARK_TEXT);
    // Back to light: the next page is light from the start.
    await page.unrouteAll();
    await page.reload();
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto('/saigon-riverside-hotel/map');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    await expect(page.locator('.gm-boot-splash')).toHaveCSS('background-color', 'rgb(246, 248, 247)');
  });

  test('keyboard and touch: every control reachable, focus visible, 44 px targets', async ({ page }) => {
    await page.goto('/hotels');
    await ready(page);
    const bar = page.getByRole('banner');
    for (const el of await bar.locator('a, button, select').all()) {
      const box = (await el.boundingBox())!;
      expect(box.height, await el.evaluate((e) => e.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
    }
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    const logo = bar.getByRole('link', { name: 'Guestmap' });
    await expect(logo).toBeFocused();
    expect(await logo.evaluate((e) => getComputedStyle(e).outlineStyle)).toBe('solid');
  });
});

test.describe('drawer below 960 px', () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('a right-side 280 px drawer holds the same items; it closes on scrim click, Escape and route change', async ({
    page,
  }) => {
    await page.goto('/about-us');
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('link', { name: 'For Hotels' })).toHaveCount(0);
    const menuButton = bar.getByRole('button', { name: 'Menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    // The drawer slides in: measure once it has arrived at the right edge.
    await expect
      .poll(async () => {
        const b = await drawer.boundingBox();
        return b ? Math.round(b.x + b.width) : null;
      })
      .toBe(800);
    const box = (await drawer.boundingBox())!;
    expect(Math.round(box.width)).toBe(280);
    for (const name of ['Features', 'How it works', 'Testimonials', 'For Hotels', 'Explore Maps'])
      await expect(drawer.getByRole('link', { name })).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(drawer.getByLabel('Language')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Close' })).toBeFocused();
    // Scrim click.
    await page.mouse.click(100, 450);
    await expect(drawer).toHaveCount(0);
    await expect(menuButton).toBeFocused();
    // Escape.
    await menuButton.click();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    // Route change.
    await menuButton.click();
    await drawer.getByRole('link', { name: 'For Hotels' }).click();
    await expect(page).toHaveURL(/\/hotels$/);
    await expect(drawer).toHaveCount(0);
    await menuButton.click();
    await page.evaluate(() => {
      history.pushState({}, '', '/terms-and-privacy');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(drawer).toHaveCount(0);
  });
});

test.describe('toasts', () => {
  // The page's clock is paused so that no toast times out while the test looks at it.
  const frozen = async (page: Page) => {
    await page.clock.install();
    await page.goto('/hotels');
    await ready(page);
    // Jumps ahead (far enough to stay in the future on a slow machine), then stops.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
  };

  test('top-center, newest on top, close button, at most 20, drag past 60% of the width dismisses', async ({
    page,
  }) => {
    await frozen(page);
    for (const [m, t] of [
      ['First', 'success'],
      ['Second', 'error'],
      ['Third', 'warning'],
      ['Fourth', 'info'],
      ['Fifth', 'default'],
    ])
      await toast(page, m!, t);
    const toasts = page.locator('.gm-toast');
    await expect(toasts).toHaveText(['Fifth', 'Fourth', 'Third', 'Second', 'First']);
    await expect(toasts.first().locator('[role="progressbar"], progress')).toHaveCount(0);
    const box = (await toasts.first().boundingBox())!;
    const vw = page.viewportSize()!.width;
    expect(Math.abs(box.x + box.width / 2 - vw / 2)).toBeLessThan(2);
    expect(box.y).toBeLessThan(30);
    await toasts.filter({ hasText: 'Second' }).getByRole('button', { name: 'Close notification' }).click();
    await expect(toasts).toHaveText(['Fifth', 'Fourth', 'Third', 'First']);
    // A short drag snaps back; a long one dismisses.
    const drag = async (text: string, ratio: number) => {
      const b = (await toasts.filter({ hasText: text }).boundingBox())!;
      await page.mouse.move(b.x + 20, b.y + b.height / 2);
      await page.mouse.down();
      await page.mouse.move(b.x + 20 + b.width * ratio, b.y + b.height / 2, { steps: 8 });
      await page.mouse.up();
      await page.clock.runFor(300);
    };
    await drag('Fourth', 0.3);
    await expect(toasts.filter({ hasText: 'Fourth' })).toBeVisible();
    await drag('Fourth', 0.7);
    await expect(toasts.filter({ hasText: 'Fourth' })).toHaveCount(0);
    await drag('Third', -0.7);
    await expect(toasts).toHaveText(['Fifth', 'First']);
    await page.evaluate(() => {
      for (let i = 0; i < 25; i++) (window as unknown as GuestmapWindow).__GUESTMAP__.toast.show(`n${i}`);
    });
    await expect(toasts).toHaveCount(20);
    await expect(toasts.first()).toHaveText('n24');
  });

  test('a toast goes after 5000 ms', async ({ page }) => {
    await frozen(page);
    await page.mouse.move(0, 600);
    await toast(page, 'Short-lived', 'info');
    await expect(page.getByText('Short-lived')).toBeVisible();
    await page.clock.runFor(4900);
    await expect(page.getByText('Short-lived')).toBeVisible();
    await page.clock.runFor(100);
    await expect(page.getByText('Short-lived')).toHaveCount(0);
  });
});

test.describe('overlay, progress, footer, dialogs', () => {
  test('full-screen overlay until the customer is resolved; map centre from the customer', async ({ page }) => {
    // The page without the customer the server usually sends with it (as the service worker's offline
    // copy is): the shell has to read the customer itself. (Rewriting the document in the test would
    // make Chromium treat the page as public and refuse its requests to 127.0.0.1.)
    await page.addInitScript(() => {
      new MutationObserver((changes) => {
        for (const c of changes)
          for (const n of c.addedNodes)
            if (n instanceof Element && (n.id === 'gm-boot-customer' || n.classList.contains('gm-boot-splash')))
              n.remove();
      }).observe(document, { childList: true, subtree: true });
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/rest/v1/customers?*', async (route) => {
      if (route.request().url().includes('id=eq.hanoi')) await held;
      await route.continue();
    });
    await page.goto('/hanoi/map');
    const overlay = page.getByRole('progressbar', { name: 'Loading Guestmap' });
    await expect(overlay).toBeVisible();
    release();
    await expect(overlay).toHaveCount(0);
    await expect
      .poll(async () => (await state(page)).customer.mapCenter)
      .toEqual({ latitude: 21.0285, longitude: 105.852, zoom: 14 });
  });

  test('unknown customer: the error toast "Customer not found" and the console warning "Map not found"', async ({
    page,
  }) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.goto('/no-such-hotel/map');
    await expect(page.getByRole('alert').filter({ hasText: 'Customer not found' })).toBeVisible();
    expect(warnings.some((w) => w.startsWith('Map not found'))).toBe(true);
    await expect(page.getByRole('progressbar', { name: 'Loading Guestmap' })).toHaveCount(0);
    // Another customer resets and loads the customer state.
    await bar(page).getByRole('link', { name: 'Explore Maps' }).click();
    await expect
      .poll(async () => (await state(page)).customer)
      .toMatchObject({
        id: 'ho-chi-minh-city',
        status: 'loaded',
        mapCenter: { latitude: 10.7769, longitude: 106.7009, zoom: 14 },
      });
  });

  test('a thin indeterminate progress bar while a pending flag is set', async ({ page }) => {
    await page.goto('/hotels');
    await ready(page);
    const bar = page.getByRole('progressbar', { name: 'Working…' });
    await expect(bar).toHaveCount(0);
    const set = (on: boolean) =>
      page.evaluate(
        (v) =>
          (window as unknown as GuestmapWindow).__GUESTMAP__.store.dispatch({
            type: 'ui/setPending',
            payload: { key: 'e2e', on: v },
          }),
        on,
      );
    await set(true);
    await expect(bar).toBeVisible();
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(4);
    await set(false);
    await expect(bar).toHaveCount(0);
  });

  test('footer (lazy) with terms and privacy links; contact form dialog loads on demand; blurred chrome on Map and Activity', async ({
    page,
  }) => {
    const contactChunks: string[] = [];
    page.on('request', (r) => {
      if (/ContactDialog/i.test(r.url())) contactChunks.push(r.url());
    });
    await page.goto('/hotels');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      '/terms-and-privacy#terms',
    );
    await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      '/terms-and-privacy#privacy',
    );
    expect(contactChunks).toEqual([]);
    await footer.getByRole('button', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/dialogContact=true/);
    await expect(page.locator('[data-dialog="contact"]')).toBeAttached();
    await expect.poll(() => contactChunks.length).toBeGreaterThan(0);
    // Removing dialogContact from the query closes it.
    await page.goBack();
    await expect(page.locator('[data-dialog="contact"]')).toHaveCount(0);
    await footer.getByRole('link', { name: 'Terms of use' }).click();
    await expect(page).toHaveURL(/\/terms-and-privacy$/);
    const blur = () => page.getByRole('banner').evaluate((e) => getComputedStyle(e).backdropFilter);
    expect(await blur()).toBe('none');
    await page.goto('/ho-chi-minh-city/map/some-place/123');
    await ready(page);
    await expect.poll(blur).toContain('blur');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  });
});
