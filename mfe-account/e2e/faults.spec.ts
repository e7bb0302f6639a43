// The account overview when the API cannot answer (issue 32, item 1; docs/reliability.md): the read of the
// partner businesses is refused for real in the browser; the page says in the user's language that it is
// still trying, and the list appears by itself, without a reload, once the API answers.
import { expect as baseExpect, test } from '@playwright/test';
import { API_URL, catalogue, signInAs, tr } from '../../shell/e2e/support.ts';

const expect = baseExpect.configure({ timeout: 30_000 });
// The demo partner reads Vietnamese.
const vi = { shell: catalogue('shell', 'vi'), account: catalogue('mfe-account', 'vi') };

test('account overview: a list the API cannot answer says "still trying", then appears by itself', async ({ page }) => {
  await signInAs(page, 'partner@demo.test');
  let down = true;
  await page.route(`${API_URL}/rest/v1/rpc/my_partners`, (r) => (down ? r.abort('connectionrefused') : r.continue()));
  await page.goto('/user', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('status').filter({ hasText: tr(vi.shell, 'connection.retrying') })).toBeVisible();
  const partners = page.getByRole('link', { name: new RegExp(`^${tr(vi.account, 'user.partners.open')}`) });
  await expect(partners).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));

  down = false;
  await expect(partners.first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: tr(vi.shell, 'connection.retrying') })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
});
