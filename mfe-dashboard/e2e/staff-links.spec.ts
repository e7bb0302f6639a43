// Issue 43, items 2 and 3, in the production build: a moderator creates a staff link and sees it; a guest opens
// `/{hotel}?s=<code>` on a phone (in English, and in Korean), plays and redeems, and the dashboard shows that staff
// member's guest, play, redemption and commission (and its CSV); without navigator.share the share menu offers LINE,
// WhatsApp, Zalo and a QR code whose links carry s= and no language. Figures compared with the database (service role).
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { catalogue, serviceRest, signInAs, tr } from '../../shell/e2e/support.ts';
import { activityBySlug, noTiles, open } from '../../mfe-map/e2e/support.ts';
import { giveVoucher, HOTEL, pageUserId } from '../../mfe-map/e2e/rewards-support.ts';
import { API_URL, ANON_KEY } from '../../shell/e2e/support.ts';

test.describe.configure({ timeout: 180_000 });

// The seeded moderator's profile language is Vietnamese: the dashboard speaks it.
const vi = catalogue('mfe-dashboard', 'vi');
const mapEn = catalogue('mfe-map', 'en');
const mapKo = catalogue('mfe-map', 'ko');
const read = (p: string) => JSON.parse(fs.readFileSync(new URL(p, import.meta.url), 'utf8')) as Record<string, unknown>;
const rewardsKo = read('../../mfe-map/src/features/rewards/locales/ko.json');
const shareEn = read('../../mfe-map/src/lib/share/locales/en.json');
const shareKo = read('../../mfe-map/src/lib/share/locales/ko.json');
const vnd = (minor: number) => new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND' }).format(minor);

async function moderatorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'vi-VN' });
  const page = await context.newPage();
  await signInAs(page, 'moderator@demo.test');
  await page.goto(`/${HOTEL}/dashboard?tab=staff`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  return page;
}

async function createLink(page: Page, name: string): Promise<{ id: string; code: string }> {
  await page.getByRole('textbox', { name: tr(vi, 'staff.name') }).fill(name);
  await page.getByRole('button', { name: tr(vi, 'staff.create') }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  const link = (await row.getByTestId('staff-link').textContent())!.trim();
  expect(link).toMatch(new RegExp(`/${HOTEL}\\?s=[A-Za-z0-9_-]{22}$`));
  const code = new URL(link).searchParams.get('s')!;
  const rows = (await (await serviceRest(`staff_links?code=eq.${code}&select=id,name,customer_id`)).json()) as {
    id: string;
    name: string;
    customer_id: string;
  }[];
  expect(rows).toEqual([{ id: rows[0]!.id, name, customer_id: HOTEL }]);
  return { id: rows[0]!.id, code };
}

async function guestPage(browser: Browser, locale: string, opts: { noWebShare?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    locale,
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    isMobile: true,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  if (opts.noWebShare)
    await context.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
      delete (Navigator.prototype as { canShare?: unknown }).canShare;
    });
  const page = await context.newPage();
  await noTiles(page);
  return page;
}

/** Opens the staff link and waits until the visit was recorded. */
async function visit(page: Page, code: string) {
  const recorded = page.waitForResponse((r) => r.url().includes('/rpc/record_staff_visit'));
  await open(page, `/${HOTEL}?s=${code}`);
  expect((await recorded).ok()).toBe(true);
}

/** Plays today's scratch card in the page's language. */
async function play(page: Page, names: { rewards: string; get: string; reveal: string }) {
  await open(page, `/${HOTEL}/map?rewards=1`);
  const dialog = page.getByRole('dialog', { name: names.rewards });
  await dialog.getByRole('button', { name: names.get }).click();
  await dialog.getByRole('button', { name: names.reveal }).click();
  await expect(dialog.locator('.gm-prize-label')).toBeVisible();
  return pageUserId(page);
}

/** The partner redeems a voucher of the guest's (given by the service role: prizes are random) with its PIN. */
async function redeem(userId: string): Promise<number> {
  const spa = await activityBySlug(HOTEL, 'miu-miu-spa');
  const code = await giveVoucher(userId, spa.id);
  const res = await fetch(`${API_URL}/rest/v1/rpc/redeem_voucher`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      p_code: code,
      p_pin: '264093',
      p_amount_minor: 500000,
      p_currency: 'VND',
      p_idempotency_key: crypto.randomUUID(),
    }),
  });
  const answer = (await res.json()) as { ok: boolean; hotel_share_minor: number };
  expect(answer.ok).toBe(true);
  return answer.hotel_share_minor;
}

async function staffRow(page: Page, name: string) {
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 30_000 });
  return row;
}

