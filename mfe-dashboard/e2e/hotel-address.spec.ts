// A hotel's address in its settings (issue 43 item 1; docs/addresses.md), in the production build: the seeded
// moderator (who reads the dashboard in Vietnamese) finds the place editor's address fields under the map view, a
// street too long for the database is refused in Vietnamese with nothing saved, "Propose from the pin" reads the
// hotel's map position, and what is saved is what guests then read on the emergency sheet.
// A hotel of its own (added here, removed after), at the seeded hotel's position with its address: other files
// read the seeded hotel's address on the guests' emergency sheet while this one runs.
// No ward has a boundary yet (docs/addresses.md): the wards' answer gives the hotel's ward one, a square around
// the hotel (./ward-boundary.ts, as prices.spec.ts does), to test the rest against the real database.
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { Locale } from 'antd/es/locale';
import { BASE, catalogue, serviceRest, signInAs, tr } from '../../shell/e2e/support.ts';
import { wardBoundaryAround } from './ward-boundary.ts';

const vi = catalogue('mfe-dashboard', 'vi');
/** antd's Vietnamese strings (its form's messages), as the dashboard loads them for a Vietnamese reader. */
const viVN = (createRequire(import.meta.url)('antd/lib/locale/vi_VN') as { default: Locale }).default;
const SEEDED = 'saigon-riverside-hotel';
const HOTEL = `address-test-${Date.now().toString(36)}`;
const NAME = 'Address Test Hotel';
/** moderator@demo.test (supabase/seed.sql). */
const MODERATOR = '00000000-0000-4000-a000-000000000002';
const COLUMNS = 'latitude,longitude,street,ward_code,old_ward,old_district,ward_needs_review,updated_at';

type Row = {
  latitude: number;
  longitude: number;
  street: string;
  ward_code: string;
  old_ward: string;
  old_district: string;
  ward_needs_review: boolean;
  updated_at: string;
};
const read = async (id = HOTEL): Promise<Row> =>
  ((await (await serviceRest(`customers?id=eq.${id}&select=${COLUMNS}`)).json()) as Row[])[0]!;

/** The test's hotel: public, moderated by moderator@demo.test, where the seeded hotel is, with its address. */
test.beforeAll(async () => {
  const { updated_at: _, ...seeded } = await read(SEEDED);
  const made = await serviceRest('customers', {
    method: 'POST',
    body: JSON.stringify({ id: HOTEL, kind: 'hotel', name: NAME, package: 'basic', is_public: true, ...seeded }),
  });
  expect(made.status, await made.text()).toBe(201);
  const moderated = await serviceRest('customer_moderators', {
    method: 'POST',
    body: JSON.stringify({ customer_id: HOTEL, user_id: MODERATOR }),
  });
  expect(moderated.status, await moderated.text()).toBe(201);
});
test.afterAll(async () => {
  await serviceRest(`customers?id=eq.${HOTEL}`, { method: 'DELETE' });
});

/** No internet here: every tile request fails fast. */
const noTiles = (page: Page) =>
  page.route(/tile\.openstreetmap\.org|\/\{z\}\//, (r) => r.abort('internetdisconnected'));

test("a moderator edits the hotel's address: bad input refused in Vietnamese, the ward proposed from the map position, guests read what was saved", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const before = await read();
  expect(before).toMatchObject({ street: '10 Tôn Đức Thắng', ward_code: '26740', old_ward: 'Phường Bến Nghé' });
  const ward = (
    (await (await serviceRest(`vn_wards?code=eq.${before.ward_code}&select=name,province,old_units`)).json()) as {
      name: string;
      province: string;
      old_units: { ward: string; district: string; split: boolean }[];
    }[]
  )[0]!;
  await wardBoundaryAround(page, before.ward_code, before.latitude, before.longitude);
  await noTiles(page);
  await signInAs(page, 'moderator@demo.test');
  await page.goto(`/${HOTEL}/settings`);
  await expect(
    page.getByRole('heading', { level: 1, name: tr(vi, 'CustomerSettings.heading', { name: NAME }) }),
  ).toBeVisible({ timeout: 30_000 });
  const fields = page.getByRole('group', { name: tr(vi, 'address.title') });
  const street = fields.getByLabel(tr(vi, 'address.street'));
  const oldWard = fields.getByLabel(tr(vi, 'address.oldWard'));
  const oldDistrict = fields.getByLabel(tr(vi, 'address.oldDistrict'));
  const review = fields.getByLabel(tr(vi, 'address.needsReview'));
  const save = page.getByRole('button', { name: tr(vi, 'form.save') });
  await expect(street).toHaveValue(before.street);
  await expect(oldWard).toHaveValue(before.old_ward);
  await expect(oldDistrict).toHaveValue(before.old_district);
  await expect(fields.locator('.ant-select').filter({ hasText: ward.name })).toBeVisible();

  // Too long for the database: said in Vietnamese, under the field, and nothing is written.
  await street.fill(`${'1'.repeat(195)} Lê Lợi`);
  const tooLong = String(viVN.Form!.defaultValidateMessages!.string!.max)
    .replace('${label}', tr(vi, 'address.street'))
    .replace('${max}', '200');
  await expect(fields.getByText(tooLong, { exact: true })).toBeVisible();
  await save.click();
  await expect(fields.getByText(tooLong, { exact: true })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(await read()).toEqual(before);

  // The old form emptied, then proposed again from the hotel's map position.
  await street.fill('  12 Tôn Đức Thắng ');
  await oldWard.fill('');
  await oldDistrict.fill('');
  await fields.getByRole('button', { name: tr(vi, 'address.fromPin') }).click();
  const single = ward.old_units.length === 1 && !ward.old_units[0]!.split;
  await expect(fields.getByRole('status')).toHaveText(
    tr(vi, single ? 'address.proposed' : 'address.toConfirm', { ward: ward.name }),
  );
  await expect(review).toBeChecked({ checked: !single });
  // A person confirms: the old form typed back, the flag cleared, saved.
  await oldWard.fill(before.old_ward);
  await oldDistrict.fill(before.old_district);
  await review.uncheck();
  await save.click();
  await expect(page.getByText(tr(vi, 'settings.saved'))).toBeVisible();
  const saved = await read();
  expect(saved).toEqual({ ...before, street: '12 Tôn Đức Thắng', updated_at: saved.updated_at });
  await expect(street).toHaveValue(saved.street);

  // A guest on a phone reads the saved address on the emergency sheet, both forms, in Vietnamese.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  try {
    const guest = await context.newPage();
    await noTiles(guest);
    await guest.goto(`http://127.0.0.1:${BASE}/${HOTEL}/map`);
    await guest.getByRole('button', { name: 'Emergency', exact: true }).click({ timeout: 30_000 });
    const address = guest.getByRole('dialog', { name: 'Emergency' }).getByTestId('emergency-hotel-address');
    const province = ward.province.replace(/^Thành phố\s+/, 'TP. ');
    await expect(address.getByText(`12 Tôn Đức Thắng, ${ward.name}, ${province}`, { exact: true })).toBeVisible();
    await expect(
      address.getByText(`(Địa chỉ cũ: 12 Tôn Đức Thắng, ${before.old_ward}, ${before.old_district}, ${province})`, {
        exact: true,
      }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
