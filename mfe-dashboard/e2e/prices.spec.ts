// The place editor's price in whole đồng (issue 43 item 4; docs/prices.md): a single price or a range, bad values
// refused in the moderator's language (the seeded moderator uses Vietnamese) with nothing saved, a range saved.
import { expect, test, type Page } from '@playwright/test';
import { catalogue, serviceRest, signInAs, tr } from '../../shell/e2e/support.ts';
import { wardBoundaryAround } from './ward-boundary.ts';

const vi = catalogue('mfe-dashboard', 'vi');
const HOTEL = 'saigon-riverside-hotel';

/** The War Remnants Museum in the place editor (the seeded moderator reads the dashboard in Vietnamese). */
async function openMuseum(page: Page) {
  await page.goto(`/${HOTEL}/dashboard?tab=recommendations`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(tr(vi, 'recs.search')).fill('Chứng tích');
  await page.locator('.ant-table-row').getByText('Bảo tàng Chứng tích Chiến tranh', { exact: true }).click();
  return page.getByRole('dialog');
}

type Price = { id: string; price_min_vnd: number | null; price_max_vnd: number | null };
const priceOf = async (): Promise<Price> =>
  (
    (await (
      await serviceRest(
        `activities?customer_id=eq.${HOTEL}&slug=eq.war-remnants-museum&select=id,price_min_vnd,price_max_vnd`,
      )
    ).json()) as Price[]
  )[0]!;

test('a moderator sets a price range in đồng; an upside-down range or a highest price alone is refused in Vietnamese', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'moderator@demo.test');
  const before = await priceOf();
  expect(before).toMatchObject({ price_min_vnd: 40_000, price_max_vnd: 40_000 });
  try {
    const drawer = await openMuseum(page);
    const min = drawer.getByLabel(tr(vi, 'recs.priceMin'));
    const max = drawer.getByLabel(tr(vi, 'recs.priceMax'));
    // A single price: the lowest field holds it, the highest is empty.
    await expect(min).toHaveValue('40000');
    await expect(max).toHaveValue('');

    await max.fill('30000');
    await expect(drawer.getByText(tr(vi, 'form.priceOrder'))).toBeVisible();
    await drawer.getByRole('button', { name: tr(vi, 'form.save') }).click();
    await expect(drawer.getByText(tr(vi, 'form.priceOrder'))).toBeVisible();
    await min.fill('');
    await max.fill('50000');
    await expect(drawer.getByText(tr(vi, 'form.priceMinFirst'))).toBeVisible();
    await min.fill('40000.5');
    await expect(drawer.getByText(tr(vi, 'form.priceWhole'))).toBeVisible();
    await drawer.getByRole('button', { name: tr(vi, 'form.save') }).click();
    await expect(drawer.getByText(tr(vi, 'form.priceWhole'))).toBeVisible();
    expect(await priceOf()).toEqual(before);

    await min.fill('40000');
    await max.fill('60000');
    await expect(drawer.locator('.ant-form-item-explain-error')).toHaveCount(0);
    await drawer.getByRole('button', { name: tr(vi, 'form.save') }).click();
    await expect(page.getByText(tr(vi, 'recs.saved'))).toBeVisible();
    expect(await priceOf()).toEqual({ ...before, price_min_vnd: 40_000, price_max_vnd: 60_000 });
  } finally {
    await serviceRest(`activities?id=eq.${before.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ price_min_vnd: before.price_min_vnd, price_max_vnd: before.price_max_vnd }),
    });
  }
});

// The address after Vietnam's 2025 reform in the same editor (issue 43 item 1, docs/addresses.md): the place's street,
// ward and old form are shown and kept; "Propose from the pin" finds the ward whose boundary holds the pin and fills
// the old form or flags it. No ward boundaries are shipped yet (docs/addresses.md), so this test gives the museum's
// ward a square around its pin in the wards' answer; everything else is the real database.
test('the address in both forms: the ward proposed from the pin, the old form filled or flagged, saved', async ({
  page,
}) => {
  test.setTimeout(120_000);
  type Row = Price & {
    latitude: number;
    longitude: number;
    street: string;
    ward_code: string;
    old_ward: string;
    old_district: string;
    ward_needs_review: boolean;
  };
  const read = async () =>
    (
      (await (
        await serviceRest(
          `activities?customer_id=eq.${HOTEL}&slug=eq.war-remnants-museum&select=id,price_min_vnd,price_max_vnd,latitude,longitude,street,ward_code,old_ward,old_district,ward_needs_review`,
        )
      ).json()) as Row[]
    )[0]!;
  const before = await read();
  expect(before.ward_code).toMatch(/^\d{5}$/);
  const ward = (
    (await (await serviceRest(`vn_wards?code=eq.${before.ward_code}&select=name,old_units`)).json()) as {
      name: string;
      old_units: { ward: string; district: string; split: boolean }[];
    }[]
  )[0]!;
  await wardBoundaryAround(page, before.ward_code, before.latitude, before.longitude);
  await signInAs(page, 'moderator@demo.test');
  try {
    const drawer = await openMuseum(page);
    await expect(drawer.getByLabel(tr(vi, 'address.street'))).toHaveValue(before.street);
    await expect(drawer.getByLabel(tr(vi, 'address.oldWard'))).toHaveValue(before.old_ward);
    await expect(drawer.locator('.ant-select').filter({ hasText: ward.name })).toBeVisible();
    // The old form emptied, then proposed again from the pin.
    await drawer.getByLabel(tr(vi, 'address.oldWard')).fill('');
    await drawer.getByLabel(tr(vi, 'address.oldDistrict')).fill('');
    await drawer.getByRole('button', { name: tr(vi, 'address.fromPin') }).click();
    const single = ward.old_units.length === 1 && !ward.old_units[0]!.split;
    await expect(drawer.getByRole('status')).toHaveText(
      tr(vi, single ? 'address.proposed' : 'address.toConfirm', { ward: ward.name }),
    );
    await expect(drawer.getByLabel(tr(vi, 'address.needsReview'))).toBeChecked({ checked: !single });
    if (single) await expect(drawer.getByLabel(tr(vi, 'address.oldWard'))).toHaveValue(ward.old_units[0]!.ward);
    // A person confirms: the old form typed back, the flag cleared, saved.
    await drawer.getByLabel(tr(vi, 'address.oldWard')).fill(before.old_ward);
    await drawer.getByLabel(tr(vi, 'address.oldDistrict')).fill(before.old_district);
    await drawer.getByLabel(tr(vi, 'address.needsReview')).uncheck();
    await drawer.getByRole('button', { name: tr(vi, 'form.save') }).click();
    await expect(page.getByText(tr(vi, 'recs.saved'))).toBeVisible();
    expect(await read()).toEqual({ ...before, ward_needs_review: false });
  } finally {
    await serviceRest(`activities?id=eq.${before.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ ward_needs_review: before.ward_needs_review }),
    });
  }
});
