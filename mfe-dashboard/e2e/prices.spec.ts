// The place editor's price in whole đồng (issue 43 item 4; docs/prices.md): a single price or a range, bad values
// refused in the moderator's language (the seeded moderator uses Vietnamese) with nothing saved, a range saved.
import { expect, test } from '@playwright/test';
import { catalogue, serviceRest, signInAs, tr } from '../../shell/e2e/support.ts';

const vi = catalogue('mfe-dashboard', 'vi');
const HOTEL = 'saigon-riverside-hotel';

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
    await page.goto(`/${HOTEL}/dashboard?tab=recommendations`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByLabel(tr(vi, 'recs.search')).fill('Chứng tích');
    await page.locator('.ant-table-row').getByText('Bảo tàng Chứng tích Chiến tranh', { exact: true }).click();
    const drawer = page.getByRole('dialog');
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
