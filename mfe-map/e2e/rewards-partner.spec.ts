// Partner redemption at /{hotel}?redeem=CODE (what the voucher's QR code opens): partner staff,
// without an account, enter their PIN and the amount; the voucher is used once, the spend recorded
// for the guest's hotel with its commission. Every refusal reads as a clear sentence.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { activityBySlug, admin, anonClient, noTiles, open } from './support.ts';
import { giveVoucher, HOTEL, loseFirstAnswer, playScratchCard, randomCode, staffPage } from './rewards-support.ts';

const expect = baseExpect.configure({ timeout: 25_000 });
test.describe.configure({ timeout: 150_000 });

test.beforeEach(async ({ page }) => {
  await noTiles(page);
});

async function redeem(page: Page, pin: string, amount: string) {
  const form = page.getByRole('main');
  await form.getByLabel('Partner PIN').fill(pin);
  await form.getByLabel('Amount paid (VND)').fill(amount);
  await form.getByRole('button', { name: 'Redeem voucher' }).click();
}

/** Each seeded partner's own 6-digit PIN (supabase/seed.sql, README.md). */
const PIN = {
  'secret-garden': '502817',
  'miu-miu-spa': '264093',
  'pasteur-street-brewing': '381924',
  'vespa-adventures': '719352',
} as const;

/** The hotel's moderator sets the partner's PIN again (this clears its wrong-PIN counts, so reruns start clean). */
async function resetPin(activityId: string, pin: string) {
  const c = anonClient();
  const { error: e1 } = await c.auth.signInWithPassword({ email: 'moderator@demo.test', password: 'demo-pass-123' });
  if (e1) throw e1;
  const { error } = await c.rpc('set_partner_pin', { p_activity_id: activityId, p_pin: pin });
  if (error) throw error;
}

async function transactionsOf(voucherCode: string) {
  const { data: v } = await admin().from('vouchers').select('id, redeemed_at').eq('code', voucherCode).single();
  const { data } = await admin()
    .from('partner_transactions')
    .select(
      'customer_id, amount_minor, currency, commission_minor, hotel_share_minor, platform_fee_minor, created_by, status',
    )
    .eq('voucher_id', (v as { id: string }).id);
  return { voucher: v as { id: string; redeemed_at: string | null }, rows: (data ?? []) as Record<string, unknown>[] };
}

