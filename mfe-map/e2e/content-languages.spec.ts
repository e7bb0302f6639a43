// Place content in six languages (issue 30): search finds places by their names in any language and
// lists a match in the name before one elsewhere; the "Show to driver" card speaks Vietnamese to the
// driver, with the guest's own words small beneath.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { activityBySlug, noTiles, open } from './support.ts';
import { catalogue, tr, type Catalogue } from '../../shell/e2e/support.ts';

// Up to eight engineers share two CPU cores: first loads can be slow, so waits are generous.
const expect = baseExpect.configure({ timeout: 25_000 });
test.describe.configure({ timeout: 120_000 });

const en = catalogue('mfe-map', 'en');
const vi = catalogue('mfe-map', 'vi');
const ko = catalogue('mfe-map', 'ko');
const HOTEL = 'saigon-riverside-hotel';

const search = (page: Page, c: Catalogue) => page.getByRole('searchbox', { name: tr(c, 'browse.searchLabel') });
const titles = (page: Page, c: Catalogue) =>
  page.getByRole('list', { name: tr(c, 'browse.listLabel') }).locator('.gm-list-title');

test.use({ viewport: { width: 1280, height: 800 } });
test.beforeEach(async ({ page }) => {
  await noTiles(page);
});

test('"pho" lists the phở shop before the walking street, in English and in Vietnamese', async ({ page }) => {
  // The hotel's list has Nguyen Hue Walking Street (its 7th pick) before Pho Hoa Pasteur (its 10th): the
  // street matches "pho" by its Vietnamese name, "Phố đi bộ Nguyễn Huệ".
  await open(page, `/${HOTEL}/map`);
  await search(page, en).fill('pho');
  // Retried assertions on the whole list, in order: a list read once could be read while it still fills.
  await expect(titles(page, en).first()).toHaveText('Pho Hoa Pasteur');
  await expect(titles(page, en)).toContainText(['Pho Hoa Pasteur', 'Nguyen Hue Walking Street']);

  // A Vietnamese guest reads "Phở" and "Phố" alike without marks: the place tagged pho comes first.
  await page.evaluate(() => localStorage.setItem('locale', 'vi-VN'));
  await open(page, `/${HOTEL}/map`);
  await search(page, vi).fill('pho');
  await expect(titles(page, vi).first()).toHaveText('Phở Hòa Pasteur');
  await expect(titles(page, vi)).toContainText(['Phở Hòa Pasteur', 'Phố đi bộ Nguyễn Huệ']);
});

test('places are found by their Chinese, Korean and Japanese names', async ({ page }) => {
  await open(page, `/${HOTEL}/map`);
  for (const [query, name] of [
    ['滨城市场', 'Ben Thanh Market'],
    ['벤탄 시장', 'Ben Thanh Market'],
    ['サイゴン中央郵便局', 'Saigon Central Post Office'],
    ['古芝地道', 'Cu Chi Tunnels (Ben Dinh)'],
  ]) {
    await search(page, en).fill(query!);
    await expect(titles(page, en)).toHaveText([name!]);
  }
});

