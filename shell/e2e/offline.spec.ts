// Repeat visits without a network (issue 7, item 7): a guest opens a hotel's map once; later, with
// every server gone, the same map opens again from the service worker: places, list, search, the
// place panel and the emergency sheet. Then the servers come back with a new configuration (a deploy) and the page gets it at
// once: the worker never hides a deploy. The servers are this file's own (own ports), so they can be
// stopped for real: no emulation that a service worker might bypass.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const base = Number(process.env.GUESTMAP_PORT_BASE ?? 3000) + 60;
// Below Linux's ephemeral range (32768–60999): this stack stops and starts again while the browser and the
// test make connections, and a connection's local port taken from that range can hold a port the restart
// needs ("listen EADDRINUSE" seen in a full run on 55170). 54321 → 24381.
const api = (Number(process.env.SUPABASE_API_PORT ?? 54321) % 10000) + 20060;
const origin = `http://127.0.0.1:${base}`;
const TILES_A = 'https://tiles-a.invalid/{z}/{x}/{y}.png';
const TILES_B = 'https://tiles-b.invalid/{z}/{x}/{y}.png';

let server: ChildProcess | undefined;

/** The server's last error output: said when it stops before answering. */
let serverErrors = '';

async function up(url: string, ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    if (server && server.exitCode !== null)
      throw new Error(`the server stopped (${server.exitCode}) before ${url} answered: ${serverErrors}`);
    if (Date.now() > end) throw new Error(`${url} did not answer: ${serverErrors}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function start(tiles: string) {
  server = spawn(process.execPath, [path.join(root, 'shell/scripts/platform.mjs'), 'serve'], {
    env: {
      ...process.env,
      GUESTMAP_PORT_BASE: String(base),
      SUPABASE_API_PORT: String(api),
      SUPABASE_DB_PORT: String(api + 1),
      SUPABASE_INBOX_PORT: String(api + 3),
      GUESTMAP_TILE_URL: tiles,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  serverErrors = '';
  server.stderr?.on('data', (d: Buffer) => (serverErrors = (serverErrors + d.toString()).slice(-4000)));
  await up(`http://127.0.0.1:${api}/health`, 180_000);
  await up(`${origin}/config.json`, 60_000);
  await up(`http://127.0.0.1:${base + 2}/mf-manifest.json`, 60_000);
}

async function stop() {
  if (!server?.pid) return;
  const exited = new Promise((r) => server!.once('exit', r));
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  server = undefined;
  // Really gone: nothing answers on the app's or the API's port, and the database's and inbox's ports are
  // free again (a stack still closing them made the restart below fail to listen, now and then in CI).
  await expect(fetch(`${origin}/config.json`)).rejects.toThrow();
  await expect(fetch(`http://127.0.0.1:${api}/health`)).rejects.toThrow();
  for (const port of [api + 1, api + 3]) await expect.poll(() => listening(port), { timeout: 15_000 }).toBe(false);
}

/** Whether something accepts connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test.describe.configure({ mode: 'serial', timeout: 300_000 });
test.use({ serviceWorkers: 'allow', viewport: { width: 360, height: 740 } });
test.afterAll(stop);

const markers = (page: Page) => page.locator('.leaflet-marker-icon[data-activity-id]');

async function openMap(page: Page) {
  await page.goto(`${origin}/saigon-riverside-hotel/map`);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(markers(page).first()).toBeVisible({ timeout: 30_000 });
}

test('the hotel map opens again with every server down, then a deploy is picked up at once', async ({ page }) => {
  await start(TILES_A);
  // First visit, online: the worker installs, takes over and keeps what this visit loaded.
  await openMap(page);
  const count = await markers(page).count();
  expect(count).toBeGreaterThan(5);
  await expect(page.locator('html[data-offline="ready"]')).toHaveCount(1, { timeout: 30_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${origin}/sw.js`);
  // The worker carries the shell build's id (written into sw.js by the build): a new deploy changes the
  // file, so the browser installs the worker again and it keeps the new files as it installs.
  const build = /const BUILD = '([0-9a-f]{12})';/.exec(await (await fetch(`${origin}/sw.js`)).text())?.[1];
  expect(build).toBeDefined();
  const told = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => resolve((e.data as { build?: string }).build);
        navigator.serviceWorker.controller!.postMessage({ type: 'gm:build?' }, [channel.port2]);
      }),
  );
  expect(told).toBe(build);

  await stop();
  // The worker's cache alone: the browser's own HTTP cache is emptied (a phone may evict it; until the
  // remote's scripts were fetched in CORS mode, they came from there, never kept by the worker).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();

  // Offline: a fresh load of the same map, from the worker alone.
  const t0 = Date.now();
  await page.goto(`${origin}/saigon-riverside-hotel/map`);
  await expect(markers(page).first()).toBeVisible({ timeout: 15_000 });
  console.log(`[offline] hotel map from the service worker, servers down: first marker after ${Date.now() - t0} ms`);
  await expect(markers(page)).toHaveCount(count);
  // The list, search and the place panel work as online.
  await page.getByRole('button', { name: /Show the list/ }).click();
  const list = page.getByRole('list', { name: 'Places on this map' });
  await expect.poll(() => list.getByRole('link').count()).toBeGreaterThan(5);
  const all = await list.getByRole('link').count();
  await page.getByRole('searchbox', { name: 'Search places' }).fill('spa');
  await expect.poll(() => list.getByRole('link').count()).toBeLessThan(all);
  const first = list.getByRole('link', { name: /spa/i }).first();
  const name = (await first.getAttribute('aria-label')) ?? (await first.innerText());
  await first.click();
  await expect(page).toHaveURL(/\/saigon-riverside-hotel\/map\/[^/]+\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toBeVisible();
  expect(name.toLowerCase()).toContain(
    (await page.getByRole('article').getByRole('heading', { level: 2 }).innerText()).toLowerCase().slice(0, 6),
  );
  // A deep link to a place works offline too (every route is the same cached page).
  const deep = page.url();
  await page.goto(deep);
  await expect(page.getByRole('article').getByRole('heading', { level: 2 })).toBeVisible({ timeout: 15_000 });
  // The driver card, offline (issue 43 item 1): both forms of the address, in Vietnamese.
  await page.getByRole('article').getByRole('button', { name: 'Show to driver' }).click();
  const driver = page.getByRole('dialog', { name: /^Vui lòng chở tôi đến:/ });
  await expect(driver.locator('.gm-driver-address').first()).toContainText('TP. Hồ Chí Minh');
  await expect(driver.getByText(/^\(Địa chỉ cũ: .+\)$/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(driver).toHaveCount(0);
  // The emergency sheet, never opened online: its code, its texts and its data were kept by the first visit
  // (issue 43 item 6, docs/emergency.md).
  await page.getByRole('button', { name: 'Emergency', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Emergency' });
  await expect(sheet.getByRole('link', { name: '113 Police Công an' })).toHaveAttribute('href', 'tel:113');
  await expect(sheet.getByRole('link', { name: '115 Ambulance Cấp cứu' })).toHaveAttribute('href', 'tel:115');
  await expect(sheet.getByRole('link', { name: 'Call the hotel +84 28 3823 4567' })).toHaveAttribute(
    'href',
    'tel:+842838234567',
  );
  await expect(sheet.getByText('10 Tôn Đức Thắng, Phường Sài Gòn, TP. Hồ Chí Minh', { exact: true })).toBeVisible();
  await expect(
    sheet.getByRole('region', { name: 'Nearest hospital or clinic' }).getByText('FV Hospital (Bệnh viện FV)'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // A deploy: the servers come back with a new configuration (another tile server). Online, the page
  // gets the new one at once, although an older copy sits in the worker's cache.
  await start(TILES_B);
  const tiles: string[] = [];
  page.on('request', (r) => {
    if (/tiles-[ab]\.invalid/.test(r.url())) tiles.push(r.url());
  });
  await page.goto(`${origin}/saigon-riverside-hotel/map`);
  await expect(markers(page).first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => tiles.length).toBeGreaterThan(0);
  expect(tiles.filter((u) => !u.startsWith('https://tiles-b.invalid/'))).toEqual([]);
});
