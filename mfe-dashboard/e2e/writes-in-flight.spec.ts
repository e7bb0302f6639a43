// A settings save whose answer is lost (issue 32): the update reached the database, the connection
// dropped before the answer came back. The form says it is checking (in the moderator's language) and
// keeps what was typed; when the connection returns the same values are sent again and the page says
// "saved": the row holds exactly what was typed, once.
import { expect as baseExpect, test } from '@playwright/test';
import { catalogue, dropDuringWrite, serviceRest, signInAs, tr } from '../../shell/e2e/support.ts';

const expect = baseExpect.configure({ timeout: 25_000 });
// "Checking" comes when the request fails, at once: this bound only tells that from a request's long
// timeout (30 s and more), with room for a loaded two-core runner.
const SOON = 10_000;
// The innkeeper (Vietnamese) and the Hanoi inn: no other test saves this hotel's settings.
const vi = catalogue('mfe-dashboard', 'vi');
const INN = 'hanoi-old-quarter-inn';

test('the connection drops during a settings save: "checking", then "saved" when it returns; the row is what was typed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tagline = `Old Quarter picks ${Date.now()}`;
  const before = (
    (await (await serviceRest(`customers?id=eq.${INN}&select=tagline`)).json()) as { tagline: string }[]
  )[0]!.tagline;
  await signInAs(page, 'innkeeper@demo.test');
  try {
    await page.goto(`/${INN}/settings`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    const field = page.getByLabel(tr(vi, 'settings.tagline'));
    await expect(field).toHaveValue(before ?? '');
    const drop = await dropDuringWrite(page, (u) => u.pathname === '/rest/v1/customers', 'PATCH');
    await field.fill(tagline);
    await page.getByRole('button', { name: tr(vi, 'form.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: tr(vi, 'settings.checking') })).toBeVisible({
      timeout: SOON,
    });
    expect(drop.applied()).toBe(true);
    await expect(page.getByText(tr(vi, 'settings.saved'))).toHaveCount(0);
    await expect(field).toHaveValue(tagline);

    await drop.reconnect();
    await expect(page.getByText(tr(vi, 'settings.saved'))).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: tr(vi, 'settings.checking') })).toHaveCount(0);
    const rows = (await (await serviceRest(`customers?id=eq.${INN}&select=tagline`)).json()) as { tagline: string }[];
    expect(rows).toEqual([{ tagline }]);
    // Every attempt sent the same values.
    expect(drop.bodies.length).toBeGreaterThanOrEqual(2);
    expect(new Set(drop.bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  } finally {
    await serviceRest(`customers?id=eq.${INN}`, { method: 'PATCH', body: JSON.stringify({ tagline: before }) });
  }
});
