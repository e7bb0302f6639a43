// The map remote's screens (Customer, Map/Activity) in the platform's providers, reading the seeded local
// stack (PGlite) through the real `db`: loading, not found, a refused read (error), a map without places
// (empty) and the seeded hotel (filled).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithPlatform, withNodeBlobs } from '@guestmap/shared-ui/testing';
import { startTestStack, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import register from './register.ts';
import CustomerScreen from './customer-screen.tsx';
import MapScreen from './map-screen.tsx';

const HOTEL = 'saigon-riverside-hotel';
const EMPTY = 'empty-test-city';
// The stack answers in milliseconds, but the machine running the tests may be busy.
configure({ asyncUtilTimeout: 15_000 });

let stack: TestStack;
beforeAll(async () => {
  stack = await withNodeBlobs(() => startTestStack('pglite'));
  const { error } = await stack
    .service()
    .from('customers')
    .insert({ id: EMPTY, kind: 'city', name: 'Empty Test City', latitude: 10.77, longitude: 106.7 });
  if (error) throw new Error(`could not add the empty map: ${error.message}`);
}, 120_000);
afterAll(async () => {
  await stack?.stop();
});
afterEach(cleanup);

function show(screenName: 'Customer' | 'Map', customerId: string, opts: { anonKey?: string } = {}) {
  const ui = screenName === 'Customer' ? <CustomerScreen /> : <MapScreen />;
  return renderWithPlatform(ui, {
    register,
    route: screenName,
    params: { customerId },
    supabaseUrl: stack.apiUrl,
    supabaseAnonKey: opts.anonKey ?? stack.config.auth.anonKey,
  });
}

describe('Customer screen', () => {
  it('loading: a spinner under the screen’s heading until the places are read', async () => {
    await show('Customer', HOTEL);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome');
    expect(screen.getByText('Loading the map…')).toBeTruthy();
  });

  it('filled: the hotel’s name, its count of places, "Open the map" and its highlights', async () => {
    await show('Customer', HOTEL);
    expect(await screen.findByRole('heading', { level: 1, name: 'Saigon Riverside Hotel' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the map' }).getAttribute('href')).toBe(`/${HOTEL}/map`);
    expect(await screen.findByText(/^\d+ curated places$/)).toBeTruthy();
    const highlights = await screen.findByRole('region', { name: /Our picks/ });
    expect(highlights.querySelectorAll('li')).toHaveLength(6);
  });

  it('empty: a map without places says 0 and shows no highlights', async () => {
    await show('Customer', EMPTY);
    expect(await screen.findByRole('heading', { level: 1, name: 'Empty Test City' })).toBeTruthy();
    expect(await screen.findByText('0 curated places')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /picks|Highlights/i })).toBeNull();
  });

  it('not found: an address naming no map says so', async () => {
    await show('Customer', 'no-such-map-anywhere');
    expect(await screen.findByRole('heading', { name: 'Map not found' })).toBeTruthy();
  });

  it('error: a read the API refuses shows the message and Try again', async () => {
    await show('Customer', 'refused-read-1', { anonKey: 'not-a-valid-key' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("Can't reach the server");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('Map screen', () => {
  it('loading: a spinner under the Map heading until the places are read', async () => {
    await show('Map', HOTEL);
    expect(screen.getByRole('heading', { level: 1, name: 'Map' })).toBeTruthy();
    expect(screen.getByText('Loading the map…')).toBeTruthy();
  });

  it('filled: the places counted, the filters, and one row per place once the list opens', async () => {
    await show('Map', HOTEL);
    const count = await screen.findByText(/^\d+ places$/);
    const n = Number(count.textContent!.split(' ')[0]);
    expect(n).toBeGreaterThan(6);
    expect(screen.getByRole('searchbox')).toBeTruthy();
    // A phone's list opens from the sheet's handle (jsdom matches no media query: a phone).
    fireEvent.click(screen.getByRole('button', { name: `Show the list (${n} places)` }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Places on this map' }).children).toHaveLength(n));
  });

  it('empty: a map without places lists none', async () => {
    await show('Map', EMPTY);
    expect(await screen.findByText('0 places')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Bún|Pasteur/ })).toBeNull();
  });

  it('not found: says so and links Home', async () => {
    await show('Map', 'no-such-map-anywhere');
    expect(await screen.findByRole('heading', { name: 'Map not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /home/i }).getAttribute('href')).toBe('/');
  });

  it('error: a read the API refuses shows the message and Try again', async () => {
    await show('Map', 'refused-read-2', { anonKey: 'not-a-valid-key' });
    expect((await screen.findByRole('alert')).textContent).toContain("Can't reach the server");
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