test.describe('phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('a guest voucher redeemed once: wrong PIN, success with the commission, then refused as used', async ({
    page,
    browser,
  }) => {
    // The guest: a voucher at Secret Garden (15% off), held by an anonymous player.
    const { userId } = await playScratchCard(page);
    const garden = await activityBySlug(HOTEL, 'secret-garden');
    await resetPin(garden.id, PIN['secret-garden']);
    const code = await giveVoucher(userId, garden.id);

    // The partner scans the QR code: a fresh browser, nobody signed in.
    const { page: p, close } = await staffPage(browser);
    await open(p, `/${HOTEL}?redeem=${code}`);
    const main = p.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Redeem a guest voucher' })).toBeVisible();
    await expect(main.getByLabel('Voucher code')).toHaveValue(code);
    const r = await new AxeBuilder({ page: p }).include('main').analyze();
    expect(r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

    // Checked before any request.
    await redeem(p, '12', '0');
    await expect(main.getByText('Enter your partner PIN (6 to 12 digits).')).toBeVisible();
    await expect(main.getByText('Enter the amount the guest paid, more than 0.')).toBeVisible();
    // The old 4-digit PINs are no longer accepted.
    await redeem(p, '1234', '0');
    await expect(main.getByText('Enter your partner PIN (6 to 12 digits).')).toBeVisible();
    await expect(main.getByText('Enter the amount the guest paid, more than 0.')).toBeVisible();

    await redeem(p, '999999', '1,250,000');
    await expect(main.getByRole('alert')).toHaveText(
      /^Wrong PIN\. \d attempts? left for this voucher before it is locked for 15 minutes\.$/,
    );
    expect((await transactionsOf(code)).rows).toHaveLength(0);

    await redeem(p, PIN['secret-garden'], '1,250,000');
    await expect(main.getByRole('heading', { level: 1, name: 'Voucher redeemed' })).toBeVisible();
    await expect(
      main.getByText('The voucher is used and the spend at Secret Garden Restaurant is recorded.'),
    ).toBeVisible();
    // The PIN was set by the hotel's moderator (resetPin above), not by the partner: the spend waits for the
    // partner's confirmation, and the screen says so (docs/settlement.md, "The partner's PIN").
    await expect(
      main.getByText(
        'Waiting for Secret Garden Restaurant to confirm: the PIN used was set by the hotel, so the partner is asked to confirm this spend before it counts.',
      ),
    ).toBeVisible();
    // Secret Garden's commission rate is 12 %: 150,000; the hotel keeps 80 %: 120,000.
    const figures = main.locator('dl');
    await expect(figures).toContainText('Amount paid₫1,250,000');
    await expect(figures).toContainText('Commission₫150,000');
    await expect(figures).toContainText('Share of Saigon Riverside Hotel (80%)₫120,000');
    await expect(figures).toContainText('Guestmap fee (20%)₫30,000');
    const after = await transactionsOf(code);
    expect(after.voucher.redeemed_at).not.toBeNull();
    expect(after.rows).toEqual([
      {
        customer_id: HOTEL,
        amount_minor: 1250000,
        currency: 'VND',
        commission_minor: 150000,
        hotel_share_minor: 120000,
        platform_fee_minor: 30000,
        created_by: null,
        status: 'pending',
      },
    ]);

    // The same voucher again: refused, nothing recorded twice.
    await main.getByRole('button', { name: 'Redeem another voucher' }).click();
    await main.getByLabel('Voucher code').fill(code.toLowerCase());
    await redeem(p, PIN['secret-garden'], '500000');
    await expect(main.getByRole('alert')).toHaveText('This voucher cannot be redeemed: it has already been used.');
    // A wrong PIN on the used voucher gets the very same answer (the PIN is never evaluated).
    await redeem(p, '999999', '500000');
    await expect(main.getByRole('alert')).toHaveText('This voucher cannot be redeemed: it has already been used.');
    expect((await transactionsOf(code)).rows).toHaveLength(1);
    await close();

    // The guest sees it used.
    await page.reload();
    await page
      .getByRole('dialog', { name: 'Rewards' })
      .getByRole('tab', { name: /My vouchers/ })
      .click();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: code })
        .getByText(/^Used on /),
    ).toBeVisible();
  });

  test('an answer lost on the way is retried with the same key: the spend is recorded once', async ({
    page,
    browser,
  }) => {
    const { userId } = await playScratchCard(page);
    const spa = await activityBySlug(HOTEL, 'miu-miu-spa');
    const code = await giveVoucher(userId, spa.id);
    const { page: p, close } = await staffPage(browser);
    const keys = await loseFirstAnswer(p, 'redeem_voucher');
    await open(p, `/${HOTEL}?redeem=${code}`);
    await redeem(p, PIN['miu-miu-spa'], '800000');
    const main = p.getByRole('main');
    await expect(main.getByRole('alert')).toHaveText(/^Can't reach the server\..*The voucher is not used twice\.$/);
    expect((await transactionsOf(code)).rows).toHaveLength(1);
    await main.getByRole('button', { name: 'Redeem voucher' }).click();
    await expect(main.getByRole('heading', { level: 1, name: 'Voucher redeemed' })).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect((await transactionsOf(code)).rows).toHaveLength(1);
    await close();
  });

  test('unknown and expired vouchers say so; the Customer page links to the form', async ({ page }) => {
    await open(page, `/${HOTEL}`);
    await page.getByRole('link', { name: 'Partner? Redeem a voucher' }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Redeem a guest voucher' })).toBeVisible();
    await expect(main.getByLabel('Voucher code')).toHaveValue('');
    await main.getByLabel('Voucher code').fill('1234');
    await redeem(page, PIN['pasteur-street-brewing'], '100000');
    await expect(main.getByText("Enter the 10-character code from the guest's voucher.")).toBeVisible();
    await main.getByLabel('Voucher code').fill(randomCode());
    await redeem(page, PIN['pasteur-street-brewing'], '100000');
    await expect(main.getByRole('alert')).toHaveText(
      'This voucher cannot be redeemed: no voucher has this code. Check the code and try again.',
    );

    const { data: someone } = await admin().from('profiles').select('id').eq('email', 'guest@demo.test').single();
    const brewery = await activityBySlug(HOTEL, 'pasteur-street-brewing');
    const expired = await giveVoucher((someone as { id: string }).id, brewery.id, { expired: true });
    await main.getByLabel('Voucher code').fill(expired);
    await redeem(page, PIN['pasteur-street-brewing'], '100000');
    await expect(main.getByRole('alert')).toHaveText('This voucher cannot be redeemed: it has expired.');
    await main.getByRole('button', { name: 'Back to Saigon Riverside Hotel' }).click();
    await expect(page).toHaveURL(new RegExp(`/${HOTEL}$`));
    await expect(main.getByRole('heading', { level: 1, name: 'Saigon Riverside Hotel' })).toBeVisible();
  });

  test("five wrong PINs lock that voucher for 15 minutes, even for the right PIN; the partner's other guests still redeem", async ({
    page,
  }) => {
    const { data: someone } = await admin().from('profiles').select('id').eq('email', 'guest@demo.test').single();
    // A partner no other test uses: its lock-out does not leak into them.
    const vespa = await activityBySlug(HOTEL, 'vespa-adventures');
    await resetPin(vespa.id, PIN['vespa-adventures']);
    const code = await giveVoucher((someone as { id: string }).id, vespa.id);
    const other = await giveVoucher((someone as { id: string }).id, vespa.id);
    await open(page, `/${HOTEL}?redeem=${code}`);
    const main = page.getByRole('main');
    const alert = main.getByRole('alert');
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      await redeem(page, '000000', '100000');
      await expect(alert).toHaveText(/^(Wrong PIN|Too many)/);
      seen.push((await alert.textContent())!);
      // The same message twice in a row would not show as a change: wait for the form to settle.
      await expect(page.getByRole('button', { name: 'Redeem voucher' })).toBeEnabled();
    }
    expect(seen).toEqual([
      'Wrong PIN. 4 attempts left for this voucher before it is locked for 15 minutes.',
      'Wrong PIN. 3 attempts left for this voucher before it is locked for 15 minutes.',
      'Wrong PIN. 2 attempts left for this voucher before it is locked for 15 minutes.',
      'Wrong PIN. 1 attempt left for this voucher before it is locked for 15 minutes.',
      'Wrong PIN. This voucher is now locked for 15 minutes. Other vouchers can still be redeemed.',
      'Too many wrong PINs for this voucher. It is locked for 15 minutes. Other vouchers can still be redeemed.',
    ]);
    await redeem(page, PIN['vespa-adventures'], '100000');
    await expect(alert).toHaveText(
      'Too many wrong PINs for this voucher. It is locked for 15 minutes. Other vouchers can still be redeemed.',
    );
    expect((await transactionsOf(code)).rows).toHaveLength(0);

    // Another guest's voucher at the same partner: redeemed with the right PIN.
    await main.getByLabel('Voucher code').fill(other);
    await redeem(page, PIN['vespa-adventures'], '100000');
    await expect(main.getByRole('heading', { level: 1, name: 'Voucher redeemed' })).toBeVisible();
    expect((await transactionsOf(other)).rows).toHaveLength(1);
  });

  test('Vietnamese: wrong PIN and locked voucher read in the staff language', async ({ page }) => {
    const { data: someone } = await admin().from('profiles').select('id').eq('email', 'guest@demo.test').single();
    const garden = await activityBySlug(HOTEL, 'secret-garden');
    await resetPin(garden.id, PIN['secret-garden']);
    const code = await giveVoucher((someone as { id: string }).id, garden.id);
    await page.addInitScript(() => localStorage.setItem('locale', 'vi-VN'));
    await open(page, `/${HOTEL}?redeem=${code}`);
    const main = page.getByRole('main');
    const pinField = main.locator('input[type=password]');
    const amountField = main.locator('input[inputmode=numeric]:not([type=password])');
    for (let i = 0; i < 5; i++) {
      await pinField.fill('000000');
      await amountField.fill('100000');
      await main.locator('button[type=submit]').click();
      await expect(main.getByRole('alert')).toHaveText(/^Sai mã PIN/);
      await expect(main.locator('button[type=submit]')).toBeEnabled();
    }
    await expect(main.getByRole('alert')).toHaveText(
      'Sai mã PIN. Phiếu này đã bị khóa 15 phút. Các phiếu khác vẫn đổi được.',
    );
    await pinField.fill(PIN['secret-garden']);
    await amountField.fill('100000');
    await main.locator('button[type=submit]').click();
    await expect(main.getByRole('alert')).toHaveText(
      'Sai mã PIN quá nhiều lần cho phiếu này. Phiếu bị khóa 15 phút. Các phiếu khác vẫn đổi được.',
    );
    expect((await transactionsOf(code)).rows).toHaveLength(0);
  });

  test('French redemption page', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'fr-FR'));
    await open(page, `/${HOTEL}?redeem=`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: "Encaisser le bon d'un client" })).toBeVisible();
    await main.getByLabel('Code du bon').fill(randomCode());
    await main.getByLabel('Code PIN partenaire').fill('123456');
    await main.getByLabel('Montant payé (VND)').fill('100000');
    await main.getByRole('button', { name: 'Encaisser le bon' }).click();
    await expect(main.getByRole('alert')).toHaveText(
      'Ce bon ne peut pas être encaissé : aucun bon ne porte ce code. Vérifiez le code et réessayez.',
    );
  });
});
