// A moderator edits a place's traveller attributes (issue 43 item 5; docs/filters.md) in the place editor, in
// the moderator's language (Vietnamese), and the guest map shows them: the place's badges, and the filter.
import { expect, test } from '@playwright/test';
import { catalogue, choose, serviceRest, signInAs, tr } from '../../shell/e2e/support.ts';

const vi = catalogue('mfe-dashboard', 'vi');
const HOTEL = 'saigon-riverside-hotel';
const SLUG = 'central-post-office';

test('a moderator sets a place’s wheelchair access and Alipay; the guest map shows them and filters by them', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  type Row = { id: string; title: { en: string; vi?: string }; attributes: Record<string, string> };
  const [place] = (await (
    await serviceRest(`activities?customer_id=eq.${HOTEL}&slug=eq.${SLUG}&select=id,title,attributes`)
  ).json()) as Row[];
  expect(place!.attributes).toMatchObject({ wheelchair: 'yes' });
  expect(place!.attributes).not.toHaveProperty('payment:alipay');
  try {
    await signInAs(page, 'moderator@demo.test');
    await page.goto(`/${HOTEL}/dashboard?tab=recommendations`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await page
      .locator('.ant-table-row')
      .getByText(place!.title.vi ?? place!.title.en, { exact: true })
      .click();
    const drawer = page.getByRole('dialog');
    const group = drawer.getByRole('group', { name: tr(vi, 'recs.attrs.access') });
    const wheelchair = group.getByRole('combobox', { name: tr(vi, 'recs.attrs.keys.wheelchair') });
    // The stored value is shown in the moderator's language.
    await expect(wheelchair.locator('xpath=ancestor::*[contains(@class, "ant-select ")][1]')).toContainText(
      tr(vi, 'recs.attrs.values.yes'),
    );
    await choose(page, wheelchair, tr(vi, 'recs.attrs.values.limited'));
    // The first list has finished closing (the helper presses Escape on an open one, which would close the drawer).
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    const pay = drawer.getByRole('group', { name: tr(vi, 'recs.attrs.pay') });
    await choose(
      page,
      pay.getByRole('combobox', { name: tr(vi, 'recs.attrs.keys.payment_alipay') }),
      tr(vi, 'recs.attrs.values.yes'),
    );
    await drawer.getByRole('button', { name: tr(vi, 'form.save') }).click();
    await expect(page.getByText(tr(vi, 'recs.saved'))).toBeVisible();
    const [saved] = (await (await serviceRest(`activities?id=eq.${place!.id}&select=attributes`)).json()) as Row[];
    expect(saved!.attributes).toEqual({ ...place!.attributes, wheelchair: 'limited', 'payment:alipay': 'yes' });

    // A guest (a fresh browser, English) sees them on the place and finds it with the Alipay filter.
    const guest = await browser.newPage({ locale: 'en-US', viewport: { width: 360, height: 740 } });
    await guest.route(/tile\.openstreetmap\.org/, (r) => r.abort());
    await guest.goto(`/${HOTEL}/map/${SLUG}/${place!.id}`);
    const badges = guest.getByRole('article').getByRole('region', { name: 'Good to know' });
    await expect(badges.getByText('Limited wheelchair access', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(
      badges.getByRole('list', { name: 'Payment accepted' }).getByText('Alipay', { exact: true }),
    ).toBeVisible();
    await guest.goto(`/${HOTEL}/map?f=alipay`);
    await guest.locator('.gm-sheet-handle').click({ timeout: 30_000 });
    await expect(guest.getByRole('button', { name: 'Alipay', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect
      .poll(() =>
        guest
          .locator('#gm-results a[href*="/map/"]')
          .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split('/')[3])),
      )
      .toContain(SLUG);
    await guest.close();
  } finally {
    await serviceRest(`activities?id=eq.${place!.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ attributes: place!.attributes }),
    });
  }
});
