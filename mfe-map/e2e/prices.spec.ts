// Prices in đồng with an estimate the guest can read (issue 43 item 4; docs/prices.md), on a phone, in English and
// in Korean: a seeded place shows its price in VND and beneath it "≈ US$…" / "≈ ₩…" with the bank and the rate's
// date; the estimate goes when the rates are older than a week, never the price; the guest can pick a currency.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { activityBySlug, admin, noTiles, open } from './support.ts';
import { giveVoucher, playScratchCard } from './rewards-support.ts';

const expect = baseExpect.configure({ timeout: 25_000 });
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const HOTEL = 'saigon-riverside-hotel';

async function rateOf(currency: string) {
  const { data, error } = await admin()
    .from('exchange_rates')
    .select('vnd_per_unit, source, as_of')
    .eq('currency', currency)
    .single();
  if (error) throw error;
  return { rate: Number(data.vnd_per_unit), source: data.source as string, asOf: data.as_of as string };
}

/** The estimate as a guest should read it, computed here without the app's code: two significant digits. */
const twoDigits = (vnd: number, rate: number) => Number((vnd / rate).toPrecision(2));
/** The rate's date as an English guest reads it ("Dec 3, 2026"). */
const enDate = (asOf: string) =>
  new Date(`${asOf}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

async function openPlace(page: Page, slug: string) {
  const place = await activityBySlug(HOTEL, slug);
  await open(page, `/${HOTEL}/map/${slug}/${place.id}`);
  return page.getByRole('article');
}

test.beforeEach(async ({ page }) => {
  await noTiles(page);
});

test('English: Bánh Mì Huỳnh Hoa costs ₫75,000, about US$ at the Vietcombank rate of the day; no estimate from old rates', async ({
  page,
}) => {
  const usd = await rateOf('USD');
  const panel = await openPlace(page, 'banh-mi-huynh-hoa');
  const price = panel.getByRole('region', { name: 'Price' });
  await expect(price.locator('.gm-price-vnd')).toHaveText('₫75,000');
  const date = enDate(usd.asOf);
  await expect(price.locator('.gm-price-estimate')).toHaveText(
    `≈ US$${twoDigits(75_000, usd.rate)} (estimate at the ${usd.source} rate of ${date})`,
  );
  // A range keeps its order in both lines.
  const skydeck = (await openPlace(page, 'saigon-skydeck')).getByRole('region', { name: 'Price' });
  await expect(skydeck.locator('.gm-price-vnd')).toHaveText('₫200,000 – ₫250,000');
  await expect(skydeck.locator('.gm-price-estimate')).toContainText(
    `≈ US$${twoDigits(200_000, usd.rate)}–${twoDigits(250_000, usd.rate)} `,
  );

  // Free entry: said in words, with nothing to estimate.
  const pagoda = (await openPlace(page, 'jade-emperor-pagoda')).getByRole('region', { name: 'Price' });
  await expect(pagoda.locator('.gm-price-vnd')).toHaveText('Free');
  await expect(pagoda.locator('.gm-price-estimate')).toHaveCount(0);

  // The dollar's rate a month old (the euro's of the day): the price stays, the dollar estimate goes, and only the
  // euro is offered. The chooser showing the euro says the rates were read and judged.
  const old = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  await page.route(/\/rest\/v1\/exchange_rates/, async (route) => {
    const res = await route.fetch();
    const rows = (await res.json()) as { currency: string; as_of: string }[];
    await route.fulfill({ response: res, json: rows.map((r) => (r.currency === 'EUR' ? r : { ...r, as_of: old })) });
  });
  const stale = (await openPlace(page, 'banh-mi-huynh-hoa')).getByRole('region', { name: 'Price' });
  await expect(stale.locator('.gm-price-vnd')).toHaveText('₫75,000');
  await expect(stale.getByRole('combobox', { name: 'Estimate in' }).locator('option')).toHaveText([
    'No estimate',
    'Euro',
  ]);
  await expect(stale.locator('.gm-price-estimate')).toHaveCount(0);
});

test('Korean: ₫75,000 with "≈ ₩…" and the rate’s source and date; the guest can switch the estimate to US dollars', async ({
  page,
}) => {
  const krw = await rateOf('KRW');
  const usd = await rateOf('USD');
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('set')) {
      localStorage.setItem('locale', 'ko-KR');
      localStorage.removeItem('gm.estimate-currency');
      sessionStorage.setItem('set', '1');
    }
  });
  const panel = await openPlace(page, 'banh-mi-huynh-hoa');
  const price = panel.getByRole('region', { name: '가격' });
  await expect(price.locator('.gm-price-vnd')).toHaveText('₫75,000');
  const [y, m, d] = krw.asOf.split('-').map(Number);
  await expect(price.locator('.gm-price-estimate')).toHaveText(
    `≈ ₩${grouped(twoDigits(75_000, krw.rate))} (${krw.source} ${y}. ${m}. ${d}. 환율 기준 추정치)`,
  );
  // The guest's own choice of currency, kept for the next place.
  await price.getByRole('combobox', { name: '추정 통화' }).selectOption('USD');
  await expect(price.locator('.gm-price-estimate')).toContainText(`≈ US$${twoDigits(75_000, usd.rate)} `);
  const museum = (await openPlace(page, 'war-remnants-museum')).getByRole('region', { name: '가격' });
  await expect(museum.locator('.gm-price-vnd')).toHaveText('₫40,000');
  await expect(museum.locator('.gm-price-estimate')).toContainText(`≈ US$${twoDigits(40_000, usd.rate)} `);
  // "No estimate": the price alone, in đồng.
  await museum.getByRole('combobox', { name: '추정 통화' }).selectOption('');
  await expect(museum.locator('.gm-price-estimate')).toHaveCount(0);
  await expect(museum.locator('.gm-price-vnd')).toHaveText('₫40,000');
});

test('a voucher worth ₫65,000 shows its value in đồng and the estimate, in English and then in Korean', async ({
  page,
}) => {
  const usd = await rateOf('USD');
  const krw = await rateOf('KRW');
  const { userId } = await playScratchCard(page);
  const usine = await activityBySlug(HOTEL, 'lusine-dong-khoi');
  const code = await giveVoucher(userId, usine.id, { valueVnd: [65_000, 65_000] });
  const range = await giveVoucher(userId, usine.id, { valueVnd: [40_000, 90_000] });
  const plain = await giveVoucher(userId, usine.id);
  await page.reload();
  let dialog = page.getByRole('dialog', { name: 'Rewards' });
  await dialog.getByRole('tab', { name: /My vouchers/ }).click();
  const list = dialog.getByRole('list', { name: 'My vouchers' });
  const value = list.getByRole('listitem').filter({ hasText: code }).getByRole('region', { name: 'Value' });
  await expect(value.locator('.gm-price-vnd')).toHaveText('Worth ₫65,000');
  const date = enDate(usd.asOf);
  await expect(value.locator('.gm-price-estimate')).toHaveText(
    `≈ US$${twoDigits(65_000, usd.rate)} (estimate at the ${usd.source} rate of ${date})`,
  );
  // No chooser on a voucher (the guest chooses on a place; the choice holds everywhere).
  await expect(value.getByRole('combobox')).toHaveCount(0);
  const ranged = list.getByRole('listitem').filter({ hasText: range }).getByRole('region', { name: 'Value' });
  await expect(ranged.locator('.gm-price-vnd')).toHaveText('Worth ₫40,000 – ₫90,000');
  await expect(list.getByRole('listitem').filter({ hasText: plain }).getByRole('region')).toHaveCount(0);

  await page.evaluate(() => localStorage.setItem('locale', 'ko-KR'));
  await page.reload();
  dialog = page.getByRole('dialog', { name: '리워드' });
  await dialog.getByRole('tab', { name: /내 바우처/ }).click();
  const ko = dialog
    .getByRole('list', { name: '내 바우처' })
    .getByRole('listitem')
    .filter({ hasText: code })
    .getByRole('region', { name: '가치' });
  await expect(ko.locator('.gm-price-vnd')).toHaveText('₫65,000 상당');
  const [y, m, d] = krw.asOf.split('-').map(Number);
  await expect(ko.locator('.gm-price-estimate')).toHaveText(
    `≈ ₩${grouped(twoDigits(65_000, krw.rate))} (${krw.source} ${y}. ${m}. ${d}. 환율 기준 추정치)`,
  );
});

test('when the price block’s code cannot be fetched (offline before it was ever kept), the place still opens with its price in đồng', async ({
  page,
}) => {
  // The chunk of the price block is the one that keeps the guest's currency choice.
  let refused = 0;
  await page.route(/\/static\/js\/async\/.*\.js$/, async (route) => {
    const res = await route.fetch();
    const body = await res.text();
    if (body.includes('gm.estimate-currency')) {
      refused++;
      await route.abort('internetdisconnected');
    } else await route.fulfill({ response: res, body });
  });
  const panel = await openPlace(page, 'banh-mi-huynh-hoa');
  await expect(panel.getByRole('heading', { level: 2 })).toBeVisible();
  await expect.poll(() => refused).toBeGreaterThan(0);
  await expect(panel.locator('.gm-price-vnd')).toHaveText('₫75,000');
  await expect(panel.getByRole('region', { name: 'Price' })).toHaveCount(0);
  await expect(panel.locator('.gm-price-estimate')).toHaveCount(0);
  await expect(panel.getByRole('link', { name: 'Directions (Google Maps)' })).toBeVisible();
});
