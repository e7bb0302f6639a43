// The marketing screens in the platform's providers. Hotels reads the public maps from the seeded local
// stack (PGlite) through the real `db`: loading, filled, a refused read (error) and none public (empty);
// the other pages have no data to wait for and are checked as drawn.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, configure, screen, within } from '@testing-library/react';
import { renderWithPlatform, withNodeBlobs } from '@guestmap/shared-ui/testing';
import { startTestStack, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import type { ReactElement } from 'react';
import register from './register.ts';
import Home from './home.tsx';
import Hotels from './hotels.tsx';
import AboutUs from './about-us.tsx';
import TermsAndPrivacy from './terms-and-privacy.tsx';
import SalesPresentation from './sales-presentation.tsx';

// The stack answers in milliseconds, but the machine running the tests may be busy.
configure({ asyncUtilTimeout: 15_000 });

let stack: TestStack;
beforeAll(async () => {
  stack = await withNodeBlobs(() => startTestStack('pglite'));
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});
afterEach(cleanup);

function show(
  ui: ReactElement,
  route: 'Home' | 'Hotels' | 'AboutUs' | 'TermsAndPrivacy' | 'HotelsSalesPresentation',
  anonKey?: string,
) {
  return renderWithPlatform(ui, {
    register,
    route,
    supabaseUrl: stack.apiUrl,
    supabaseAnonKey: anonKey ?? stack.config.auth.anonKey,
  });
}

describe('Hotels: the showcase of public maps', () => {
  it('loading: a busy placeholder until the maps are read', async () => {
    await show(<Hotels />, 'Hotels');
    expect(screen.getByLabelText('Loading maps…').getAttribute('aria-busy')).toBe('true');
  });

  it('filled: one link per public map, each to its map', async () => {
    const { data } = await stack.anon().from('customers').select('id').eq('is_public', true);
    await show(<Hotels />, 'Hotels');
    const list = await screen.findByRole('list', { name: 'Public maps' });
    const links = within(list).getAllByRole('link');
    expect(links.length).toBe(Math.min(12, data!.length));
    expect(links.map((a) => a.getAttribute('href'))).toContain('/saigon-riverside-hotel/map');
  });

  it('error: a read the API refuses says so and offers Try again', async () => {
    await show(<Hotels />, 'Hotels', 'not-a-valid-key');
    expect(await screen.findByText(/The maps could not be loaded/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('empty: with no public map, says so', async () => {
    const { error } = await stack.service().from('customers').update({ is_public: false }).eq('is_public', true);
    if (error) throw new Error(error.message);
    await show(<Hotels />, 'Hotels');
    expect(await screen.findByText('No public maps yet.')).toBeTruthy();
  });
});

describe('pages without data', () => {
  it('Home: its hero heading and the sections', async () => {
    await show(<Home />, 'Home');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(2);
  });

  it('About us: its heading and a contact button', async () => {
    await show(<AboutUs />, 'AboutUs');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBeTruthy();
  });

  it('Terms and privacy: its heading', async () => {
    await show(<TermsAndPrivacy />, 'TermsAndPrivacy');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBeTruthy();
  });

  it('Sales presentation: the first section, numbered 1 of 9', async () => {
    await show(<SalesPresentation />, 'HotelsSalesPresentation');
    expect(screen.getByText('1 / 9')).toBeTruthy();
  });
});
