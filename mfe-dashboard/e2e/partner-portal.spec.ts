// The partner's journey (issue #27, items 2 and 8): a hotel's moderator invites a partner business's
// staff by e-mail; the partner signs up and confirms through the local inbox (or, in Vietnamese, already
// has an account), accepts the invitation in their account overview, opens the partner portal, confirms one
// pending sale, disputes another with a reason, reads the invoice of a closed month and changes the PIN.
// Every figure on screen is checked against the database, read as the service role, to the minor unit.
//
// Setup through the API, as real callers: the hotel's moderator (innkeeper@demo.test, Hanoi Old Quarter
// Inn) types the sales in (record_partner_transaction: pending) and invites (invite_partner_staff); the
// administrator sets the rate and closes a past month (close_month) holding one confirmed sale per partner
// (inserted as the service role with a date in that month: a client cannot date a sale).
import { test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  API_URL,
  ANON_KEY,
  SERVICE_KEY,
  passwordSession,
  serviceRest,
  signInAs,
  catalogue,
  dialogOpened,
  tr,
} from '../../shell/e2e/support.ts';
import {
  expect,
  linkFromInbox,
  mailCount,
  openDialog,
  PASSWORD,
  signedInEmail,
  uniqueEmail,
} from '../../mfe-account/e2e/support.ts';
import { formatMoney } from '../src/lib/money.ts';

const HOTEL = 'hanoi-old-quarter-inn';
const HOTEL_NAME = 'Hanoi Old Quarter Inn';
const TZ = 'Asia/Ho_Chi_Minh';
const RATE = 0.1;

const shellVi = catalogue('shell', 'vi') as { nav: { partnerPortal: string } };
const cat = {
  en: { dash: catalogue('mfe-dashboard', 'en'), account: catalogue('mfe-account', 'en') },
  vi: { dash: catalogue('mfe-dashboard', 'vi'), account: catalogue('mfe-account', 'vi') },
};

