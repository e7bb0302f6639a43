// Writes in flight on the guest's phone (issue 32): the connection drops after a play or a redemption
// reached the database and before its answer came back. The page says it is checking, and once the
// connection returns shows the true outcome (the prize drawn, the redemption recorded); the check
// sends the same idempotency key, so nothing is drawn or recorded twice (rows counted).
import { expect as baseExpect, test } from '@playwright/test';
import { dropDuringWrite } from '../../shell/e2e/support.ts';
import { activityBySlug, admin, noTiles, open } from './support.ts';
import {
  giveVoucher,
  HOTEL,
  pageUserId,
  playScratchCard,
  playsOf,
  SCRATCH,
  staffPage,
  WHEEL,
} from './rewards-support.ts';

const expect = baseExpect.configure({ timeout: 25_000 });
// "Checking" comes when the request fails, at once: this bound only tells that from a request's long
// timeout (30 s and more), with room for a loaded two-core runner.
const SOON = 10_000;
test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const CHECKING_PLAY = 'Connection lost. Checking whether your play went through…';
const keysOf = (bodies: unknown[]) => bodies.map((b) => (b as { p_idempotency_key: string }).p_idempotency_key);

test.beforeEach(async ({ page }) => {
  await noTiles(page);
});

test('scratch card: the answer is lost and the phone goes offline: "checking" at once, then the card the server drew; one play', async ({
  page,
}) => {
  const drop = await dropDuringWrite(page, (u) => u.pathname.endsWith('/rest/v1/rpc/play_reward'));
  await open(page, `/${HOTEL}/map?rewards=1`);
  const card = page.getByRole('dialog', { name: 'Rewards' }).getByRole('region', { name: 'Daily scratch card' });
  await card.getByRole('button', { name: "Get today's card" }).click();
  const lostAt = Date.now();
  await expect(card.getByRole('status').filter({ hasText: CHECKING_PLAY })).toBeVisible({ timeout: SOON });
  console.log(`[writes in flight] scratch card: "checking" shown ${Date.now() - lostAt} ms after the tap`);
  expect(drop.applied()).toBe(true);
  const userId = await pageUserId(page);
  // Drawn on the server; the guest does not know it yet.
  expect(await playsOf(userId, SCRATCH)).toHaveLength(1);
  await expect(card.getByRole('button', { name: 'Reveal' })).toHaveCount(0);

  await drop.reconnect();
  await card.getByRole('button', { name: 'Reveal' }).click();
  const plays = await playsOf(userId, SCRATCH);
  expect(plays).toHaveLength(1);
  await expect(card.locator('.gm-prize-label')).toHaveText(plays[0]!.label.en);
  await expect(card.getByRole('status').filter({ hasText: CHECKING_PLAY })).toHaveCount(0);
  // Every attempt carried the one key.
  expect(new Set(keysOf(drop.bodies)).size).toBe(1);
  expect(drop.bodies.length).toBeGreaterThanOrEqual(2);
});

test('fortune wheel: the answer is lost and the page reloaded: on opening it checks the same spin and shows its prize; one play', async ({
  page,
}) => {
  const drop = await dropDuringWrite(page, (u) => u.pathname.endsWith('/rest/v1/rpc/play_reward'));
  await open(page, `/${HOTEL}/map?rewards=1`);
  const wheelOf = () => page.getByRole('dialog', { name: 'Rewards' }).getByRole('region', { name: 'Fortune wheel' });
  await expect(wheelOf().getByText('3 spins left today')).toBeVisible();
  await wheelOf().getByRole('button', { name: 'Spin the wheel' }).click();
  await expect(wheelOf().getByRole('status').filter({ hasText: CHECKING_PLAY })).toBeVisible({ timeout: SOON });
  const userId = await pageUserId(page);
  expect(await playsOf(userId, WHEEL)).toHaveLength(1);

  // The guest reloads as soon as the phone has a connection again, but the play's answer still does not
  // come (the route stays down): the reloaded page knows the spin is unanswered and checks it.
  await page.context().setOffline(false);
  await page.reload();
  await expect(wheelOf().getByRole('status').filter({ hasText: CHECKING_PLAY })).toBeVisible();
  await expect(wheelOf().getByRole('button', { name: 'Try again' })).toBeVisible();
  await drop.reconnect();
  // The next check (within 5 s of the reload's first one) answers with the spin drawn before.
  const plays = await playsOf(userId, WHEEL);
  await expect(wheelOf().locator('.gm-prize-label')).toHaveText(plays[0]!.label.en);
  expect(await playsOf(userId, WHEEL)).toHaveLength(1);
  await expect(wheelOf().getByText('2 spins left today')).toBeVisible();
  expect(new Set(keysOf(drop.bodies)).size).toBe(1);
});

test('voucher redemption: the answer is lost: "checking", then "Voucher redeemed" once the connection returns; one transaction', async ({
  page,
  browser,
}) => {
  const { userId } = await playScratchCard(page);
  const spa = await activityBySlug(HOTEL, 'miu-miu-spa');
  const code = await giveVoucher(userId, spa.id);
  const { page: p, close } = await staffPage(browser);
  try {
    const drop = await dropDuringWrite(p, (u) => u.pathname.endsWith('/rest/v1/rpc/redeem_voucher'));
    await open(p, `/${HOTEL}?redeem=${code}`);
    const main = p.getByRole('main');
    await main.getByLabel('Partner PIN').fill('264093');
    await main.getByLabel('Amount paid (VND)').fill('450000');
    await main.getByRole('button', { name: 'Redeem voucher' }).click();
    await expect(
      main.getByRole('status').filter({ hasText: 'Connection lost. Checking whether the voucher was redeemed…' }),
    ).toBeVisible({ timeout: SOON });
    const transactions = async () => {
      const { data: v } = await admin().from('vouchers').select('id').eq('code', code).single();
      const { data } = await admin()
        .from('partner_transactions')
        .select('id, amount_minor')
        .eq('voucher_id', (v as { id: string }).id);
      return data ?? [];
    };
    expect(await transactions()).toHaveLength(1);
    await expect(main.getByRole('heading', { level: 1, name: 'Voucher redeemed' })).toHaveCount(0);

    // Unsure, the partner reloads once the phone has a connection (the answer still does not come) and
    // types the same voucher and amount again: it is the same redemption, checked with the same key.
    await p.context().setOffline(false);
    await open(p, `/${HOTEL}?redeem=${code}`);
    await main.getByLabel('Partner PIN').fill('264093');
    await main.getByLabel('Amount paid (VND)').fill('450000');
    await main.getByRole('button', { name: 'Redeem voucher' }).click();
    await expect(
      main.getByRole('status').filter({ hasText: 'Connection lost. Checking whether the voucher was redeemed…' }),
    ).toBeVisible();

    await drop.reconnect();
    await expect(main.getByRole('heading', { level: 1, name: 'Voucher redeemed' })).toBeVisible();
    const rows = await transactions();
    expect(rows).toEqual([{ id: expect.any(String), amount_minor: 450000 }]);
    await expect(main.getByText(`Reference ${rows[0]!.id.slice(0, 8)}`)).toBeVisible();
    expect(drop.bodies.length).toBeGreaterThanOrEqual(3);
    expect(new Set(keysOf(drop.bodies)).size).toBe(1);
  } finally {
    await close();
  }
});
