// Guest rewards on a hotel map: the rewards entry, the scratch card (Reveal button and scratching
// with the mouse), the fortune wheel landing on the server's prize, points and history, vouchers
// with their QR code, anonymous play and keeping it by signing up. Real stack, no mocks.
import { expect as baseExpect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { activityBySlug, admin, noTiles, open } from './support.ts';
import { linkFromInbox } from '../../mfe-account/e2e/support.ts';
import {
  giveVoucher,
  HOTEL,
  ledgerOf,
  loseFirstAnswer,
  openRewards,
  pageUserId,
  playScratchCard,
  playsOf,
  SCRATCH,
  WHEEL,
} from './rewards-support.ts';

const expect = baseExpect.configure({ timeout: 25_000 });
test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await noTiles(page);
});

async function axe(page: import('@playwright/test').Page, selector: string) {
  const r = await new AxeBuilder({ page }).include(selector).analyze();
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

test.describe('phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('the connection drops before the rewards panel has downloaded: a message and Try again, the map stays', async ({
    page,
  }) => {
    await open(page, `/${HOTEL}/map`);
    await expect(page.locator('.leaflet-marker-icon[data-activity-id]').first()).toBeVisible();
    // From now on no script downloads (the panel's code, the Supabase client).
    await page.route(
      (url) => url.pathname.endsWith('.js'),
      (r) => r.abort('internetdisconnected'),
    );
    await page.getByRole('button', { name: 'Rewards', exact: true }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Rewards could not open: check your connection.' }),
    ).toBeVisible();
    await expect(page.locator('.leaflet-marker-icon[data-activity-id]').first()).toBeVisible();
    await expect(page.getByText('This part of Guestmap is unavailable right now')).toHaveCount(0);
    // Back online: Try again opens the panel.
    await page.unrouteAll();
    await noTiles(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('dialog', { name: 'Rewards' })).toBeVisible();
  });

  test('scratch card by the Reveal button: anonymous guest, result = the database row, points = the ledger, then the daily limit', async ({
    page,
  }) => {
    await open(page, `/${HOTEL}/map`);
    const dialog = await openRewards(page);
    await axe(page, '.gm-rewards-dialog');
    await expect(dialog.getByText(/No sign-up needed/)).toBeVisible();
    const card = dialog.getByRole('region', { name: 'Daily scratch card' });
    await card.getByRole('button', { name: "Get today's card" }).click();
    const reveal = card.getByRole('button', { name: 'Reveal' });
    await expect(reveal).toBeVisible();
    expect((await reveal.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // Keyboard: focus moves to Reveal (the button pressed went away); Enter reveals.
    await expect(reveal).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(reveal).toHaveCount(0);

    const userId = await pageUserId(page);
    const { data: u } = await admin().auth.admin.getUserById(userId);
    expect(u.user?.is_anonymous).toBe(true);
    const plays = await playsOf(userId, SCRATCH);
    expect(plays).toHaveLength(1);
    await expect(card.locator('.gm-prize-label')).toHaveText(plays[0]!.label.en);
    await expect(card.getByRole('status')).toHaveText(`Result: ${plays[0]!.label.en}`);

    // Points and history are the ledger.
    const ledger = await ledgerOf(userId);
    await dialog.getByRole('tab', { name: /Points/ }).click();
    const total = ledger.reduce((a, b) => a + b, 0);
    await expect(dialog.locator('.gm-points-value')).toHaveText(String(total));
    if (ledger.length)
      await expect(dialog.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(ledger.length);
    else await expect(dialog.getByText('No points yet. Play a game to earn some.')).toBeVisible();

    // A second card today: refused with when it comes back, both after a reload and by the server.
    await page.reload();
    const again = page.getByRole('dialog', { name: 'Rewards' });
    await expect(
      again.getByText(/You have played today's card\. Your next card is ready on .+ \(midnight at the hotel\)\./),
    ).toBeVisible();
    await expect(again.getByRole('button', { name: "Get today's card" })).toHaveCount(0);
    expect(await playsOf(userId, SCRATCH)).toHaveLength(1);
    // Escape closes the panel and the address loses ?rewards=1.
    await page.keyboard.press('Escape');
    await expect(again).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/${HOTEL}/map$`));
    await expect(page.getByRole('button', { name: 'Rewards', exact: true })).toBeFocused();
  });

  test('fortune wheel stops on the prize the server drew; three spins a day', async ({ page }) => {
    await open(page, `/${HOTEL}/map?rewards=1`);
    const dialog = page.getByRole('dialog', { name: 'Rewards' });
    const wheel = dialog.getByRole('region', { name: 'Fortune wheel' });
    await expect(
      wheel.getByRole('img', {
        name: /Fortune wheel with these prizes: 10 points, 10% off at Secret Garden, Try again/,
      }),
    ).toBeVisible();
    await expect(wheel.getByText('3 spins left today')).toBeVisible();
    const spin = wheel.getByRole('button', { name: 'Spin the wheel' });
    await spin.scrollIntoViewIfNeeded();
    await spin.click();
    await expect(wheel.getByRole('button', { name: 'The wheel is spinning…' })).toBeDisabled();
    await expect(wheel.locator('.gm-prize-label')).toBeVisible({ timeout: 30_000 });
    const userId = await pageUserId(page);
    const [play] = await playsOf(userId, WHEEL);
    await expect(wheel.locator('.gm-prize-label')).toHaveText(play!.label.en);
    // What sits under the pointer is the server's prize.
    const under = await page.locator('.gm-wheel').evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height * 0.12);
      return hit?.closest('[data-prize-id]')?.getAttribute('data-prize-id') ?? null;
    });
    expect(under).toBe(play!.prize_id);
    await expect(wheel.getByText('2 spins left today')).toBeVisible();

    // With reduced motion the wheel jumps to the result; after the third spin it says when more come.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const left of ['1 spin left today', null]) {
      await wheel.getByRole('button', { name: 'Spin the wheel' }).click();
      if (left) await expect(wheel.getByText(left)).toBeVisible();
    }
    await expect(
      wheel.getByText(/No spins left today\. You get 3 new spins on .+ \(midnight at the hotel\)\./),
    ).toBeVisible();
    const plays = await playsOf(userId, WHEEL);
    expect(plays).toHaveLength(3);
    await expect(wheel.locator('.gm-prize-label')).toHaveText(plays[2]!.label.en);
    const under3 = await page.locator('.gm-wheel').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return (
        document
          .elementFromPoint(r.left + r.width / 2, r.top + r.height * 0.12)
          ?.closest('[data-prize-id]')
          ?.getAttribute('data-prize-id') ?? null
      );
    });
    expect(under3).toBe(plays[2]!.prize_id);
    // Points tab = the ledger.
    const total = (await ledgerOf(userId)).reduce((a, b) => a + b, 0);
    await dialog.getByRole('tab', { name: /Points/ }).click();
    await expect(dialog.locator('.gm-points-value')).toHaveText(String(total));
  });

  test('a play whose answer was lost is replayed with the same key: one play, the same prize', async ({ page }) => {
    const keys = await loseFirstAnswer(page, 'play_reward');
    await open(page, `/${HOTEL}/map?rewards=1`);
    const card = page.getByRole('dialog', { name: 'Rewards' }).getByRole('region', { name: 'Daily scratch card' });
    await card.getByRole('button', { name: "Get today's card" }).click();
    await expect(card.getByRole('alert')).toHaveText("Can't reach the server. Check your connection and try again.");
    await card.getByRole('button', { name: 'Try again' }).click();
    await card.getByRole('button', { name: 'Reveal' }).click();
    const plays = await playsOf(await pageUserId(page), SCRATCH);
    expect(plays).toHaveLength(1);
    await expect(card.locator('.gm-prize-label')).toHaveText(plays[0]!.label.en);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  test('my vouchers: code, partner, discount, expiry and a QR code that opens the redemption form', async ({
    page,
  }) => {
    const { userId } = await playScratchCard(page);
    const spa = await activityBySlug(HOTEL, 'miu-miu-spa');
    const code = await giveVoucher(userId, spa.id);
    const expired = await giveVoucher(userId, spa.id, { expired: true });
    await page.reload();
    await page
      .getByRole('dialog', { name: 'Rewards' })
      .getByRole('tab', { name: /My vouchers/ })
      .click();
    const list = page.getByRole('dialog', { name: 'Rewards' }).getByRole('list', { name: 'My vouchers' });
    const item = list.getByRole('listitem').filter({ hasText: code });
    await expect(item.getByText('15% off')).toBeVisible();
    await expect(item.getByText('at Miu Miu Spa')).toBeVisible();
    await expect(item.getByText(/^Valid until /)).toBeVisible();
    await item.getByRole('button', { name: 'Show QR code' }).click();
    const qr = item.getByRole('img', { name: `QR code of voucher ${code}` });
    await expect(qr).toBeVisible();
    expect((await qr.boundingBox())!.width).toBeGreaterThan(120);
    await expect(
      list
        .getByRole('listitem')
        .filter({ hasText: expired })
        .getByText(/^Expired on /),
    ).toBeVisible();
    await expect(
      list.getByRole('listitem').filter({ hasText: expired }).getByRole('button', { name: 'Show QR code' }),
    ).toHaveCount(0);
    await axe(page, '.gm-rewards-dialog');
  });

  test('city maps and hotels without a campaign show no rewards entry; the hotel page links to the games', async ({
    page,
  }) => {
    await open(page, '/ho-chi-minh-city/map');
    await expect(page.getByRole('button', { name: /Show the list/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rewards', exact: true })).toHaveCount(0);
    await open(page, '/hanoi-old-quarter-inn/map');
    await expect(page.getByRole('button', { name: /Show the list/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Rewards', exact: true })).toHaveCount(0);
    await open(page, '/hanoi-old-quarter-inn');
    await expect(page.getByRole('heading', { name: 'Rewards for guests' })).toHaveCount(0);
    await open(page, `/${HOTEL}`);
    // The teaser lists the games the hotel really runs.
    const teaser = page.getByRole('region', { name: 'Rewards for guests' });
    await expect(teaser.getByText('A scratch card every day, with prizes from our partners')).toBeVisible();
    await expect(teaser.getByText('A fortune wheel: 3 spins a day')).toBeVisible();
    await page.getByRole('link', { name: "Play today's games" }).click();
    await expect(page).toHaveURL(new RegExp(`/${HOTEL}/map\\?rewards=1$`));
    await expect(page.getByRole('dialog', { name: 'Rewards' })).toBeVisible();
  });

  test('Vietnamese and French texts', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'vi-VN'));
    await open(page, `/${HOTEL}/map`);
    await page.getByRole('button', { name: 'Phần thưởng', exact: true }).click();
    const vi = page.getByRole('dialog', { name: 'Phần thưởng' });
    await expect(vi.getByRole('button', { name: 'Nhận thẻ hôm nay' })).toBeVisible();
    await expect(vi.getByRole('tab', { name: /Phiếu của tôi/ })).toBeVisible();
    await expect(vi.getByText('Còn 3 lượt quay hôm nay')).toBeVisible();
    await page.evaluate(() => localStorage.setItem('locale', 'fr-FR'));
    await page.addInitScript(() => localStorage.setItem('locale', 'fr-FR'));
    await page.reload();
    const fr = page.getByRole('dialog', { name: 'Récompenses' });
    await expect(fr.getByRole('button', { name: 'Obtenir la carte du jour' })).toBeVisible();
    await expect(fr.getByRole('button', { name: 'Tourner la roue' })).toBeVisible();
  });
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 860 } });

  test('scratching the card with the mouse reveals the prize the server drew', async ({ page }) => {
    await open(page, `/${HOTEL}/map`);
    const dialog = await openRewards(page);
    const card = dialog.getByRole('region', { name: 'Daily scratch card' });
    await card.getByRole('button', { name: "Get today's card" }).click();
    const cover = card.locator('canvas');
    await expect(cover).toBeVisible();
    await expect(card.locator('.gm-scratch-prize')).toHaveAttribute('aria-hidden', 'true');
    const box = (await cover.boundingBox())!;
    await page.mouse.move(box.x + 4, box.y + 4);
    await page.mouse.down();
    for (let y = 4; y < box.height && (await cover.count()) > 0; y += 22) {
      await page.mouse.move(box.x + box.width - 4, box.y + y, { steps: 10 });
      await page.mouse.move(box.x + 4, box.y + Math.min(box.height - 2, y + 11), { steps: 10 });
    }
    await page.mouse.up();
    await expect(cover).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Reveal' })).toHaveCount(0);
    const plays = await playsOf(await pageUserId(page), SCRATCH);
    expect(plays).toHaveLength(1);
    await expect(card.locator('.gm-prize-label')).toHaveText(plays[0]!.label.en);
  });

  test('anonymous play, then creating an account keeps the same user and its points', async ({ page }) => {
    const { dialog, userId } = await playScratchCard(page);
    // The shell does not present the anonymous guest as signed in.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toHaveCount(0);
    const before = (await ledgerOf(userId)).reduce((a, b) => a + b, 0);
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Create an account' }).click();
    const auth = page.getByRole('dialog', { name: 'Create account' });
    const email = `rewards-${Date.now()}@example.test`;
    await auth.getByLabel('Nickname').fill('Lucky guest');
    await auth.getByLabel('Email').fill(email);
    await auth.getByLabel('Password', { exact: true }).fill('lucky-pass-1');
    await auth.getByRole('checkbox').check();
    const sentAt = Date.now();
    await auth.getByRole('button', { name: 'Create account' }).click();
    // The address counts once confirmed (issue #26): the guest opens the mailed link in another tab,
    // and this tab, still on the rewards panel, finishes as before.
    await expect(page.getByRole('dialog', { name: 'Check your e-mail' })).toBeVisible();
    const mailTab = await page.context().newPage();
    await mailTab.goto(await linkFromInbox(email, sentAt));
    await expect(page.getByText('Welcome, Lucky guest!')).toBeVisible();
    await expect(page.getByRole('dialog', { name: /Sign in|Create account|Check your e-mail/ })).toHaveCount(0);
    await mailTab.close();
    expect(await pageUserId(page)).toBe(userId);
    const { data: u } = await admin().auth.admin.getUserById(userId);
    expect(u.user).toMatchObject({ email, is_anonymous: false });
    const { data: profile } = await admin().from('profiles').select('display_name').eq('id', userId).single();
    expect(profile).toEqual({ display_name: 'Lucky guest' });
    // Still in the panel, same points; the anonymous hint is gone.
    await dialog.getByRole('tab', { name: /Points/ }).click();
    await expect(dialog.locator('.gm-points-value')).toHaveText(String(before));
    await expect(dialog.getByText(/Create an account to keep your points/)).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  });
});

// The day is the hotel's (Saigon, UTC+7): a guest whose phone is on Paris time reads the reset in
// Paris time, at the minute the hotel's midnight falls there.
test.describe("the guest's own clock", () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, timezoneId: 'Europe/Paris' });

  test("the next card is announced at the hotel midnight, in the guest's time zone", async ({ page }) => {
    const { userId } = await playScratchCard(page);
    const plays = await playsOf(userId, SCRATCH);
    const saigonToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date());
    expect(plays).toHaveLength(1);
    expect(plays[0]!.play_day).toBe(saigonToday);
    // Saigon has no daylight saving: its next midnight is 17:00 UTC.
    const day = 86_400_000;
    const next = new Date(Math.floor((Date.now() + 7 * 3_600_000) / day + 1) * day - 7 * 3_600_000);
    const time = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Paris',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(next);
    expect(time).toMatch(/ 0[67]:00 PM$/); // 18:00 in winter, 19:00 in summer
    await page.reload();
    await expect(
      page
        .getByRole('dialog', { name: 'Rewards' })
        .getByText(`You have played today's card. Your next card is ready on ${time} (midnight at the hotel).`),
    ).toBeVisible();
  });
});