// ─── the database, as callers and as the service role ──────────────────────────────────────────────
type Session = { access_token: string };
async function rpcAs<T = unknown>(session: Session, fn: string, args: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${API_URL}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${fn} failed: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}
async function serviceJson<T>(p: string, init: RequestInit = {}): Promise<T> {
  const res = await serviceRest(p, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${p} failed: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** YYYY-MM of an instant on the hotel's calendar. */
const hotelMonth = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit' }).format(d).slice(0, 7);
const addMonths = (m: string, n: number) => {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, mo - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};
/** The instant a hotel month starts (Vietnam has no daylight saving: UTC+7). */
const monthStart = (m: string) => new Date(Date.parse(`${m}-01T00:00:00+07:00`)).toISOString();
const monthLabel = (m: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${m}-01T00:00:00Z`),
  );
/** The day an invoice was paid as the portal shows it: on the partner's phone, whose clock is the hotel's (TZ),
 *  not the test runner's (UTC): after 17:00 UTC they are different days. */
const paidDate = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: TZ }).format(new Date(iso));
const squash = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

interface Tx {
  id: string;
  amount_minor: number;
  currency: string;
  commission_minor: number;
  status: string;
  dispute_reason: string | null;
  created_at: string;
}
async function transactionsOf(activityId: string, month: string): Promise<Tx[]> {
  const from = encodeURIComponent(monthStart(month));
  const to = encodeURIComponent(monthStart(addMonths(month, 1)));
  return serviceJson<Tx[]>(
    `partner_transactions?activity_id=eq.${activityId}&created_at=gte.${from}&created_at=lt.${to}&select=id,amount_minor,currency,commission_minor,status,dispute_reason,created_at&order=created_at`,
  );
}
interface InvoiceRow {
  id: string;
  month: string;
  currency: string;
  commission_minor: number;
  payment_reference: string;
  vietqr: string | null;
  status: string;
  paid_at: string | null;
}
const invoicesOf = (activityId: string, month: string) =>
  serviceJson<InvoiceRow[]>(
    `partner_invoices?activity_id=eq.${activityId}&month=eq.${month}-01&select=id,month,currency,commission_minor,payment_reference,vietqr,status,paid_at`,
  );

const sum = (rows: Tx[], pick: (t: Tx) => number) => rows.reduce((a, t) => a + Number(pick(t)), 0);

/** A fresh partner business of the hotel (its own figures only), at the administrator's rate. */
async function newPartner(tag: string, admin: Session): Promise<{ id: string; name: string }> {
  const slug = `e2e-${tag}-${Date.now().toString(36)}`;
  const name = `Bún chả ${tag} ${Date.now().toString(36).slice(-4)}`;
  const [row] = await serviceJson<{ id: string }[]>('activities', {
    method: 'POST',
    headers: { Prefer: 'return=representation' },
    body: JSON.stringify({
      customer_id: HOTEL,
      slug,
      category: 'food',
      title: { en: name, vi: name, fr: name },
      latitude: 21.034,
      longitude: 105.851,
      is_partner: true,
    }),
  });
  await rpcAs(admin, 'admin_set_commission_rate', { p_activity_id: row!.id, p_rate: RATE });
  return { id: row!.id, name };
}

/** One confirmed sale dated inside `month` (a past month, not closed yet), with the split the database requires. */
async function pastConfirmedSale(activityId: string, month: string, amount: number) {
  const commission = Math.round(amount * RATE);
  const fee = Math.round(commission * 0.2);
  const share = commission - fee;
  await serviceJson('partner_transactions', {
    method: 'POST',
    body: JSON.stringify({
      customer_id: HOTEL,
      activity_id: activityId,
      amount_minor: amount,
      currency: 'VND',
      commission_rate: RATE,
      reinvestment_pct: 0,
      commission_minor: commission,
      hotel_share_minor: share,
      platform_fee_minor: fee,
      reinvestment_minor: 0,
      net_to_hotel_minor: share,
      idempotency_key: `e2e-past-${activityId}`,
      created_at: new Date(Date.parse(monthStart(month)) + 10 * 86_400_000).toISOString(),
      status: 'confirmed',
    }),
  });
}

interface Setup {
  admin: Session;
  moderator: Session;
  month: string;
  closedMonth: string;
  a: { id: string; name: string };
  b: { id: string; name: string };
}
let setup: Setup;

test.describe('partner portal', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    const admin = await passwordSession('admin@demo.test');
    const moderator = await passwordSession('innkeeper@demo.test');
    const month = hotelMonth(new Date());
    // The latest past month of the hotel that is still open (a reused local stack may have closed some).
    const closed = new Set(
      (await serviceJson<{ month: string }[]>(`settlement_months?customer_id=eq.${HOTEL}&select=month`)).map((r) =>
        r.month.slice(0, 7),
      ),
    );
    let closedMonth = addMonths(month, -1);
    while (closed.has(closedMonth)) closedMonth = addMonths(closedMonth, -1);
    const a = await newPartner('a', admin as Session);
    const b = await newPartner('b', admin as Session);
    await pastConfirmedSale(a.id, closedMonth, 1_234_000);
    await pastConfirmedSale(b.id, closedMonth, 987_000);
    await rpcAs(admin as Session, 'close_month', { p_customer_id: HOTEL, p_month: `${closedMonth}-01` });
    // Partner A's invoice is paid; partner B's stays open.
    const [invA] = await invoicesOf(a.id, closedMonth);
    expect(invA, 'close_month made partner A an invoice').toBeTruthy();
    await rpcAs(admin as Session, 'mark_invoice_paid', { p_invoice_id: invA!.id });
    // This month: two sales the hotel typed in, pending until the partner answers.
    for (const [p, amounts] of [
      [a, [250_000, 180_000]],
      [b, [320_000, 75_000]],
    ] as const)
      for (const amount of amounts)
        await rpcAs(moderator as Session, 'record_partner_transaction', {
          p_customer_id: HOTEL,
          p_activity_id: p.id,
          p_amount_minor: amount,
          p_currency: 'VND',
          p_idempotency_key: `e2e-${p.id}-${amount}`,
        });
    setup = { admin: admin as Session, moderator: moderator as Session, month, closedMonth, a, b };
  });

  /** Opens the portal from the accepted invitation, in the account overview (/user). */
  async function acceptAndOpen(page: Page, lang: 'en' | 'vi', partnerName: string) {
    await page.goto('/user');
    const invitation = page.getByTestId('my-invitation');
    await expect(invitation).toContainText(HOTEL_NAME);
    // Named after the partner business when the database names it, else after the hotel.
    const accept = (name: string) =>
      invitation.getByRole('button', { name: tr(cat[lang].account, 'user.invitations.partnerAcceptWhat', { name }) });
    await accept(partnerName).or(accept(HOTEL_NAME)).click();
    await expect(invitation.getByRole('alert').or(invitation.locator('.ant-alert'))).toBeVisible();
    // The overview now lists the business with its portal; the answer links there too.
    await invitation.getByRole('link', { name: new RegExp(`^${tr(cat[lang].account, 'user.partners.open')}`) }).click();
    await expect(page).toHaveURL(/\/partner(\?|$)/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      tr(cat[lang].dash, 'partnerPortal.heading', { name: partnerName }),
      { timeout: 30_000 },
    );
  }

  /** The page is no wider than the phone: nothing to scroll sideways. */
  async function noSideScroll(page: Page) {
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
  }

  async function pickMonth(page: Page, lang: 'en' | 'vi', locale: string, month: string) {
    const box = page.getByRole('combobox', { name: tr(cat[lang].dash, 'partnerPortal.month') });
    await box.click();
    const option = page.locator(`.ant-select-item-option[title="${monthLabel(month, locale)}"]`);
    // The list is virtual: a month far down (a reused stack, whose past months each run closes one more of) is
    // drawn once the keyboard has brought it into view, as a user scrolling would.
    for (let i = 0; i < 30 && !(await option.isVisible()); i++) await box.press('ArrowDown');
    await option.click();
    await expect(page).toHaveURL(new RegExp(`month=${month}`));
  }

  /** The commission owed on screen equals the database's confirmed commission of the month. */
  async function owedMatches(page: Page, activityId: string, month: string, locale: string) {
    const rows = (await transactionsOf(activityId, month)).filter((t) => t.status === 'confirmed');
    const owed = sum(rows, (t) => t.commission_minor);
    if (rows.length === 0) return expect(page.getByTestId('portal-owed-none')).toBeVisible();
    await expect
      .poll(async () =>
        squash(await page.getByTestId('portal-total-VND').getByTestId('portal-commission').textContent()),
      )
      .toBe(squash(formatMoney(owed, 'VND', locale)));
    await expect(page.getByTestId('portal-total-VND').getByTestId('portal-gross')).toHaveAttribute(
      'data-minor',
      String(sum(rows, (t) => t.amount_minor)),
    );
  }

  async function invoiceMatches(page: Page, activityId: string, month: string, locale: string, lang: 'en' | 'vi') {
    const [inv] = await invoicesOf(activityId, month);
    expect(inv).toBeTruthy();
    const confirmed = (await transactionsOf(activityId, month)).filter((t) => t.status === 'confirmed');
    // The invoice is the month's confirmed commission, to the unit, and the screen shows the invoice.
    expect(Number(inv!.commission_minor)).toBe(sum(confirmed, (t) => t.commission_minor));
    expect(inv!.payment_reference).toMatch(/^[A-Z0-9]{1,19}$/);
    const card = page.getByTestId('portal-invoice');
    await expect(card).toBeVisible();
    expect(squash(await card.getByTestId('portal-invoice-amount').textContent())).toBe(
      squash(formatMoney(Number(inv!.commission_minor), inv!.currency.trim(), locale)),
    );
    await expect(card.getByTestId('portal-invoice-reference')).toHaveText(inv!.payment_reference);
    if (inv!.status === 'paid') {
      const date = paidDate(inv!.paid_at!, locale);
      await expect(card.getByTestId('portal-invoice-status')).toHaveText(
        tr(cat[lang].dash, 'partnerPortal.paidOn', { date }),
      );
      await expect(card.getByTestId('portal-vietqr')).toHaveCount(0);
    } else {
      await expect(card.getByTestId('portal-invoice-status')).toHaveText(tr(cat[lang].dash, 'partnerPortal.unpaid'));
      // The VietQR code is drawn when the platform's bank account is configured (the invoice carries its payload).
      await expect(card.getByTestId('portal-vietqr').locator('svg')).toHaveCount(inv!.vietqr ? 1 : 0);
    }
    await expect(page.getByTestId('portal-closed')).toBeVisible();
    // The printable invoice: the same amount, reference, status and (while unpaid) VietQR code, nothing else of the screen.
    await page.emulateMedia({ media: 'print' });
    const printed = page.getByTestId('portal-invoice-print').locator('.gm-print-invoice');
    await expect(printed).toHaveCount(1);
    await expect(printed).toContainText(inv!.payment_reference);
    expect(squash(await printed.textContent())).toContain(
      squash(formatMoney(Number(inv!.commission_minor), inv!.currency.trim(), locale)),
    );
    await expect(printed).toContainText(
      inv!.status === 'paid'
        ? tr(cat[lang].dash, 'partnerPortal.paidOn', {
            date: paidDate(inv!.paid_at!, locale),
          })
        : tr(cat[lang].dash, 'partnerPortal.unpaid'),
    );
    await expect(printed.locator('svg')).toHaveCount(inv!.status !== 'paid' && inv!.vietqr ? 1 : 0);
    await expect(card).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(card).toBeVisible();
  }

  async function pendingItem(page: Page, amount: number, locale: string) {
    return page
      .getByTestId('portal-pending-item')
      .filter({ has: page.getByTestId('portal-amount').filter({ hasText: formatMoney(amount, 'VND', locale) }) });
  }

  test('on a phone at the counter: invited by e-mail, signs up, accepts, confirms one sale, disputes another, reads the closed month’s invoice', async ({
    browser,
  }: {
    browser: Browser;
  }) => {
    test.setTimeout(240_000);
    const locale = 'en-US';
    const { a, moderator, month, closedMonth } = setup;
    const email = uniqueEmail('partner');
    const invitedAt = Date.now();
    await rpcAs(moderator, 'invite_partner_staff', { p_activity_id: a.id, p_email: email });
    // The invitation mail reaches the inbox.
    await expect.poll(() => mailCount(email, invitedAt), { timeout: 15_000 }).toBeGreaterThan(0);

    const ctx: BrowserContext = await browser.newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      locale,
      timezoneId: TZ,
    });
    const page = await ctx.newPage();
    // Signs up with the invited address and confirms it through the link mailed to the local inbox.
    await openDialog(page, '/', locale);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create an account' }).click();
    await dialog.getByLabel('Nickname').fill('Lan Partner');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('checkbox', { name: 'I accept the terms and privacy policy' }).check();
    const sentAt = Date.now();
    await dialog.getByRole('button', { name: 'Create account', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Check your e-mail' })).toBeVisible();
    await page.goto(await linkFromInbox(email, sentAt));
    await expect.poll(() => signedInEmail(page)).toBe(email);

    await acceptAndOpen(page, 'en', a.name);
    // The current month by default; the rate in force is the database's.
    await expect(page.getByRole('combobox', { name: 'Month' })).toBeVisible();
    await expect(page.locator('main').getByText(monthLabel(month, locale), { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId('portal-rate-in-force')).toHaveText(
      tr(cat.en.dash, 'partnerPortal.rateInForce', { rate: '10%' }),
    );

    const before = await transactionsOf(a.id, month);
    expect(
      before
        .filter((t) => t.status === 'pending')
        .map((t) => Number(t.amount_minor))
        .sort(),
    ).toEqual([180_000, 250_000]);
    await expect(page.getByTestId('portal-pending-item')).toHaveCount(2);
    await owedMatches(page, a.id, month, locale);
    await noSideScroll(page);

    // Confirm the 250,000 ₫ sale: a big button, within thumb reach.
    const first = await pendingItem(page, 250_000, locale);
    const confirm = first.getByRole('button', { name: 'Confirm' });
    expect((await confirm.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await confirm.click();
    await expect(page.getByText(tr(cat.en.dash, 'partnerPortal.confirmed'))).toBeVisible();
    await expect(page.getByTestId('portal-pending-item')).toHaveCount(1);
    await expect
      .poll(async () => (await transactionsOf(a.id, month)).find((t) => Number(t.amount_minor) === 250_000)?.status)
      .toBe('confirmed');
    await owedMatches(page, a.id, month, locale);

    // Dispute the 180,000 ₫ sale: a reason is required.
    await (await pendingItem(page, 180_000, locale)).getByRole('button', { name: 'Dispute' }).click();
    const modal = page.getByRole('dialog', {
      name: tr(cat.en.dash, 'partnerPortal.disputeTitle', { amount: formatMoney(180_000, 'VND', locale) }),
    });
    // Clicked while the dialog zooms in, the button's place is the mask's: the dialog closed (support.ts).
    await dialogOpened(modal);
    await modal.getByRole('button', { name: 'Send dispute' }).click();
    await expect(modal.getByRole('alert')).toHaveText(tr(cat.en.dash, 'partnerPortal.reasonErrors.required'));
    expect((await transactionsOf(a.id, month)).find((t) => Number(t.amount_minor) === 180_000)?.status).toBe('pending');
    await modal.getByLabel('Reason (required)').fill('No such sale: we were closed that evening');
    await modal.getByRole('button', { name: 'Send dispute' }).click();
    await expect(page.getByText(tr(cat.en.dash, 'partnerPortal.disputed'))).toBeVisible();
    await expect(page.getByTestId('portal-pending-item')).toHaveCount(0);
    await expect
      .poll(async () => {
        const t = (await transactionsOf(a.id, month)).find((r) => Number(r.amount_minor) === 180_000);
        return [t?.status, t?.dispute_reason];
      })
      .toEqual(['disputed', 'No such sale: we were closed that evening']);
    const disputed = page.locator('[data-testid="portal-item"][data-status="disputed"]');
    await expect(disputed.getByTestId('portal-reason')).toHaveText(
      tr(cat.en.dash, 'partnerPortal.reasonShown', { reason: 'No such sale: we were closed that evening' }),
    );
    // Disputed spend is not owed: the total is still the confirmed sale's commission only.
    await owedMatches(page, a.id, month, locale);
    // Every item of the month is listed, with the database's amounts.
    const items = await transactionsOf(a.id, month);
    await expect(page.getByTestId('portal-item')).toHaveCount(items.length);
    for (const t of items)
      await expect(
        page.locator(`[data-testid="portal-item"][data-id="${t.id}"]`).getByTestId('portal-amount'),
      ).toHaveText(formatMoney(Number(t.amount_minor), 'VND', locale));
    await noSideScroll(page);

    // The closed month: its invoice (paid), figures equal to the database's.
    await pickMonth(page, 'en', locale, closedMonth);
    await invoiceMatches(page, a.id, closedMonth, locale, 'en');
    await owedMatches(page, a.id, closedMonth, locale);
    await noSideScroll(page);
    await ctx.close();
  });

  test('in Vietnamese: accepts, confirms and disputes, sees the open invoice with its VietQR code, changes the PIN, accepts the hotel’s new rate', async ({
    browser,
  }: {
    browser: Browser;
  }) => {
    test.setTimeout(180_000);
    const locale = 'vi-VN';
    const { b, moderator, month, closedMonth } = setup;
    // An account that already exists (confirmed e-mail), whose language is Vietnamese.
    const email = uniqueEmail('doitac');
    const created = await fetch(`${API_URL}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: SERVICE_KEY, authorization: `Bearer ${SERVICE_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { display_name: 'Chị Lan' },
      }),
    });
    expect(created.ok).toBe(true);
    const userId = ((await created.json()) as { id: string }).id;
    await serviceJson(`profiles?id=eq.${userId}`, { method: 'PATCH', body: JSON.stringify({ language: 'vi-VN' }) });
    await rpcAs(moderator, 'invite_partner_staff', { p_activity_id: b.id, p_email: email });

    // A phone too: Vietnamese texts are the longest.
    const ctx = await browser.newContext({
      viewport: { width: 375, height: 740 },
      isMobile: true,
      hasTouch: true,
      locale,
      timezoneId: TZ,
    });
    const page = await ctx.newPage();
    await page.addInitScript(() => localStorage.setItem('locale', 'vi-VN'));
    await signInAs(page, email);
    await acceptAndOpen(page, 'vi', b.name);
    // From now on the account menu (the drawer on a phone) leads to the portal too.
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: shellVi.nav.partnerPortal })).toHaveAttribute('href', '/partner');
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(page.getByTestId('portal-rate-in-force')).toHaveText(
      tr(cat.vi.dash, 'partnerPortal.rateInForce', {
        rate: new Intl.NumberFormat(locale, { style: 'percent' }).format(RATE),
      }),
    );

    await (
      await pendingItem(page, 320_000, locale)
    )
      .getByRole('button', { name: tr(cat.vi.dash, 'partnerPortal.confirm') })
      .click();
    await expect(page.getByText(tr(cat.vi.dash, 'partnerPortal.confirmed'))).toBeVisible();
    await (
      await pendingItem(page, 75_000, locale)
    )
      .getByRole('button', { name: tr(cat.vi.dash, 'partnerPortal.dispute') })
      .click();
    const modal = page.getByRole('dialog');
    await dialogOpened(modal);
    await modal.getByLabel(tr(cat.vi.dash, 'partnerPortal.reason')).fill('Khách không mua hàng');
    await modal.getByRole('button', { name: tr(cat.vi.dash, 'partnerPortal.disputeSend') }).click();
    await expect(page.getByText(tr(cat.vi.dash, 'partnerPortal.disputed'))).toBeVisible();
    await expect
      .poll(async () => (await transactionsOf(b.id, month)).map((t) => [Number(t.amount_minor), t.status]).sort())
      .toEqual(
        [
          [320_000, 'confirmed'],
          [75_000, 'disputed'],
        ].sort(),
      );
    await owedMatches(page, b.id, month, locale);
    await noSideScroll(page);

    // The closed month's invoice, not paid yet, in Vietnamese formatting.
    await pickMonth(page, 'vi', locale, closedMonth);
    await invoiceMatches(page, b.id, closedMonth, locale, 'vi');
    await noSideScroll(page);

    // The redemption PIN: 6 to 12 digits, typed twice.
    const pinCard = page.getByTestId('portal-pin');
    const before = (
      await serviceJson<{ updated_at: string; updated_by: string | null }[]>(
        `partner_pins?activity_id=eq.${b.id}&select=updated_at,updated_by`,
      )
    )[0];
    await pinCard.getByLabel(tr(cat.vi.dash, 'partnerPortal.pinNew')).fill('12345');
    await pinCard.getByLabel(tr(cat.vi.dash, 'partnerPortal.pinAgain')).fill('12345');
    await pinCard.getByRole('button', { name: tr(cat.vi.dash, 'partnerPortal.pinSave') }).click();
    await expect(pinCard.getByRole('alert')).toHaveText(tr(cat.vi.dash, 'partnerPortal.pinErrors.format'));
    await pinCard.getByLabel(tr(cat.vi.dash, 'partnerPortal.pinNew')).fill('20261126');
    await pinCard.getByLabel(tr(cat.vi.dash, 'partnerPortal.pinAgain')).fill('20261126');
    await pinCard.getByRole('button', { name: tr(cat.vi.dash, 'partnerPortal.pinSave') }).click();
    await expect(page.getByText(tr(cat.vi.dash, 'partnerPortal.pinSaved'))).toBeVisible();
    const after = (
      await serviceJson<{ updated_at: string; updated_by: string | null }[]>(
        `partner_pins?activity_id=eq.${b.id}&select=updated_at,updated_by`,
      )
    )[0];
    expect(after?.updated_by).toBe(userId);
    expect(after?.updated_at).not.toBe(before?.updated_at);

    // The hotel proposes a new rate; the partner accepts it here; it is in force from then on, and the
    // history keeps the earlier one.
    const proposal = await rpcAs<{ id: string }>(moderator, 'propose_commission_rate', {
      p_activity_id: b.id,
      p_rate: 0.125,
    });
    await pickMonth(page, 'vi', locale, month);
    const offered = page.getByTestId('portal-rate-proposal');
    await expect(offered).toContainText(
      tr(cat.vi.dash, 'partnerPortal.rateProposal', {
        rate: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(0.125),
      }),
    );
    await offered.getByRole('button', { name: tr(cat.vi.dash, 'partnerPortal.rateAccept') }).click();
    await expect(page.getByText(tr(cat.vi.dash, 'partnerPortal.rateAccepted'))).toBeVisible();
    await expect(page.getByTestId('portal-rate-proposal')).toHaveCount(0);
    const rates = await serviceJson<{ id: string; rate: number | string; status: string; decided_by: string | null }[]>(
      `commission_rates?activity_id=eq.${b.id}&select=id,rate,status,decided_by&order=proposed_at`,
    );
    const accepted = rates.find((r) => Number(r.rate) === 0.125)!;
    expect([accepted.status, accepted.decided_by]).toEqual(['accepted', userId]);
    expect(accepted.id).toBe(proposal.id);
    await expect(page.getByTestId('portal-rate-in-force')).toHaveText(
      tr(cat.vi.dash, 'partnerPortal.rateInForce', {
        rate: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(0.125),
      }),
    );
    await page.getByText(tr(cat.vi.dash, 'partnerPortal.rateHistory')).click();
    await expect(page.getByTestId('portal-rate-row')).toHaveCount(rates.length);
    // Sales recorded before keep the rate they were made at.
    expect(
      (await transactionsOf(b.id, month)).every(
        (t) => Number(t.commission_minor) === Math.round(Number(t.amount_minor) * RATE),
      ),
    ).toBe(true);
    await noSideScroll(page);
    await ctx.close();
  });
});
