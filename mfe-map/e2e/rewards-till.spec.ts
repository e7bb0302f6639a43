// Till sessions (issue 31, docs/rewards.md "Till sessions"): partner staff type the PIN once a shift and tick
// "Keep this till signed in for 12 hours"; the device keeps a till token (never the PIN), the next guests'
// vouchers are redeemed without the PIN, and the till is forgotten (the PIN asked again, with a clear
// sentence) as soon as the database refuses it: the hotel set a new PIN, or the staff signed the till out.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { activityBySlug, admin, anonClient, noTiles, open } from './support.ts';
import { giveVoucher, HOTEL, staffPage } from './rewards-support.ts';

const expect = baseExpect.configure({ timeout: 25_000 });
test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await noTiles(page);
});

/** A partner no other browser test redeems at (its PIN is changed here and set back). */
const SLUG = 'lusine-dong-khoi';
const SEEDED_PIN = '846105';
/** The seeded guest (supabase/seed.sql) holds the vouchers. */
const GUEST = '00000000-0000-4000-a000-000000000003';
const TILL_KEY = `guestmap.till.${HOTEL}`;

async function setPin(activityId: string, pin: string) {
  const c = anonClient();
  const { error: e1 } = await c.auth.signInWithPassword({ email: 'moderator@demo.test', password: 'demo-pass-123' });
  if (e1) throw e1;
  const { error } = await c.rpc('set_partner_pin', { p_activity_id: activityId, p_pin: pin });
  if (error) throw error;
}

async function transactionsOf(code: string) {
  const { data: v } = await admin().from('vouchers').select('id, redeemed_at').eq('code', code).single();
  const { data } = await admin()
    .from('partner_transactions')
    .select('amount_minor')
    .eq('voucher_id', (v as { id: string }).id);
  return { used: (v as { redeemed_at: string | null }).redeemed_at !== null, rows: data ?? [] };
}

const keptTill = (p: Page) => p.evaluate((k) => localStorage.getItem(k), TILL_KEY);

