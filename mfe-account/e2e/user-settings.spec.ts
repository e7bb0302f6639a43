// /user and /user/settings in English: maps and favourites of a seeded guest; picture, name,
// language and sign-out for a fresh account.
import { test } from '@playwright/test';
import { catalogue, dropDuringWrite, serviceRest, signInAs, tr } from '../../shell/e2e/support.ts';
import {
  authErrorResponse,
  createUserViaApi,
  shellState,
  signedInEmail,
  signIn,
  signUpFresh,
  uniqueEmail,
  expect,
} from './support.ts';

// The machine is shared with other engineers' builds and tests: generous budgets, no sleeps.
test.describe.configure({ timeout: 180_000 });

test('the overview lists the maps, newest first, with Dashboard links where the user manages them', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', undefined, '/about-us');
  await page.goto('/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Admin' })).toBeVisible();
  await expect(page.getByText('admin@demo.test')).toBeVisible();
  const maps = page.getByRole('region', { name: 'My maps' });
  const items = maps.getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Hanoi');
  await expect(items.nth(1)).toContainText('Ho Chi Minh City');
  await expect(maps.getByRole('link', { name: 'Open map: Hanoi' })).toHaveAttribute('href', '/hanoi/map');
  await expect(maps.getByRole('link', { name: 'Dashboard: Ho Chi Minh City' })).toHaveAttribute(
    'href',
    '/ho-chi-minh-city/dashboard',
  );
  await expect(
    page
      .getByRole('region', { name: 'Favourite places' })
      .getByText('You have not saved any place yet.', { exact: false }),
  ).toBeVisible();
  await maps.getByRole('link', { name: 'Hanoi', exact: true }).click();
  await expect(page).toHaveURL(/\/hanoi\/map$/);

  // The server says the account is gone (answer simulated at the network layer): the user is told and signed out.
  await page.route('**/auth/v1/user', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill(authErrorResponse(403, 'user_not_found', 'User from sub claim in JWT does not exist'))
      : route.continue(),
  );
  await page.goto('/user');
  await expect(page.getByText('No account associated with this email').first()).toBeVisible();
  await expect.poll(() => signedInEmail(page)).toBeNull();
});

test('settings: name, language, picture, e-mail and sign out', async ({ page }) => {
  const email = await signUpFresh(page, { nickname: 'Before Name', path: '/about-us' });
  await page.goto('/user/settings');
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(email)).toBeVisible();

  // Display name.
  const name = page.getByRole('textbox', { name: 'Display name' });
  await expect(name).toHaveValue('Before Name');
  await name.fill('   ');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Nickname cannot be empty')).toBeVisible();
  await name.fill('After Name');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Name updated successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'After Name' })).toBeVisible();
  await expect.poll(async () => (await shellState(page)).auth.profile?.displayName).toBe('After Name');

  // An update the server refuses says so (a lost answer is checked instead: the test below).
  await page.route('**/rest/v1/profiles*', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ code: '23514', message: 'refused', details: null, hint: null }),
        })
      : route.continue(),
  );
  // The button is free again (no spinner) once the first save is done; a click while it spins does nothing.
  await expect(page.getByRole('button', { name: 'Save name' })).not.toHaveClass(/ant-btn-loading/);
  await name.fill('Never Saved');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Error updating name')).toBeVisible();
  await page.unroute('**/rest/v1/profiles*');

  // Language: the interface switches at once and the profile keeps it.
  await page.getByRole('radiogroup', { name: 'Language' }).getByText('Français').click();
  await expect(page.getByText('Langue mise à jour')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(page.getByRole('heading', { name: 'Langue' })).toBeVisible();
  await expect.poll(async () => (await shellState(page)).auth.profile?.language).toBe('fr-FR');
  await page.getByRole('radiogroup', { name: 'Langue' }).getByText('English').click();
  await expect(page.getByText('Language updated successfully')).toBeVisible();
  await expect.poll(async () => (await shellState(page)).auth.profile?.language).toBe('en-US');

  // Picture: any image becomes a 512 px square in avatars/<uid>/, shown here and in the profile.
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 900, height: 600 } });
  await page.getByLabel('Change profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Profile picture updated')).toBeVisible();
  const state = await shellState(page);
  const url = String(state.auth.profile?.profilePictureUrl ?? '');
  expect(url).toContain(`/storage/v1/object/public/avatars/${state.auth.user!.id}/`);
  const img = page.getByRole('img', { name: 'Your profile picture' });
  await expect(img).toHaveAttribute('src', url);
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight]))
    .toEqual([512, 512]);

  // Sign out.
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await expect.poll(() => signedInEmail(page)).toBeNull();
});

