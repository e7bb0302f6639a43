// The backend restarting under an open page (issue 32, item 7; docs/reliability.md): the local stack is
// really stopped and started again while a hotel map, a dashboard and the partner portal are open. Each page
// says within 3 s that it is still trying to reach the server, recovers without a reload when the stack
// answers again, and keeps what the user had typed. The stack is this file's own copy of the product
// (`platform.mjs serve` on its own ports, with its test-only stack control: POST /stop and /start), so the
// browser tests beside it keep their backend.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { ANON_KEY, catalogue, tr } from './support.ts';

// Bounds are for "never", not for speed: on a loaded two-core runner a step a phone does in 100 ms can take
// seconds. How fast the notice comes is measured by the shell's bench (scripts/bench-notice.mjs).
const expect = baseExpect.configure({ timeout: 30_000 });
const root = path.resolve(import.meta.dirname, '../..');
// Ports of this file's copy, next to the run's own (two runs side by side never share them): with the
// suite on 3100 / 55021, the shell on 3150 (remotes 3151-3154), the API on 55090 (database 55091, inbox
// 55093) and the stack control on 55095.
const BASE = Number(process.env.GUESTMAP_PORT_BASE ?? 3000) + 50;
const API_PORT = Number(process.env.SUPABASE_API_PORT ?? 54321) + 69;
const CONTROL_PORT = API_PORT + 5;
const CONTROL = `http://127.0.0.1:${CONTROL_PORT}`;
const origin = `http://127.0.0.1:${BASE}`;
const api = `http://127.0.0.1:${API_PORT}`;
const HOTEL = 'saigon-riverside-hotel';

let server: ChildProcess | undefined;
let serverErrors = '';

async function answers(url: string, ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    if (server && server.exitCode !== null) throw new Error(`serve stopped (${server.exitCode}): ${serverErrors}`);
    if (Date.now() > end) throw new Error(`${url} did not answer: ${serverErrors}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function control(what: 'stop' | 'start') {
  const res = await fetch(`${CONTROL}/${what}`, { method: 'POST' });
  expect(res.status, await res.text()).toBe(200);
  if (what === 'stop') await expect(fetch(`${api}/health`)).rejects.toThrow();
  else await answers(`${api}/health`, 10_000);
}

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = spawn(process.execPath, [path.join(root, 'shell/scripts/platform.mjs'), 'serve'], {
    env: {
      ...process.env,
      GUESTMAP_PORT_BASE: String(BASE),
      SUPABASE_API_PORT: String(API_PORT),
      SUPABASE_DB_PORT: String(API_PORT + 1),
      SUPABASE_INBOX_PORT: String(API_PORT + 3),
      GUESTMAP_STACK_CONTROL_PORT: String(CONTROL_PORT),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  server.stderr?.on('data', (d: Buffer) => (serverErrors = (serverErrors + d.toString()).slice(-4000)));
  await answers(`${api}/health`, 240_000);
  await answers(`http://127.0.0.1:${BASE + 4}/mf-manifest.json`, 60_000);
});

test.afterAll(async () => {
  if (!server?.pid) return;
  const exited = new Promise((r) => server!.once('exit', r));
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    /* gone */
  }
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
});

