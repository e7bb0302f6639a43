import { expect, test } from '@playwright/test';
import { serviceCount, serviceRest, signInAs } from '../../shell/e2e/support.ts';
import fs from 'node:fs';
import path from 'node:path';

const catalogue = (l: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, `../src/locales/${l}.json`), 'utf8')) as Record<string, unknown>;
const en = catalogue('en');
const vi = catalogue('vi');

// The seeded hotel staff use Vietnamese (their profile language is applied at sign-in), the
// administrator English: each test reads the catalogue of the person using the screen.
type Catalogue = Record<string, unknown>;

/** The dashboard remote carries antd: give its first load more time than a guest screen gets. */
async function screenReady(page: import('@playwright/test').Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}
function tr(c: Catalogue, key: string, vars: Record<string, string | number> = {}): string {
  const raw = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], c);
  if (typeof raw !== 'string') throw new Error(`no text for ${key}`);
  return raw.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
}

const HOTEL = 'saigon-riverside-hotel';
const INN = 'hanoi-old-quarter-inn';

test.describe('dashboard access', () => {
  test('a visitor is sent home with the sign-in dialog and the target route', async ({ page }) => {
    await page.goto(`/${HOTEL}/dashboard`);
    await screenReady(page);
    await expect(page).toHaveURL(/\/\?(.*&)?dialogAuth=true/);
    const url = new URL(page.url());
    expect(url.searchParams.get('to')).toBe('Dashboard');
    expect(url.searchParams.get('customerId')).toBe(HOTEL);
  });

  for (const email of ['traveller@demo.test', 'innkeeper@demo.test']) {
    test(`${email} (not a moderator of this hotel) is refused`, async ({ page }) => {
      await signInAs(page, email);
      await page.goto(`/${HOTEL}/dashboard`);
      await screenReady(page);
      await expect(page).toHaveURL(/dialogAuth=true/);
      await expect(page.getByRole('tab', { name: 'Overview' })).toHaveCount(0);
    });
  }
});

test.describe('as the hotel moderator', () => {
  test.beforeEach(async ({ page }) => {
    await signInAs(page, 'moderator@demo.test');
  });

  test('figures match the analytics events in the database exactly', async ({ page }) => {
    await page.goto(`/${HOTEL}/dashboard`);
    await screenReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(tr(vi, 'Dashboard.title'));
    // The default period: the last 30 whole UTC days, today included.
    const end = new Date();
    const endDay = Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate()) + 86_400_000;
    const start = new Date(endDay - 30 * 86_400_000).toISOString();
    const stop = new Date(endDay).toISOString();
    for (const [type, testId] of [['qr_scan', 'kpi-qr_scan'], ['map_view', 'kpi-map_view'], ['activity_view', 'kpi-activity_view']] as const) {
      const expected = await serviceCount(`analytics_events?select=id&customer_id=eq.${HOTEL}&type=eq.${type}&created_at=gte.${start}&created_at=lt.${stop}`);
      expect(expected).toBeGreaterThan(0);
      await expect(page.getByTestId(testId).locator('.ant-statistic-content-value')).toHaveText(expected.toLocaleString('en-US'));
    }
    await expect(page.getByRole('img', { name: new RegExp(`${tr(vi, 'metrics.map_view')}: \\d+`) })).toBeVisible();
    await page.getByText(tr(vi, 'overview.lastDays_other', { count: 7 }), { exact: true }).click();
    const start7 = new Date(endDay - 7 * 86_400_000).toISOString();
    const expected7 = await serviceCount(`analytics_events?select=id&customer_id=eq.${HOTEL}&type=eq.map_view&created_at=gte.${start7}&created_at=lt.${stop}`);
    await expect(page.getByTestId('kpi-map_view').locator('.ant-statistic-content-value')).toHaveText(expected7.toLocaleString('en-US'));
  });

  test('the QR poster links to the map with src=qr, per room', async ({ page }) => {
    await page.goto(`/${HOTEL}/dashboard?tab=qr`);
    await screenReady(page);
    await expect(page.getByTestId('qr-target')).toContainText(`/${HOTEL}/map?src=qr`);
    await page.getByLabel(tr(vi, 'qr.roomLabel')).fill('204');
    await expect(page.getByTestId('qr-target')).toContainText('src=qr&room=204');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: tr(vi, 'qr.svg') }).click();
    expect((await download).suggestedFilename()).toBe(`${HOTEL}-room-204-qr.svg`);
  });

  test('moderators: the list, and the last one cannot be removed', async ({ page }) => {
    await page.goto(`/${HOTEL}/dashboard?tab=moderators`);
    await screenReady(page);
    await expect(page.getByText('moderator@demo.test').first()).toBeVisible();
    await expect(page.getByRole('button', { name: tr(vi, 'mods.removeWho', { email: 'moderator@demo.test' }) })).toBeDisabled();
    await page.getByLabel(tr(vi, 'mods.email')).fill('nobody-here@example.test');
    await page.getByRole('button', { name: tr(vi, 'mods.add') }).click();
    await expect(page.getByText(tr(vi, 'errors.user_not_found'))).toBeVisible();
  });

  test('settings: a saved tagline persists; a low-contrast colour is flagged', async ({ page }) => {
    await page.goto(`/${HOTEL}/settings`);
    await screenReady(page);
    const tagline = page.getByLabel(tr(vi, 'settings.tagline'));
    const before = await tagline.inputValue();
    await tagline.fill('Riverside picks, tested by our concierge');
    const colour = page.getByLabel(tr(vi, 'settings.primaryColor'), { exact: true });
    // A mid grey is hard to read with either white or dark text.
    await colour.fill('#777777');
    await expect(page.getByText(new RegExp(tr(vi, 'settings.contrastLow', { ratio: 'X' }).split('X')[0]!.trim()))).toBeVisible();
    await colour.fill('#0b5d3b');
    await expect(page.getByText(new RegExp(tr(vi, 'settings.contrastOk', { ratio: 'X' }).split('X')[0]!.trim()))).toBeVisible();
    await page.getByRole('button', { name: tr(vi, 'form.save') }).click();
    await expect(page.getByText(tr(vi, 'settings.saved'))).toBeVisible();
    const res = await serviceRest(`customers?id=eq.${HOTEL}&select=tagline,primary_color`);
    expect(await res.json()).toEqual([{ tagline: 'Riverside picks, tested by our concierge', primary_color: '#0b5d3b' }]);
    await serviceRest(`customers?id=eq.${HOTEL}`, { method: 'PATCH', body: JSON.stringify({ tagline: before || null, primary_color: '#1f6f78' }) });
    // Only administrators may change the package.
    await expect(page.getByTestId('package')).toContainText(tr(vi, 'settings.packageAdminOnly'));
  });
});

