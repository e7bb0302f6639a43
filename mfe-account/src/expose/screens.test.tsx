// @vitest-environment jsdom
// The account screens (auth dialog, user screen, map creation) in the platform's providers with antd, against
// the seeded local stack (PGlite) through a real supabase-js client: each screen's loading, empty, error and
// filled states as a user meets them (the settings' two-step sign-in too).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '@guestmap/shared-ui/database';
import { renderWithPlatform, withNodeBlobs, type RenderWithPlatformOptions } from '@guestmap/shared-ui/testing';
import { startTestStack, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { totpCode } from '@guestmap/local-stack/src/auth/totp.ts';
import type { ReactElement } from 'react';
import register from './register.ts';
import AuthDialog from './auth-dialog.tsx';
import UserSettings from './user-settings.tsx';
import CustomerCreate from './customer-create.tsx';

// The stack answers in milliseconds, but the machine running the tests may be busy.
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });
// antd's responsive helpers ask matchMedia, which jsdom lacks: nothing matches (a phone-sized page).
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

// antd's layout helpers observe sizes; jsdom has no ResizeObserver (and no layout to report).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const PASSWORD = 'demo-pass-123';
let stack: TestStack;
beforeAll(async () => {
  stack = await withNodeBlobs(() => startTestStack('pglite'));
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});
afterEach(cleanup);

function show(ui: ReactElement, opts: RenderWithPlatformOptions) {
  return renderWithPlatform(ui, {
    register,
    supabaseUrl: stack.apiUrl,
    supabaseAnonKey: stack.config.auth.anonKey,
    ...opts,
  });
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('Auth dialog', () => {
  const open = () => show(<AuthDialog />, { path: '/?dialogAuth=true&to=User' });

  it('filled: the sign-in step, its fields and Google', async () => {
    await open();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sign in', { selector: '.ant-modal-title' })).toBeTruthy();
    expect(field('Email')).toBeTruthy();
    expect(field('Password')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /Google/ })).toBeTruthy();
  });

  it('empty: submitting nothing marks both fields, and no request is made', async () => {
    await open();
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(field('Email').getAttribute('aria-invalid')).toBe('true'));
    expect(field('Password').getAttribute('aria-invalid')).toBe('true');
    expect((await screen.findAllByText('This field is required')).length).toBe(2);
  });

  it('error: a wrong password is refused by the server and said in the form', async () => {
    await open();
    await screen.findByRole('dialog');
    type('Email', 'guest@demo.test');
    type('Password', 'not-the-password');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Incorrect email or password')).toBeTruthy();
  });

  it('filled, signed in: the dialog leaves for `to` with a session', async () => {
    const page = await open();
    await screen.findByRole('dialog');
    type('Email', 'guest@demo.test');
    type('Password', PASSWORD);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(page.location().pathname).toBe('/user'));
    expect(page.location().search).not.toContain('dialogAuth');
    expect((await page.supabase!.auth.getSession()).data.session?.user.email).toBe('guest@demo.test');
  });
});

describe('User screen (/user)', () => {
  it('loading, then filled: skeletons, then the moderator’s maps', async () => {
    const { container } = await show(<UserSettings />, {
      route: 'User',
      signIn: { email: 'moderator@demo.test', password: PASSWORD },
    });
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    const maps = await screen.findByRole('region', { name: 'My maps' });
    expect(await within(maps).findByRole('link', { name: 'Saigon Riverside Hotel' })).toBeTruthy();
  });

  it('empty: a new account has no maps yet', async () => {
    const email = `new-${Date.now()}@example.test`;
    const { error } = await stack.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    if (error) throw new Error(error.message);
    await show(<UserSettings />, { route: 'User', signIn: { email, password: PASSWORD } });
    expect(await screen.findByText('You have no maps yet.')).toBeTruthy();
  });

  it('error: lists the API refuses say they could not be loaded', async () => {
    const refused = createClient<Database>(stack.apiUrl, 'not-a-valid-key', {
      auth: { persistSession: false, autoRefreshToken: false, storageKey: 'gm-test-refused' },
    });
    await show(<UserSettings />, {
      route: 'User',
      user: { id: '00000000-0000-4000-8000-000000000001', email: 'someone@example.test', isAnonymous: false },
      platform: { supabase: refused },
    });
    expect(await screen.findByText('Your maps could not be loaded.')).toBeTruthy();
    expect(await screen.findByText('Your favourite places could not be loaded.')).toBeTruthy();
  });
});