for (const lang of ['en', 'ko'] as const) {
  test(`a moderator creates a staff link; a guest on a phone in ${lang === 'en' ? 'English' : 'Korean'} opens it, plays and redeems; the dashboard credits that staff member`, async ({
    browser,
  }) => {
    const moderator = await moderatorPage(browser);
    const name = `Staff ${lang} ${Date.now().toString(36)}`;
    const link = await createLink(moderator, name);

    const guest = await guestPage(browser, lang === 'en' ? 'en-US' : 'ko-KR');
    await visit(guest, link.code);
    // The recipient's own language: the page speaks it.
    await expect(
      guest.getByRole('button', { name: tr(lang === 'en' ? mapEn : mapKo, 'customer.shareMap') }),
    ).toBeVisible();
    const userId = await play(
      guest,
      lang === 'en'
        ? { rewards: 'Rewards', get: "Get today's card", reveal: 'Reveal' }
        : {
            rewards: tr(rewardsKo, 'title'),
            get: tr(rewardsKo, 'scratch.play'),
            reveal: tr(rewardsKo, 'scratch.reveal'),
          },
    );
    // The database credited the play, and then the redemption, to the link.
    const plays = (await (await serviceRest(`reward_plays?user_id=eq.${userId}&select=staff_link_id`)).json()) as {
      staff_link_id: string;
    }[];
    expect(plays).toEqual([{ staff_link_id: link.id }]);
    const share = await redeem(userId);
    const txns = (await (
      await serviceRest(`partner_transactions?staff_link_id=eq.${link.id}&select=hotel_share_minor,status`)
    ).json()) as { hotel_share_minor: number; status: string }[];
    expect(txns).toEqual([{ hotel_share_minor: share, status: 'confirmed' }]);

    const row = await staffRow(moderator, name);
    const cells = row.getByRole('cell');
    await expect(cells.nth(1)).toHaveText('1');
    await expect(cells.nth(2)).toHaveText('1');
    await expect(cells.nth(3)).toHaveText('1');
    await expect(cells.nth(4)).toHaveText(vnd(share));

    if (lang === 'en') {
      // The CSV: the same figures, the commission in whole dong.
      const download = moderator.waitForEvent('download');
      await moderator.getByRole('button', { name: tr(vi, 'staff.csv') }).click();
      const text = fs.readFileSync(await (await download).path(), 'utf8');
      const lines = text.trim().split('\r\n');
      expect(lines[0]).toBe('from,to,staff,link,status,guests,plays,redemptions,currency,commission_hotel_share');
      expect(lines.find((l) => l.includes(name))).toMatch(
        new RegExp(`,${name},http[^,]*\\?s=${link.code},live,1,1,1,VND,${share}$`),
      );
      // Revoked: listed as such, no longer offered as a link.
      await moderator
        .getByRole('row')
        .filter({ hasText: name })
        .getByRole('button', { name: tr(vi, 'staff.revoke') })
        .click();
      await moderator
        .getByRole('tooltip')
        .getByRole('button', { name: tr(vi, 'staff.revoke') })
        .click();
      const revoked = moderator.getByRole('row').filter({ hasText: name });
      await expect(revoked.getByText(tr(vi, 'staff.revokedTag'))).toBeVisible();
      await expect(revoked.getByTestId('staff-link')).toHaveCount(0);
    }
    await guest.context().close();
    await moderator.context().close();
  });
}

test('without navigator.share, the share menu offers LINE, WhatsApp, Zalo and a QR code, links keeping s= and no language', async ({
  browser,
}) => {
  const CODE = 'demo-minh-concierge-02';
  for (const [locale, texts, mapTexts] of [
    ['en-US', shareEn, mapEn],
    ['ko-KR', shareKo, mapKo],
  ] as const) {
    const guest = await guestPage(browser, locale, { noWebShare: true });
    await visit(guest, CODE);
    expect(await guest.evaluate(() => typeof navigator.share)).toBe('undefined');
    const scripts: string[] = [];
    guest.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await guest.getByRole('button', { name: tr(mapTexts, 'customer.shareMap') }).click();
    const menu = guest.getByRole('dialog', { name: tr(texts, 'title') });
    await expect(menu).toBeVisible();
    const mapUrl = new URL(`/${HOTEL}/map`, guest.url());
    mapUrl.searchParams.set('s', CODE);
    const line = await menu.getByRole('link', { name: tr(texts, 'line') }).getAttribute('href');
    const whatsapp = await menu.getByRole('link', { name: tr(texts, 'whatsapp') }).getAttribute('href');
    expect(line!.startsWith('https://line.me/R/share?text=')).toBe(true);
    expect(whatsapp!.startsWith('https://wa.me/?text=')).toBe(true);
    for (const href of [line!, whatsapp!]) {
      const message = new URL(href).searchParams.get('text')!;
      expect(message.endsWith(mapUrl.toString())).toBe(true);
      expect(message).not.toMatch(/[?&](lang|locale|hl|lng)=/);
    }
    // KakaoTalk: not configured here, so not offered.
    await expect(menu.getByRole('button', { name: tr(texts, 'kakao') })).toHaveCount(0);
    // Zalo: the link is copied, then Zalo opens.
    await guest.context().route('https://zalo.me/**', (r) => r.fulfill({ body: 'zalo' }));
    const popup = guest.waitForEvent('popup');
    await menu.getByRole('button', { name: tr(texts, 'zalo') }).click();
    expect((await popup).url()).toBe('https://zalo.me/');
    await expect(menu.getByRole('status')).toHaveText(tr(texts, 'copied'));
    expect(await guest.evaluate(() => navigator.clipboard.readText())).toBe(mapUrl.toString());
    // WeChat: a QR code drawn in the page (nothing fetched from another origin).
    await menu.getByRole('button', { name: tr(texts, 'wechat') }).click();
    await expect(menu.getByRole('img', { name: tr(texts, 'qrLabel', { url: mapUrl.toString() }) })).toBeVisible();
    expect(
      scripts.filter((u) => !u.startsWith(new URL(guest.url()).origin) && !/127\.0\.0\.1|localhost/.test(u)),
    ).toEqual([]);
    await guest.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await guest.context().close();
  }
});
