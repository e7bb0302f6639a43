// What a guest sees while the map's code arrives, rendered in the platform's providers with the shell's
// store and a real read of the seeded customer from the local stack (PGlite): a spinner until the
// customer is there, then its name and welcome in the page's language, in its colour.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { renderWithPlatform, withNodeBlobs } from '@guestmap/shared-ui/testing';
import { startTestStack, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { SHELL_TEXTS } from '../app/i18n.ts';
import { customerSlice, makeStore, uiSlice } from '../app/store.ts';
import { fetchCustomer } from '../app/customer.ts';
import { CustomerSplash } from './customer-splash.tsx';

const HOTEL = 'saigon-riverside-hotel';
let stack: TestStack;
beforeAll(async () => {
  stack = await withNodeBlobs(() => startTestStack('pglite'));
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});
afterEach(cleanup);

async function renderSplash() {
  const store = makeStore();
  store.dispatch(uiSlice.actions.setLocale('vi-VN'));
  const page = await renderWithPlatform(<CustomerSplash />, {
    language: 'vi',
    store,
    route: 'Map',
    params: { customerId: HOTEL },
    supabaseUrl: stack.apiUrl,
    supabaseAnonKey: stack.config.auth.anonKey,
    texts: { shell: SHELL_TEXTS },
  });
  return { ...page, store };
}

describe('CustomerSplash', () => {
  it('shows the loading state until the customer is read', async () => {
    await renderSplash();
    expect(screen.getByRole('status').textContent).toBe('Đang tải…');
    expect(screen.queryByText('Saigon Riverside Hotel')).toBeNull();
  });

  it('shows the customer read from the API: its name and welcome in the page’s language, in its colour', async () => {
    const { store, platform } = await renderSplash();
    store.dispatch(customerSlice.actions.reset(HOTEL));
    const read = await fetchCustomer(platform().db, HOTEL);
    if (read.status !== 'loaded') throw new Error(`the seeded hotel was not read: ${read.status}`);
    const row = read.row as { name: string; welcome: { vi: string }; primary_color: string };
    act(() => {
      store.dispatch(customerSlice.actions.loaded(row));
    });
    const splash = await screen.findByRole('status');
    expect(splash.querySelector('.gm-splash-name')?.textContent).toBe(row.name);
    expect(splash.querySelector('.gm-splash-text')?.textContent).toBe(row.welcome.vi);
    expect(splash.style.getPropertyValue('--gm-brand')).toBe(row.primary_color);
  });
});