test.describe('package allowance (basic hotel)', () => {
  test('shows "18 of 20 used" and explains the database refusal beyond 20', async ({ page }) => {
    await signInAs(page, 'innkeeper@demo.test');
    const drafts = (await (await serviceRest(`activities?customer_id=eq.${INN}&published=is.false&select=id,title&order=sort_order`)).json()) as { id: string; title: { en: string; vi?: string } }[];
    expect(drafts.length).toBeGreaterThanOrEqual(3);
    try {
      await page.goto(`/${INN}/dashboard?tab=recommendations`);
      await screenReady(page);
      await expect(page.getByTestId('allowance')).toHaveText(tr(vi, 'recs.allowance', { used: 18, limit: 20 }));
      const toggle = (d: { title: { en: string; vi?: string } }) => page.getByRole('switch', { name: tr(vi, 'recs.publishToggle', { name: d.title.vi ?? d.title.en }) });
      for (const d of drafts.slice(0, 2)) {
        await toggle(d).click();
        await expect(toggle(d)).toBeChecked();
      }
      await expect(page.getByTestId('allowance')).toHaveText(tr(vi, 'recs.allowance', { used: 20, limit: 20 }));
      await toggle(drafts[2]!).click();
      await expect(page.getByText(tr(vi, 'errors.package_limit', { limit: 20 }))).toBeVisible();
      await expect(toggle(drafts[2]!)).not.toBeChecked();
      expect(await serviceCount(`activities?select=id&customer_id=eq.${INN}&published=is.true`)).toBe(20);
    } finally {
      for (const d of drafts) await serviceRest(`activities?id=eq.${d.id}`, { method: 'PATCH', body: JSON.stringify({ published: false }) });
    }
  });
});

test.describe('as an administrator', () => {
  test('sees administration and can change any hotel package', async ({ page }) => {
    await signInAs(page, 'admin@demo.test');
    await page.goto(`/${INN}/dashboard?tab=admin`);
    await screenReady(page);
    await page.getByRole('button', { name: tr(en, 'admin.loadCustomers') }).click();
    await expect(page.getByRole('cell', { name: 'hanoi-old-quarter-inn' })).toBeVisible();
    await page.getByLabel('Find users by e-mail or name').fill('demo.test');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('cell', { name: 'disabled@demo.test', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enable disabled@demo.test' })).toBeVisible();
  });
});