// A save whose answer is lost (issue 32's in-flight, here for the account's own settings): the update
// reached the database, the connection dropped before the answer. The section says it is checking, the
// same values are sent again when the connection returns, then "updated": the row holds what was typed.
test('the connection drops while saving the name: "checking", then updated when it returns', async ({ page }) => {
  await signUpFresh(page, { nickname: 'Before Drop', path: '/about-us' });
  await page.goto('/user/settings');
  const name = page.getByRole('textbox', { name: 'Display name' });
  await expect(name).toHaveValue('Before Drop');
  const drop = await dropDuringWrite(page, (u) => u.pathname === '/rest/v1/profiles', 'PATCH');
  await name.fill('After Drop');
  await page.getByRole('button', { name: 'Save name' }).click();
  const checking = page.getByRole('status').filter({ hasText: 'Checking whether this was saved' });
  await expect(checking).toBeVisible();
  expect(drop.applied()).toBe(true);
  await expect(page.getByText('Error updating name')).toHaveCount(0);
  await expect(name).toHaveValue('After Drop');

  await drop.reconnect();
  await expect(page.getByText('Name updated successfully')).toBeVisible();
  await expect(checking).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'After Drop' })).toBeVisible();
  // Every attempt sent the same values.
  expect(drop.bodies.length).toBeGreaterThanOrEqual(2);
  expect(new Set(drop.bodies.map((b) => JSON.stringify(b))).size).toBe(1);
});

// Two languages picked quickly: the second while the first is still being saved (its PATCH held until the
// second was chosen). One writer, the shell, saves the profile's language; the settings' confirmation is the
// one of the latest choice, once the shell has saved it. The profile row and the page end on the second, and
// the first's confirmation never shows (the user did not keep it).
test('two languages picked quickly: the profile and the page end on the second, which is confirmed', async ({
  page,
}) => {
  const email = uniqueEmail('lang');
  const id = await createUserViaApi(email);
  await signInAs(page, email);
  await page.goto('/user/settings');
  const languages = page.getByRole('radiogroup', { name: 'Language' });
  await expect(languages).toBeVisible();

  // Every PATCH of the profile that carries French waits until the test lets it go.
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let frenchSeen!: () => void;
  const frenchSent = new Promise<void>((r) => (frenchSeen = r));
  const written: string[] = [];
  await page.route('**/rest/v1/profiles*', async (route) => {
    const req = route.request();
    if (req.method() !== 'PATCH') return route.continue();
    const language = String((req.postDataJSON() as { language?: string } | null)?.language ?? '');
    written.push(language);
    if (language === 'fr-FR') {
      frenchSeen();
      await released;
    }
    await route.continue();
  });

  await languages.getByText('Français').click();
  await frenchSent;
  await page.getByRole('radiogroup').getByText('日本語').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  release();

  const ja = catalogue('mfe-account', 'ja');
  await expect(page.getByText(tr(ja, 'user.language.success'))).toBeVisible();
  const row = async () => {
    const r = await serviceRest(`profiles?id=eq.${id}&select=language`);
    return ((await r.json()) as Array<{ language: string }>)[0]?.language;
  };
  await expect.poll(row).toBe('ja-JP');
  // Every write has landed (none still held or queued), and the last of them is the second choice.
  await expect.poll(() => written.at(-1)).toBe('ja-JP');
  await expect.poll(async () => (await shellState(page)).auth.profile?.language).toBe('ja-JP');
  expect(await row()).toBe('ja-JP');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja-JP');
  await expect(page.getByRole('heading', { name: tr(ja, 'user.language.title') })).toBeVisible();
  expect((await shellState(page)).ui.locale).toBe('ja-JP');
  await expect(page.getByText(tr(catalogue('mfe-account', 'fr'), 'user.language.success'))).toHaveCount(0);
});

// The shell's save of the language loses its answer (the write reached the database, the connection dropped):
// the section says it is checking, the shell sends the language again when the connection returns, then
// "updated" in the chosen language; the row holds it.
test('the connection drops while saving the language: "checking", then updated when it returns', async ({ page }) => {
  const email = uniqueEmail('lang');
  const id = await createUserViaApi(email);
  await signInAs(page, email);
  await page.goto('/user/settings');
  const languages = page.getByRole('radiogroup', { name: 'Language' });
  await expect(languages).toBeVisible();
  const drop = await dropDuringWrite(page, (u) => u.pathname === '/rest/v1/profiles', 'PATCH');
  await languages.getByText('Français').click();
  const fr = catalogue('mfe-account', 'fr');
  const checking = page.getByRole('status').filter({ hasText: tr(fr, 'user.checking') });
  await expect(checking).toBeVisible();
  expect(drop.applied()).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');

  await drop.reconnect();
  await expect(page.getByText(tr(fr, 'user.language.success'))).toBeVisible();
  await expect(checking).toHaveCount(0);
  const r = await serviceRest(`profiles?id=eq.${id}&select=language`);
  expect(((await r.json()) as Array<{ language: string }>)[0]?.language).toBe('fr-FR');
  expect(drop.bodies.length).toBeGreaterThanOrEqual(2);
  expect(new Set(drop.bodies.map((b) => JSON.stringify(b))).size).toBe(1);
});
