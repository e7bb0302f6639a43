// Guards, sign-in redirects, the user menu, profile language and live profile (spec sections 4-6).
import { expect as baseExpect, test } from '@playwright/test';
import { openSignedIn, passwordSession, signInLive, state, type GuestmapWindow } from './shell-support.ts';

// Sign-in flows and remote screens are slow on a loaded CI machine: allow them time.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('route guards', () => {
  test('a visitor opening a page that needs an account goes Home with the auth dialog and to=<route name>', async ({
    page,
  }) => {
    await page.goto('/user/settings');
    await expect(page).toHaveURL(/\/\?dialogAuth=true&to=UserSettings$/);
    await expect(page.locator('[data-dialog="auth"]')).toBeAttached();
    await page.goto('/create-customer');
    await expect(page).toHaveURL(/\/\?dialogAuth=true&to=CustomerCreate$/);
  });

  test('the moderator guard sends a visitor Home with dialogAuth, to and customerId', async ({ page }) => {
    await page.goto('/saigon-riverside-hotel/dashboard');
    await expect(page).toHaveURL(/\/\?dialogAuth=true&to=Dashboard&customerId=saigon-riverside-hotel$/);
  });

  test('after signing in from the redirect the user lands on `to`, with its customerId', async ({ page }) => {
    await page.goto('/saigon-riverside-hotel/settings');
    await expect(page).toHaveURL(/dialogAuth=true&to=CustomerSettings&customerId=saigon-riverside-hotel$/);
    await signInLive(page, await passwordSession('moderator@demo.test'));
    await expect(page).toHaveURL(/\/saigon-riverside-hotel\/settings$/);
    await expect(page.locator('[data-dialog="auth"]')).toHaveCount(0);
  });

  test('a signed-in user who is not a moderator is refused; an admin passes every moderator check', async ({
    browser,
  }) => {
    const guest = await browser.newPage();
    await openSignedIn(guest, await passwordSession('guest@demo.test'), '/hanoi/dashboard');
    await expect(guest).toHaveURL(/\/\?dialogAuth=true&to=Dashboard&customerId=hanoi$/);
    await guest.close();
    const admin = await browser.newPage();
    await openSignedIn(admin, await passwordSession('admin@demo.test'), '/saigon-riverside-hotel/dashboard');
    await expect(admin.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
    await expect(admin).toHaveURL(/\/saigon-riverside-hotel\/dashboard$/);
    await admin.close();
  });

  test('refused while coming from another guarded page: stays there, with the dialog asking for to', async ({
    page,
  }) => {
    await openSignedIn(page, await passwordSession('innkeeper@demo.test'), '/hanoi-old-quarter-inn/dashboard');
    await expect(page).toHaveURL(/\/hanoi-old-quarter-inn\/dashboard$/);
    // (innkeeper's profile language is Vietnamese: the account button is "Tài khoản".)
    await expect(page.getByRole('banner').getByRole('button', { name: 'Tài khoản' })).toBeVisible();
    // Another customer's dashboard is refused: the user stays on the dashboard they came from.
    await page.evaluate(() => {
      history.pushState({}, '', '/saigon-riverside-hotel/dashboard');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(
      /\/hanoi-old-quarter-inn\/dashboard\?dialogAuth=true&to=Dashboard&customerId=saigon-riverside-hotel$/,
    );
  });

  test('`to` is only ever a route name: a URL in `to` is ignored after sign-in', async ({ page }) => {
    await page.goto('/about-us?dialogAuth=true&to=https%3A%2F%2Fevil.example%2F');
    await signInLive(page, await passwordSession('admin@demo.test'));
    await expect(page).toHaveURL(/\/about-us$/);
    expect(page.url()).not.toContain('evil');
  });

  // The flake of the test above ("refused while coming from another guarded page", now and then on Home): the
  // router renders the refusal's way back as a transition, and a store update before it lands (here the live
  // profile's re-read: the same profile, a new object, dispatched as the refusal navigates) re-rendered the
  // guard on the refused page, which the layout had recorded meanwhile as the last visit: it looked like a
  // refusal in place and went Home.
  test('refused while coming from another guarded page, with a profile update on the way: still stays there', async ({
    page,
  }) => {
    await openSignedIn(page, await passwordSession('innkeeper@demo.test'), '/hanoi-old-quarter-inn/dashboard');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Tài khoản' })).toBeVisible();
    await page.evaluate(() => {
      const { store } = (window as unknown as GuestmapWindow).__GUESTMAP__;
      const replace = history.replaceState.bind(history);
      history.replaceState = (...args: Parameters<History['replaceState']>) => {
        replace(...args);
        const profile = { ...store.getState().auth.profile };
        queueMicrotask(() => store.dispatch({ type: 'auth/profileLoaded', payload: profile }));
      };
      history.pushState({}, '', '/saigon-riverside-hotel/dashboard');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page).toHaveURL(
      /\/hanoi-old-quarter-inn\/dashboard\?dialogAuth=true&to=Dashboard&customerId=saigon-riverside-hotel$/,
    );
  });
});

test.describe('sign-in redirect rule', () => {
  test('a user with a home customer is taken to that customer’s Map, keeping the query', async ({ page }) => {
    // Not ?src=qr: the Map records a QR scan and then drops that one from the address (use-qr-entry.ts), which
    // raced this check once the map showed sooner.
    await page.goto('/?utm_source=lobby-poster');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
    await signInLive(page, await passwordSession('guest@demo.test'));
    await expect(page).toHaveURL(/\/saigon-riverside-hotel\/map\?utm_source=lobby-poster$/);
  });

  test('not from About us, Terms and privacy, Hotels, the sales presentation, or a customer route', async ({
    page,
  }) => {
    const session = await passwordSession('guest@demo.test');
    for (const path of ['/about-us', '/terms-and-privacy', '/hotels', '/hotels-sales-presentation', '/hanoi']) {
      await openSignedIn(page, session, path);
      await expect.poll(async () => (await state(page)).auth.profile?.customer).toBe('saigon-riverside-hotel');
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
  });
});

test.describe('account', () => {
  test('user menu: picture or initials, settings, my maps newest first, dashboards I moderate, sign out', async ({
    page,
  }) => {
    await openSignedIn(page, await passwordSession('admin@demo.test'), '/hotels');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    const account = page.getByRole('banner').getByRole('button', { name: 'Account' });
    await account.click();
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    const myMaps = menu.getByRole('group', { name: 'My maps' }).getByRole('menuitem');
    // admin: hanoi was added after ho-chi-minh-city, so it comes first.
    await expect(myMaps).toHaveText(['Hanoi', 'Ho Chi Minh City']);
    await expect(menu.getByRole('group', { name: 'Dashboards I moderate' }).getByRole('menuitem')).toHaveText([
      'Hanoi dashboard',
      'Ho Chi Minh City dashboard',
    ]);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(account).toBeFocused();
    await account.click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/user\/settings$/);
    // A slow phone: the router renders the way Home as a transition, which the sign-out's own update can
    // overtake (it did on a busy CI machine). Six times slower makes that the rule here.
    const cdp = await page.context().newCDPSession(page);
    await account.click();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
    // Signing out on a page that needs an account goes Home, without pushing the dialog.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the profile language is applied at sign-in', async ({ page }) => {
    await page.goto('/hotels');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await signInLive(page, await passwordSession('moderator@demo.test'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi-VN');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('vi-VN');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dành cho khách sạn' })).toBeVisible();
  });
});