describe('Map creation (/create-customer)', () => {
  // One signed-in render for the three states (each sign-in is a request the busy test machine may drop).
  it('filled, then empty fields named, then a taken address refused by the live check', async () => {
    await show(<CustomerCreate />, {
      route: 'CustomerCreate',
      signIn: { email: 'guest@demo.test', password: PASSWORD },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create a map' })).toBeTruthy();
    expect(field('Name')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create map' }));
    expect((await screen.findAllByText('This field is required')).length).toBeGreaterThan(0);
    expect(field('Web address').closest('.ant-form-item')?.className).toContain('has-error');
    expect(screen.getByText('Choose a position on the map')).toBeTruthy();
    type('Web address', 'saigon-riverside-hotel');
    expect(await screen.findByText('This address is already taken. Choose another one.')).toBeTruthy();
  });
});

describe('Settings (/user/settings): two-step sign-in', () => {
  const section = () => screen.getByRole('region', { name: 'Two-step sign-in' });

  async function newUser(verifiedFactor: boolean) {
    const email = `mfa-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test`;
    const { error } = await stack.service().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    if (error) throw new Error(error.message);
    if (verifiedFactor) {
      const own = createClient<Database>(stack.apiUrl, stack.config.auth.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, storageKey: `gm-test-${email}` },
      });
      const signedIn = await own.auth.signInWithPassword({ email, password: PASSWORD });
      if (signedIn.error) throw new Error(signedIn.error.message);
      const enrolled = await own.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone in the test' });
      if (enrolled.error) throw new Error(enrolled.error.message);
      const verified = await own.auth.mfa.challengeAndVerify({
        factorId: enrolled.data.id,
        code: totpCode(enrolled.data.totp.secret),
      });
      if (verified.error) throw new Error(verified.error.message);
      await own.auth.signOut({ scope: 'local' });
    }
    return email;
  }

  it('loading, then empty: no button until the factors are read, then "Add an authenticator app"', async () => {
    const email = await newUser(false);
    await show(<UserSettings />, { route: 'UserSettings', signIn: { email, password: PASSWORD } });
    expect(within(section()).queryByRole('button')).toBeNull();
    expect(await within(section()).findByRole('button', { name: 'Add an authenticator app' })).toBeTruthy();
    expect(within(section()).queryByText('Authenticator app on')).toBeNull();
  });

  it('filled: a verified app is listed with Remove, and nothing offers to add another', async () => {
    const email = await newUser(true);
    await show(<UserSettings />, { route: 'UserSettings', signIn: { email, password: PASSWORD } });
    expect(await within(section()).findByText('Authenticator app on')).toBeTruthy();
    expect(within(section()).getByText('Phone in the test')).toBeTruthy();
    expect(within(section()).getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(within(section()).queryByRole('button', { name: 'Add an authenticator app' })).toBeNull();
  });

  it('error: a list that cannot be read is logged and the section offers to add an app', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refused = createClient<Database>(stack.apiUrl, 'not-a-valid-key', {
      auth: { persistSession: false, autoRefreshToken: false, storageKey: 'gm-test-refused-mfa' },
    });
    await show(<UserSettings />, {
      route: 'UserSettings',
      user: { id: '00000000-0000-4000-8000-000000000002', email: 'someone-else@example.test', isAnonymous: false },
      platform: { supabase: refused },
    });
    expect(await within(section()).findByRole('button', { name: 'Add an authenticator app' })).toBeTruthy();
    await waitFor(() => expect(warn.mock.calls.some(([m]) => String(m).includes('listing factors failed'))).toBe(true));
    warn.mockRestore();
  });
});
