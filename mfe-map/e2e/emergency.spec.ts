// Help in an emergency (issue 43 item 6; docs/emergency.md), on a phone, in the production build: one tap from
// every guest map opens a sheet with 113 police, 114 fire, 115 ambulance as tel: links, the hotel's phone and its
// address in Vietnamese, and the nearest hospital or clinic among the map's places. In English and in Korean;
// a real dialog (focus on its title, Tab stays inside, Escape and Back close it, focus returns to the button).
// Offline after a first visit: shell/e2e/offline.spec.ts (it needs its own servers to stop).
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { noTiles, open } from './support.ts';

const expect = baseExpect.configure({ timeout: 25_000 });
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });
test.beforeEach(async ({ page }) => {
  await noTiles(page);
});

const HOTEL_ADDRESS = '10 Tôn Đức Thắng, Phường Sài Gòn, TP. Hồ Chí Minh';
const HOTEL_OLD_ADDRESS = '(Địa chỉ cũ: 10 Tôn Đức Thắng, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh)';

async function openSheet(page: Page, button: string, title: string) {
  const open = page.getByRole('button', { name: button, exact: true });
  await expect(open).toHaveAttribute('aria-haspopup', 'dialog');
  await open.click();
  const sheet = page.getByRole('dialog', { name: title });
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAttribute('aria-modal', 'true');
  // Focus on the sheet's title: a screen reader starts there, and no call is one Enter away.
  await expect(sheet.getByRole('heading', { level: 2, name: title })).toBeFocused();
  await expect(page).toHaveURL(/[?&]emergency=1$/);
  return sheet;
}

/** The three numbers, by their accessible names in the page's language: each a tel: link of the number alone. */
async function expectNumbers(sheet: Locator, names: [string, string, string]) {
  for (const [i, name] of names.entries())
    await expect(sheet.getByRole('link', { name, exact: true })).toHaveAttribute('href', `tel:${113 + i}`);
}