test('Show to driver: the instruction in Vietnamese, large; the guest’s language small beneath', async ({ page }) => {
  const pho = await activityBySlug(HOTEL, 'pho-hoa-pasteur');
  await open(page, `/${HOTEL}/map/pho-hoa-pasteur/${pho.id}`);
  await page
    .getByRole('article')
    .getByRole('button', { name: tr(en, 'driver.open') })
    .click();
  const driver = page.getByRole('dialog', { name: 'Vui lòng chở tôi đến: Please take me to:' });
  const instruction = driver.getByText('Vui lòng chở tôi đến:', { exact: true });
  const guest = driver.getByText(tr(en, 'driver.title'), { exact: true });
  await expect(instruction).toHaveAttribute('lang', 'vi');
  await expect(guest).toHaveAttribute('lang', 'en-US');
  const size = (l: typeof guest) => l.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(await size(instruction)).toBeGreaterThanOrEqual(22);
  expect(await size(guest)).toBeLessThan(await size(instruction));
  // The instruction comes first, the guest's line beneath it.
  expect((await guest.boundingBox())!.y).toBeGreaterThan((await instruction.boundingBox())!.y);
  await expect(driver.getByText('Phở Hòa Pasteur', { exact: true })).toBeVisible();
  await expect(driver.getByText('260C Pasteur, Phường Xuân Hòa, TP. Hồ Chí Minh', { exact: true })).toBeVisible();
  await expect(
    driver.getByText('(Địa chỉ cũ: 260C Pasteur, Phường Võ Thị Sáu, Quận 3, TP. Hồ Chí Minh)'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(driver).toHaveCount(0);

  // A Vietnamese guest's card says it once.
  await page.evaluate(() => localStorage.setItem('locale', 'vi-VN'));
  await open(page, `/${HOTEL}/map/pho-hoa-pasteur/${pho.id}`);
  await page
    .getByRole('article')
    .getByRole('button', { name: tr(vi, 'driver.open') })
    .click();
  const viDriver = page.getByRole('dialog', { name: 'Vui lòng chở tôi đến:' });
  await expect(viDriver.getByText('Vui lòng chở tôi đến:')).toHaveCount(1);
  await expect(viDriver.getByText('Phở Hòa Pasteur', { exact: true })).toBeVisible();
});

// Issue 43 item 1 on a phone in Korean: the new address with the old one in brackets, the driver card with both in
// Vietnamese, and search by either form with the tone mark in either placement.
test.describe('Korean, phone (360 × 740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, locale: 'ko-KR' });

  test('the address in both forms, the driver card in Vietnamese, search by the old ward and by "Xuân Hoà"', async ({
    page,
  }) => {
    const pho = await activityBySlug(HOTEL, 'pho-hoa-pasteur');
    await open(page, `/${HOTEL}/map/pho-hoa-pasteur/${pho.id}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko-KR');
    const panel = page.getByRole('article');
    const title = (await panel.getByRole('heading', { level: 2 }).innerText()).trim();
    await expect(
      panel.getByText('260C Pasteur, Phường Xuân Hòa, TP. Hồ Chí Minh (P. Võ Thị Sáu, Q.3 cũ)', { exact: true }),
    ).toBeVisible();
    await panel.getByRole('button', { name: tr(ko, 'driver.open') }).click();
    const driver = page.getByRole('dialog', { name: `Vui lòng chở tôi đến: ${tr(ko, 'driver.title')}` });
    await expect(driver.getByText('260C Pasteur, Phường Xuân Hòa, TP. Hồ Chí Minh', { exact: true })).toBeVisible();
    await expect(
      driver.getByText('(Địa chỉ cũ: 260C Pasteur, Phường Võ Thị Sáu, Quận 3, TP. Hồ Chí Minh)'),
    ).toBeVisible();
    // Large enough to read across a car: the address at least 20 px on a phone.
    expect(
      await driver
        .getByText('260C Pasteur, Phường Xuân Hòa, TP. Hồ Chí Minh', { exact: true })
        .evaluate((el) => parseFloat(getComputedStyle(el).fontSize)),
    ).toBeGreaterThanOrEqual(20);
    await driver.getByRole('button', { name: tr(ko, 'driver.close') }).click();
    await expect(driver).toHaveCount(0);

    await open(page, `/${HOTEL}/map`);
    await page.getByRole('button', { name: /목록 보기/ }).click();
    // The old ward without marks, then the new ward with the mark on the other letter ("Hoà", the seed says "Hòa").
    for (const query of ['vo thi sau', 'Xuân Hoà', 'xuan hoa']) {
      await search(page, ko).fill(query);
      await expect(titles(page, ko), query).toContainText([title]);
    }
  });
});
