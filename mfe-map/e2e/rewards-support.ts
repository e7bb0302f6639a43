// Helpers for the rewards browser tests: who the page is signed in as, rows as the service role.
import { expect, type Browser, type Page } from '@playwright/test';
import { admin, API, noTiles, open } from './support.ts';

export const SCRATCH = '00000000-0000-4000-d000-000000000001';
export const WHEEL = '00000000-0000-4000-d000-000000000002';
export const HOTEL = 'saigon-riverside-hotel';

/** The user id of the session supabase-js keeps in the page (anonymous or not). */
export async function pageUserId(page: Page): Promise<string> {
  const key = `sb-${new URL(API).hostname.split('.')[0]}-auth-token`;
  const raw = await page.evaluate((k) => localStorage.getItem(k), key);
  const id = raw ? (JSON.parse(raw) as { user?: { id?: string } }).user?.id : undefined;
  if (!id) throw new Error('the page has no session');
  return id;
}

export async function playsOf(userId: string, campaignId: string) {
  const { data, error } = await admin()
    .from('reward_plays')
    .select('id, prize_id, prize_kind, label, points, play_day')
    .eq('user_id', userId)
    .eq('campaign_id', campaignId)
    .order('played_at');
  if (error) throw error;
  return data as {
    id: string;
    prize_id: string;
    prize_kind: string;
    label: { en: string };
    points: number | null;
    play_day: string;
  }[];
}

export async function ledgerOf(userId: string) {
  const { data, error } = await admin()
    .from('points_ledger')
    .select('delta')
    .eq('user_id', userId)
    .eq('customer_id', HOTEL);
  if (error) throw error;
  return (data as { delta: number }[]).map((r) => r.delta);
}

/** Opens the rewards panel from the map's Rewards button. */
export async function openRewards(page: Page) {
  await page.getByRole('button', { name: 'Rewards', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Rewards' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const randomCode = () =>
  Array.from({ length: 10 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join('');

/** A voucher given to a user directly (service role): prizes are random, a test needs a known one. */
export async function giveVoucher(
  userId: string,
  activityId: string,
  opts: { expired?: boolean; valueVnd?: [number, number] } = {},
) {
  const code = randomCode();
  const now = Date.now();
  const row = {
    code,
    user_id: userId,
    customer_id: HOTEL,
    activity_id: activityId,
    discount_pct: 15,
    issued_at: new Date(now - (opts.expired ? 40 : 1) * 86400_000).toISOString(),
    expires_at: new Date(now + (opts.expired ? -86400_000 : 30 * 86400_000)).toISOString(),
    ...(opts.valueVnd ? { value_min_vnd: opts.valueVnd[0], value_max_vnd: opts.valueVnd[1] } : {}),
  };
  const { error } = await admin().from('vouchers').insert(row);
  if (error) throw error;
  return code;
}

/** Opens the hotel map's rewards, plays today's scratch card and reveals it; returns the player. */
export async function playScratchCard(page: Page) {
  await open(page, `/${HOTEL}/map?rewards=1`);
  const dialog = page.getByRole('dialog', { name: 'Rewards' });
  await dialog.getByRole('button', { name: "Get today's card" }).click();
  await dialog.getByRole('button', { name: 'Reveal' }).click();
  await expect(dialog.locator('.gm-prize-label')).toBeVisible();
  return { dialog, userId: await pageUserId(page) };
}

/**
 * The first call of this RPC reaches the database but its answer is cut on the way back, as on a
 * dropped mobile connection. Returns the idempotency keys of every call, in order.
 */
export async function loseFirstAnswer(page: Page, rpc: 'play_reward' | 'redeem_voucher'): Promise<string[]> {
  const keys: string[] = [];
  await page.route(`**/rest/v1/rpc/${rpc}`, async (route) => {
    keys.push((route.request().postDataJSON() as { p_idempotency_key: string }).p_idempotency_key);
    if (keys.length > 1) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  return keys;
}

/** Partner staff: a fresh phone browser, nobody signed in, no tiles. */
export async function staffPage(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const page = await context.newPage();
  await noTiles(page);
  return { page, close: () => context.close() };
}