test('English: the emergency numbers, the hotel’s phone and Vietnamese address, the nearest hospital', async ({
  page,
}) => {
  await open(page, '/saigon-riverside-hotel/map');
  const sheet = await openSheet(page, 'Emergency', 'Emergency');
  await expect(sheet.getByText('In Vietnam, call free from any phone:')).toBeVisible();
  await expectNumbers(sheet, ['113 Police Công an', '114 Fire and rescue Cứu hỏa', '115 Ambulance Cấp cứu']);

  const hotel = sheet.getByRole('region', { name: 'Your hotel' });
  await expect(hotel.getByRole('link', { name: 'Call the hotel +84 28 3823 4567' })).toHaveAttribute(
    'href',
    'tel:+842838234567',
  );
  const address = hotel.getByTestId('emergency-hotel-address');
  await expect(address.getByText('Saigon Riverside Hotel', { exact: true })).toBeVisible();
  const line = address.getByText(HOTEL_ADDRESS, { exact: true });
  await expect(line).toBeVisible();
  await expect(line).toHaveAttribute('lang', 'vi');
  await expect(line).toHaveAttribute('translate', 'no');
  await expect(address.getByText(HOTEL_OLD_ADDRESS, { exact: true })).toBeVisible();
  // Large enough to read out or show across a counter (the driver card's size on a phone).
  expect(await line.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(22);

  const care = sheet.getByRole('region', { name: 'Nearest hospital or clinic' });
  await expect(care.getByText('FV Hospital (Bệnh viện FV)')).toBeVisible();
  await expect(care.getByText('4.8 km from the hotel · 24-hour emergency care')).toBeVisible();
  await expect(care.getByText('06 Nguyễn Lương Bằng, Phường Tân Mỹ, TP. Hồ Chí Minh', { exact: true })).toBeVisible();

  // No serious or critical finding of axe in the sheet (roles, names, contrast).
  const axe = await new AxeBuilder({ page }).include('.gm-sos-panel').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // Tab goes round the sheet's own controls; Shift+Tab from the title to its last one.
  await page.keyboard.press('Shift+Tab');
  await expect(care.getByRole('button', { name: 'Show on the map' })).toBeFocused();
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  // Escape closes it, and focus is back on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/saigon-riverside-hotel\/map$/);
  await expect(page.getByRole('button', { name: 'Emergency', exact: true })).toBeFocused();
  // Back closes it too; "Show on the map" opens the hospital.
  const again = await openSheet(page, 'Emergency', 'Emergency');
  await page.goBack();
  await expect(again).toBeHidden();
  await (await openSheet(page, 'Emergency', 'Emergency')).getByRole('button', { name: 'Show on the map' }).click();
  await expect(page).toHaveURL(/\/saigon-riverside-hotel\/map\/fv-hospital\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('article').getByRole('heading', { level: 2, name: 'FV Hospital' })).toBeVisible();
});

test.describe('Korean', () => {
  test.use({ locale: 'ko-KR' });
  test('the same sheet in Korean; the address stays Vietnamese', async ({ page }) => {
    await open(page, '/saigon-riverside-hotel/map');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko-KR');
    const sheet = await openSheet(page, '긴급', '긴급 상황');
    await expectNumbers(sheet, ['113 경찰 Công an', '114 소방·구조 Cứu hỏa', '115 구급차 Cấp cứu']);
    const hotel = sheet.getByRole('region', { name: '내 호텔' });
    await expect(hotel.getByRole('link', { name: '호텔에 전화하기 +84 28 3823 4567' })).toHaveAttribute(
      'href',
      'tel:+842838234567',
    );
    const line = hotel.getByText(HOTEL_ADDRESS, { exact: true });
    await expect(line).toBeVisible();
    await expect(line).toHaveAttribute('lang', 'vi');
    await expect(hotel.getByText(HOTEL_OLD_ADDRESS, { exact: true })).toBeVisible();
    const care = sheet.getByRole('region', { name: '가장 가까운 병원 또는 의원' });
    // The Korean name already carries the Vietnamese one: not repeated.
    await expect(care.getByText('FV 병원 (Bệnh viện FV)', { exact: true })).toBeVisible();
    await expect(care.getByText('호텔에서 4.8 km · 24시간 응급실')).toBeVisible();
    await sheet.getByRole('button', { name: '닫기' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: '긴급', exact: true })).toBeFocused();
  });
});

test('a city map: the numbers and the hospital nearest the map’s centre, no hotel', async ({ page }) => {
  await open(page, '/ho-chi-minh-city/map');
  const sheet = await openSheet(page, 'Emergency', 'Emergency');
  await expect(sheet.getByRole('link', { name: '115 Ambulance Cấp cứu' })).toHaveAttribute('href', 'tel:115');
  await expect(sheet.getByRole('region', { name: 'Your hotel' })).toHaveCount(0);
  const care = sheet.getByRole('region', { name: 'Nearest hospital or clinic' });
  await expect(care.getByText('FV Hospital (Bệnh viện FV)')).toBeVisible();
  await expect(care.getByText(/from the map’s centre/)).toBeVisible();
});

test('the sheet’s code cannot download: the three numbers still, from the map’s own code', async ({ page }) => {
  await open(page, '/saigon-riverside-hotel/map');
  await expect(page.locator('.leaflet-marker-icon[data-activity-id]').first()).toBeVisible();
  // From now on no script downloads (the sheet's code).
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    (r) => r.abort('internetdisconnected'),
  );
  await page.getByRole('button', { name: 'Emergency', exact: true }).click();
  const fallback = page.getByRole('alertdialog', {
    name: 'Could not load the rest of this sheet. Emergency numbers:',
  });
  await expect(fallback).toBeVisible();
  for (const n of ['113', '114', '115'])
    await expect(fallback.getByRole('link', { name: new RegExp(`^${n}`) })).toHaveAttribute('href', `tel:${n}`);
  await fallback.getByRole('button', { name: 'Close' }).click();
  await expect(fallback).toBeHidden();
  await expect(page.locator('.leaflet-marker-icon[data-activity-id]').first()).toBeVisible();
});
