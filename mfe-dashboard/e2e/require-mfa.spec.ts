// Settings: a hotel requires a second factor of its moderators and its partners' staff (issue 41, item 7).
// The hotel's moderator (Vietnamese) ticks it and saves; without a factor of their own they then cannot turn
// it off again (the database answers mfa_enrolment_required, shown in their language).
import { test } from '@playwright/test';
import { catalogue, serviceRest, signInAs, tr } from '../../shell/e2e/support.ts';
import { expect } from '../../mfe-account/e2e/support.ts';

const vi = catalogue('mfe-dashboard', 'vi');
const HOTEL = 'hanoi-old-quarter-inn';

test.describe.configure({ timeout: 180_000 });

test.afterEach(async () => {
  await serviceRest(`customers?id=eq.${HOTEL}`, { method: 'PATCH', body: JSON.stringify({ require_mfa: false }) });
});

test('a moderator requires a second factor for the hotel; without one, they cannot turn it off', async ({ page }) => {
  await signInAs(page, 'innkeeper@demo.test');
  await page.goto(`/${HOTEL}/settings`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  const box = page.getByRole('checkbox', { name: tr(vi, 'settings.requireMfa') });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole('button', { name: tr(vi, 'form.save') }).click();
  await expect(page.getByText(tr(vi, 'settings.saved'))).toBeVisible();
  const res = await serviceRest(`customers?id=eq.${HOTEL}&select=require_mfa`);
  expect(await res.json()).toEqual([{ require_mfa: true }]);

  await box.uncheck();
  await page.getByRole('button', { name: tr(vi, 'form.save') }).click();
  await expect(page.getByText(tr(vi, 'errors.mfa_enrolment_required'))).toBeVisible();
  const still = await serviceRest(`customers?id=eq.${HOTEL}&select=require_mfa`);
  expect(await still.json()).toEqual([{ require_mfa: true }]);
});