test.describe('phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('the PIN once with "keep this till signed in": the next voucher without the PIN; a new PIN asks for it again', async ({
    browser,
  }) => {
    const partner = await activityBySlug(HOTEL, SLUG);
    await setPin(partner.id, SEEDED_PIN);
    const [first, second, third] = [
      await giveVoucher(GUEST, partner.id),
      await giveVoucher(GUEST, partner.id),
      await giveVoucher(GUEST, partner.id),
    ];
    const { page: p, close } = await staffPage(browser);
    try {
      await open(p, `/${HOTEL}?redeem=${first}`);
      const main = p.getByRole('main');
      // The default form asks for the PIN, with the choice to keep the till signed in (off).
      const keep = main.getByRole('checkbox', { name: 'Keep this till signed in for 12 hours' });
      await expect(keep).not.toBeChecked();
      await main.getByLabel('Partner PIN').fill(SEEDED_PIN);
      await keep.check();
      await main.getByLabel('Amount paid (VND)').fill('300000');
      await main.getByRole('button', { name: 'Redeem voucher' }).click();
      await expect(main.getByRole('heading', { level: 1, name: 'Voucher redeemed' })).toBeVisible();
      await expect(main.getByText(`This till is signed in for ${partner.title.en} until`)).toBeVisible();
      expect((await transactionsOf(first)).rows).toEqual([{ amount_minor: 300000 }]);
      // The device keeps the till's token, never the PIN.
      const kept = JSON.parse((await keptTill(p)) ?? 'null') as { token: string; activityId: string } | null;
      expect(kept?.token).toMatch(/^[0-9a-f]{64}$/);
      expect(kept?.activityId).toBe(partner.id);
      const stored = await p.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
      expect(stored).not.toContain(SEEDED_PIN);

      // The next guest: no PIN asked.
      await main.getByRole('button', { name: 'Redeem another voucher' }).click();
      await expect(main.getByRole('button', { name: 'Sign out this till' })).toBeVisible();
      await expect(main.getByLabel('Partner PIN')).toHaveCount(0);
      await main.getByLabel('Voucher code').fill(second);
      await main.getByLabel('Amount paid (VND)').fill('450000');
      await main.getByRole('button', { name: 'Redeem voucher' }).click();
      await expect(main.getByRole('heading', { level: 1, name: 'Voucher redeemed' })).toBeVisible();
      expect((await transactionsOf(second)).rows).toEqual([{ amount_minor: 450000 }]);

      // The hotel sets a new PIN: the till is refused, forgotten, and the PIN is asked again.
      await setPin(partner.id, '620481');
      await main.getByRole('button', { name: 'Redeem another voucher' }).click();
      await main.getByLabel('Voucher code').fill(third);
      await main.getByLabel('Amount paid (VND)').fill('200000');
      await main.getByRole('button', { name: 'Redeem voucher' }).click();
      await expect(main.getByRole('alert')).toHaveText(
        "This till is signed out: its 12 hours ended, it was signed out, or the partner's PIN was changed. Enter the PIN to redeem the voucher.",
      );
      await expect(main.getByLabel('Partner PIN')).toBeVisible();
      await expect(main.getByRole('button', { name: 'Sign out this till' })).toHaveCount(0);
      expect(await keptTill(p)).toBeNull();
      expect(await transactionsOf(third)).toEqual({ used: false, rows: [] });
      // The old PIN is wrong now; the new one redeems (and, not ticked, keeps no till).
      await main.getByLabel('Partner PIN').fill('620481');
      await main.getByRole('button', { name: 'Redeem voucher' }).click();
      await expect(main.getByRole('heading', { level: 1, name: 'Voucher redeemed' })).toBeVisible();
      expect((await transactionsOf(third)).rows).toEqual([{ amount_minor: 200000 }]);
      expect(await keptTill(p)).toBeNull();
    } finally {
      await close();
      await setPin(partner.id, SEEDED_PIN);
    }
  });

  test('"Sign out this till": the PIN is asked again and the token no longer redeems', async ({ browser }) => {
    const partner = await activityBySlug(HOTEL, SLUG);
    await setPin(partner.id, SEEDED_PIN);
    const first = await giveVoucher(GUEST, partner.id);
    const next = await giveVoucher(GUEST, partner.id);
    const { page: p, close } = await staffPage(browser);
    try {
      await open(p, `/${HOTEL}?redeem=${first}`);
      const main = p.getByRole('main');
      await main.getByLabel('Partner PIN').fill(SEEDED_PIN);
      await main.getByRole('checkbox', { name: 'Keep this till signed in for 12 hours' }).check();
      await main.getByLabel('Amount paid (VND)').fill('100000');
      await main.getByRole('button', { name: 'Redeem voucher' }).click();
      await expect(main.getByRole('heading', { level: 1, name: 'Voucher redeemed' })).toBeVisible();
      const token = (JSON.parse((await keptTill(p)) ?? '{}') as { token?: string }).token;
      expect(token).toMatch(/^[0-9a-f]{64}$/);

      // A reload keeps the till (localStorage): still no PIN asked.
      await open(p, `/${HOTEL}?redeem=${next}`);
      await expect(main.getByLabel('Partner PIN')).toHaveCount(0);
      await main.getByRole('button', { name: 'Sign out this till' }).click();
      await expect(main.getByRole('status')).toHaveText(
        'This till is signed out. The next redemption asks for the PIN.',
      );
      await expect(main.getByLabel('Partner PIN')).toBeVisible();
      expect(await keptTill(p)).toBeNull();
      // The database forgot it too: the token redeems nothing.
      await expect
        .poll(async () => {
          const { error } = await anonClient().rpc('redeem_voucher_at_till', {
            p_code: next,
            p_till_token: token!,
            p_amount_minor: 100000,
            p_currency: 'VND',
            p_idempotency_key: crypto.randomUUID(),
          });
          return error?.details;
        })
        .toBe('till_signed_out');
      expect(await transactionsOf(next)).toEqual({ used: false, rows: [] });
    } finally {
      await close();
    }
  });
});
