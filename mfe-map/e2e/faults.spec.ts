// The hotel map when the network or the backend fails (issue 32, items 1-3; issue 40; docs/reliability.md).
// Each fault is injected for real in the browser: API requests refused, answered 500/503, or carried over an
// emulated slow link (Chrome's own network emulation). What a guest must see, in this order: a line in their
// language saying what the page is doing (from the page's first script, before the map's code has arrived),
// what the page already has (the welcome the server sent, places kept from an earlier visit), and the map
// recovering by itself, without a reload, when the API answers again. How fast the line comes is a figure,
// not an assertion here: the shell's bench measures it on a phone profile (shell/scripts/bench-notice.mjs),
// as a loaded two-core test runner says nothing about a guest's phone.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { API, admin, noTiles } from './support.ts';

const MAP_ORIGIN = `http://127.0.0.1:${Number(process.env.GUESTMAP_PORT_BASE ?? 3000) + 2}`;

const expect = baseExpect.configure({ timeout: 25_000 });
test.describe.configure({ timeout: 120_000 });

const HOTEL = 'saigon-riverside-hotel';
const WELCOME = 'Our team picked these places for you';
/** Every request from the page to the Supabase API (REST, auth, health). */
const API_REQUESTS = new RegExp(`^${API.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`);

const markers = (page: Page) => page.locator('.leaflet-marker-icon[data-activity-id]');
const list = (page: Page) => page.getByRole('list', { name: 'Places on this map' });
const notice = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });
const errorPage = (page: Page) =>
  page.getByRole('alert').filter({ hasText: /Can't reach the server|unavailable|Retry/ });

/**
 * The server sends a map page with its welcome (prefill.mjs keeps its read of the customer for 30 s). It waits
 * 400 ms for that read and otherwise sends the page without it (the shell then reads the customer itself): on
 * a loaded runner the first read can miss that, so the page is asked for until one arrives with the welcome.
 */
async function warmWelcome(page: Page) {
  await expect
    .poll(async () => (await page.request.get(`/${HOTEL}/map`)).text(), { timeout: 30_000 })
    .toContain(WELCOME);
}

/** A mark on the page's window: still there later means the page was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));
}
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

test.beforeEach(async ({ page }) => {
  await noTiles(page);
  await page.setViewportSize({ width: 1280, height: 800 });
});

test('API unreachable on a first visit: "Still trying…" and the welcome before the map’s code has arrived, then the map by itself', async ({
  page,
}) => {
  await warmWelcome(page);
  let down = true;
  await page.route(API_REQUESTS, (r) => (down ? r.abort('connectionrefused') : r.continue()));
  // The map remote's files (manifest and scripts) are held back: what the guest reads first comes from the
  // server's page and the shell's first script alone.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let mapFilesSent = 0;
  await page.route(`${MAP_ORIGIN}/**`, async (r) => {
    await held;
    mapFilesSent++;
    await r.continue();
  });
  await page.goto(`/${HOTEL}/map`, { waitUntil: 'domcontentloaded' });
  await expect(notice(page, 'Still trying to reach the server…')).toBeVisible();
  await expect(page.getByText(WELCOME).first()).toBeVisible();
  expect(mapFilesSent).toBe(0);
  // The page marked when it first said so (the bench's figure).
  expect(await page.evaluate(() => performance.getEntriesByName('gm:notice').length)).toBeGreaterThan(0);
  release();
  // The shell's notice takes over: it says what it is doing and when it tries next; no error page, and it
  // keeps trying.
  await expect(notice(page, /Next try in \d+ seconds?\.|Trying now\./)).toBeVisible();
  await expect(page.locator('#gm-early-notice')).toHaveCount(0);
  await page.waitForTimeout(4000);
  await expect(notice(page, 'Still trying to reach the server…')).toBeVisible();
  await expect(errorPage(page)).toHaveCount(0);
  expect(mapFilesSent).toBeGreaterThan(0);
  await markPage(page);

  down = false;
  await expect(markers(page).first()).toBeVisible();
  await expect(list(page).getByRole('link').first()).toBeVisible();
  await expect(page.getByText(/^\d+ places$/)).toBeVisible();
  await expect(notice(page, 'Still trying to reach the server…')).toHaveCount(0);
  await expect(errorPage(page)).toHaveCount(0);
  expect(await notReloaded(page)).toBe(true);
});

test('API answering: the page’s first check of it shows nothing', async ({ page }) => {
  await page.goto(`/${HOTEL}/map`);
  await expect(markers(page).first()).toBeVisible();
  await expect(page.locator('#gm-early-notice')).toHaveCount(0);
  await expect(page.locator('.gm-connection.is-shown')).toHaveCount(0);
  expect(await page.evaluate(() => performance.getEntriesByName('gm:notice').length)).toBe(0);
});

test('API unreachable on a later visit: the places kept from the last visit, then fresh ones', async ({ page }) => {
  // A first visit with the API up keeps the places on the device.
  await page.goto(`/${HOTEL}/map`);
  await expect(list(page).getByRole('link').first()).toBeVisible();
  const names = await list(page).getByRole('link').allInnerTexts();

  let down = true;
  await page.route(API_REQUESTS, (r) => (down ? r.abort('connectionrefused') : r.continue()));
  await page.goto(`/${HOTEL}/map`, { waitUntil: 'domcontentloaded' });
  await expect(notice(page, 'Still trying to reach the server…')).toBeVisible();
  await expect(page.getByText('Showing the places saved from your last visit.')).toBeVisible();
  await expect(list(page).getByRole('link').first()).toBeVisible();
  expect(await list(page).getByRole('link').allInnerTexts()).toEqual(names);
  await expect(markers(page).first()).toBeVisible();
  await markPage(page);

  down = false;
  await expect(page.getByText('Showing the places saved from your last visit.')).toHaveCount(0);
  await expect(notice(page, 'Still trying to reach the server…')).toHaveCount(0);
  expect(await notReloaded(page)).toBe(true);
});

test('500 and 503 for a minute: the same as unreachable, no error page, the search typed meanwhile kept', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await warmWelcome(page);
  let failing = true;
  let answered5xx = 0;
  await page.route(API_REQUESTS, (r) => {
    if (!failing) return r.continue();
    answered5xx++;
    // PostgREST's and a proxy's answers when the database or the service is down.
    return r.request().url().includes('/activities')
      ? r.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"internal error"}' })
      : r.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' });
  });
  await page.goto(`/${HOTEL}/map`, { waitUntil: 'domcontentloaded' });
  const t0 = Date.now();
  await expect(notice(page, 'Still trying to reach the server…')).toBeVisible();
  await expect(page.getByText(WELCOME).first()).toBeVisible();
  await markPage(page);
  // The guest types a search while the server fails.
  const search = page.getByRole('searchbox', { name: 'Search places' });
  await search.fill('market');
  // A minute of server faults: the page keeps saying it is trying and never shows an error page.
  while (Date.now() - t0 < 60_000) {
    await expect(notice(page, 'Still trying to reach the server…')).toBeVisible();
    await expect(errorPage(page)).toHaveCount(0);
    await page.waitForTimeout(5000);
  }
  expect(answered5xx).toBeGreaterThan(5);
  failing = false;
  await expect(notice(page, 'Still trying to reach the server…')).toHaveCount(0, { timeout: 20_000 });
  await expect(search).toHaveValue('market');
  // The places arrive filtered by what was typed.
  await expect(list(page).getByRole('link', { name: /Ben Thanh Market/ })).toBeVisible();
  await expect(list(page).getByRole('link', { name: /Notre-Dame Cathedral/ })).toHaveCount(0);
  expect(await notReloaded(page)).toBe(true);
});

test('a slow link (400 ms round trips, 400 kbit/s): welcome, markers and list, no request cut short', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const failed: string[] = [];
  page.on('requestfailed', (r) => {
    if (!/openstreetmap|\{z\}/.test(r.url())) failed.push(`${r.url()} ${r.failure()?.errorText}`);
  });
  // Whatever the page shows on the way: an error or the shell's "unavailable" fallback at any moment counts.
  await page.addInitScript(() => {
    const w = window as unknown as { __errorsShown: string[] };
    w.__errorsShown = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('.gm-remote-fallback, [role="alert"]'))
        if (!w.__errorsShown.includes(el.textContent ?? '')) w.__errorsShown.push(el.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 400_000 / 8,
    uploadThroughput: 400_000 / 8,
  });
  await page.goto(`/${HOTEL}/map`, { waitUntil: 'commit' });
  await expect(page.getByText(WELCOME).first()).toBeVisible({ timeout: 60_000 });
  await expect(markers(page).first()).toBeVisible({ timeout: 90_000 });
  await expect(list(page).getByRole('link').first()).toBeVisible({ timeout: 30_000 });
  // Usable: a place opens from the list.
  await list(page).getByRole('link').first().click();
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toBeVisible({ timeout: 30_000 });
  await expect(errorPage(page)).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __errorsShown: string[] }).__errorsShown)).toEqual([]);
  expect(failed).toEqual([]);
});

test('a link to a place opened while the API is unreachable keeps its address and opens the place when it answers', async ({
  page,
}) => {
  await warmWelcome(page);
  const { data } = await admin()
    .from('activities')
    .select('id, slug, title')
    .eq('customer_id', HOTEL)
    .eq('slug', 'ben-thanh-market')
    .single();
  const place = data as { id: string; slug: string; title: { en: string } };
  let down = true;
  await page.route(API_REQUESTS, (r) => (down ? r.abort('connectionrefused') : r.continue()));
  await page.goto(`/${HOTEL}/map/${place.slug}/${place.id}`, { waitUntil: 'domcontentloaded' });
  await expect(notice(page, 'Still trying to reach the server…')).toBeVisible();
  await page.waitForTimeout(3000);
  // Not "this place no longer exists": the places are not known yet.
  await expect(page).toHaveURL(new RegExp(`/${HOTEL}/map/${place.slug}/${place.id}$`));
  down = false;
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toHaveText(place.title.en);
  await expect(page).toHaveURL(new RegExp(`/${HOTEL}/map/${place.slug}/${place.id}$`));
});