/** A page of this copy, signed in as `email` (a real password sign-in against its stack) when given. */
async function newPage(browser: Browser, email?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.route(/tile\.openstreetmap\.org/, (r) => r.abort());
  if (email) {
    const res = await fetch(`${api}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'demo-pass-123' }),
    });
    expect(res.ok, `sign-in of ${email}`).toBe(true);
    const session = JSON.stringify(await res.json());
    await page.addInitScript(
      ([k, v]) => {
        if (!sessionStorage.getItem('__e2e_signed_in')) {
          localStorage.setItem(k, v);
          sessionStorage.setItem('__e2e_signed_in', '1');
        }
      },
      ['sb-127-auth-token', session] as const,
    );
  }
  return page;
}

// The moderator and the partner of the demo data read Vietnamese: so does what the page says to them.
const vi = { shell: catalogue('shell', 'vi'), dash: catalogue('mfe-dashboard', 'vi') };
const stillTrying = (page: Page, text = 'Still trying to reach the server…') =>
  page.getByRole('status').filter({ hasText: text });
const stillTryingVi = (page: Page) => stillTrying(page, tr(vi.shell, 'connection.retrying'));
/** An error page of any screen: the shell's fallback, a "can't reach the server" alert, an antd result page. */
const errorPage = (page: Page) => {
  const en = { shell: catalogue('shell', 'en') };
  const texts = [en.shell, vi.shell].flatMap((c) => [tr(c, 'remote.unavailable'), tr(c, 'errors.network')]);
  const escaped = texts.map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return page
    .getByRole('alert')
    .filter({ hasText: new RegExp(escaped.join('|')) })
    .or(page.locator('.ant-result'));
};
async function markPage(page: Page) {
  await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));
}
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded === true);

test('an open hotel map: the stack restarts while the guest searches and opens the city map', async ({ browser }) => {
  const page = await newPage(browser);
  // An earlier visit to the city's map: its places are kept on the device.
  await page.goto('/ho-chi-minh-city/map');
  const list = page.getByRole('list', { name: 'Places on this map' });
  await expect(list.getByRole('link').first()).toBeVisible();
  await page.goto(`/${HOTEL}/map`);
  await expect(list.getByRole('link').first()).toBeVisible();
  await markPage(page);

  await control('stop');
  // The open map keeps working from what it has.
  const search = page.getByRole('searchbox', { name: 'Search places' });
  await search.fill('market');
  await expect(list.getByRole('link', { name: /Ben Thanh Market/ })).toBeVisible();
  await expect(list.getByRole('link', { name: /Notre-Dame Cathedral/ })).toHaveCount(0);
  // The guest follows a link to the city's map: its read gets no answer.
  await page.evaluate(() => {
    history.pushState({}, '', '/ho-chi-minh-city/map');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(stillTrying(page)).toBeVisible();
  await expect(page.getByText('Showing the places saved from your last visit.')).toBeVisible();
  await search.fill('market');
  await expect(list.getByRole('link', { name: /Binh Tay Market/ })).toBeVisible();
  await page.waitForTimeout(3000);
  await expect(errorPage(page)).toHaveCount(0);

  await control('start');
  await expect(page.getByText('Showing the places saved from your last visit.')).toHaveCount(0);
  await expect(stillTrying(page)).toHaveCount(0);
  await expect(search).toHaveValue('market');
  await expect(list.getByRole('link', { name: /Binh Tay Market/ })).toBeVisible();
  expect(await notReloaded(page)).toBe(true);
  await page.context().close();
});

test('an open dashboard: the stack restarts while the moderator types an invitation and opens the figures', async ({
  browser,
}) => {
  const page = await newPage(browser, 'moderator@demo.test');
  await page.goto(`/${HOTEL}/dashboard?tab=moderators`);
  await expect(page.getByText('moderator@demo.test').first()).toBeVisible();
  await markPage(page);

  await control('stop');
  const email = page.getByRole('textbox', { name: tr(vi.dash, 'mods.email') });
  await email.fill('new-concierge@example.test');
  await page.getByRole('tab', { name: tr(vi.dash, 'tabs.overview') }).click();
  await expect(stillTryingVi(page)).toBeVisible();
  await page.waitForTimeout(3000);
  await expect(errorPage(page)).toHaveCount(0);

  await control('start');
  const figure = page.getByTestId('kpi-map_view');
  await expect(figure.locator('.ant-card-loading-content')).toHaveCount(0);
  await expect(figure).toContainText(/\d/);
  await expect(stillTryingVi(page)).toHaveCount(0);
  await page.getByRole('tab', { name: tr(vi.dash, 'tabs.moderators') }).click();
  await expect(email).toHaveValue('new-concierge@example.test');
  expect(await notReloaded(page)).toBe(true);
  await page.context().close();
});

test('the partner portal: the stack restarts while the partner types a new PIN and picks a month', async ({
  browser,
}) => {
  const page = await newPage(browser, 'partner@demo.test');
  await page.goto('/partner');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const month = page.getByRole('combobox', { name: tr(vi.dash, 'partnerPortal.month') });
  await expect(month).toBeVisible();
  await expect(page.getByTestId('portal-owed-none').or(page.getByTestId('portal-total-VND'))).toBeVisible();
  await markPage(page);

  await control('stop');
  const pin = page.getByLabel(tr(vi.dash, 'partnerPortal.pinNew'));
  await pin.fill('48151623');
  await month.click();
  await page.locator('.ant-select-item-option').nth(1).click();
  await expect(page).toHaveURL(/month=\d{4}-\d{2}/);
  await expect(stillTryingVi(page)).toBeVisible();
  await page.waitForTimeout(3000);
  await expect(errorPage(page)).toHaveCount(0);

  await control('start');
  await expect(page.getByTestId('portal-owed-none').or(page.getByTestId('portal-total-VND'))).toBeVisible();
  await expect(stillTryingVi(page)).toHaveCount(0);
  await expect(pin).toHaveValue('48151623');
  expect(await notReloaded(page)).toBe(true);
  await page.context().close();
});
