// The map remote's screens (Customer, Map/Activity) in the platform's providers, reading the seeded local
// stack (PGlite) through the real `db`: loading, not found, a refused read (error), a map without places
// (empty) and the seeded hotel (filled); and the parts loaded when used, whose reads go through the data layer:
// an opened place (its favourite, its price), the rewards panel, search by a name in another language.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createClient } from '@supabase/supabase-js';
import type { ToastApi } from '@guestmap/shared-ui/contracts';
import {
  holdReads,
  renderWithPlatform,
  withNodeBlobs,
  type RenderWithPlatformOptions,
} from '@guestmap/shared-ui/testing';
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

type ShowOptions = Pick<RenderWithPlatformOptions, 'path' | 'signIn' | 'user' | 'platform'> & {
  anonKey?: string;
  params?: Record<string, string>;
};

function show(screenName: 'Customer' | 'Map' | 'Activity', customerId: string, opts: ShowOptions = {}) {
  const ui = screenName === 'Customer' ? <CustomerScreen /> : <MapScreen />;
  const { anonKey, params, ...rest } = opts;
  return renderWithPlatform(ui, {
    register,
    route: screenName,
    params: { customerId, ...params },
    supabaseUrl: stack.apiUrl,
    supabaseAnonKey: anonKey ?? stack.config.auth.anonKey,
    ...rest,
  });
}

const PASSWORD = 'demo-pass-123';
const GUEST = '00000000-0000-4000-a000-000000000003';

async function placeId(slug: string) {
  const { data, error } = await stack
    .service()
    .from('activities')
    .select('id')
    .eq('customer_id', HOTEL)
    .eq('slug', slug)
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

function toasts() {
  const said: string[] = [];
  const say = (m: string) => (said.push(m), m);
  const toast: ToastApi = { show: say, success: say, error: say, warning: say, info: say, dismiss: () => undefined };
  return { said, toast };
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

describe('An opened place: its favourite button and its price (loaded with the place panel)', () => {
  const opened = async (slug: string, opts: ShowOptions = {}) => {
    await show('Activity', HOTEL, { ...opts, params: { activitySlug: slug, activityId: await placeId(slug) } });
    return screen.findByRole('article');
  };

  it('filled: a place the guest saved says Saved once the favourites are read', async () => {
    const panel = await opened('banh-mi-huynh-hoa', { signIn: { email: 'guest@demo.test', password: PASSWORD } });
    expect(await within(panel).findByRole('button', { name: /Saved/, pressed: true })).toBeTruthy();
  });

  it('empty, then saved: a place not saved says Save; saving it stores the favourite and says so', async () => {
    const slug = 'independence-palace';
    const id = await placeId(slug);
    await stack.service().from('favourites').delete().eq('user_id', GUEST).eq('activity_id', id);
    const { said, toast } = toasts();
    try {
      const panel = await opened(slug, {
        signIn: { email: 'guest@demo.test', password: PASSWORD },
        platform: { toast },
      });
      const save = await within(panel).findByRole('button', { name: /Save/, pressed: false });
      fireEvent.click(save);
      expect(await within(panel).findByRole('button', { name: /Saved/, pressed: true })).toBeTruthy();
      expect(said).toEqual(['Saved to your favourites']);
      const { data } = await stack.service().from('favourites').select('activity_id').eq('user_id', GUEST);
      expect(data!.map((r) => r.activity_id)).toContain(id);
    } finally {
      await stack.service().from('favourites').delete().eq('user_id', GUEST).eq('activity_id', id);
    }
  });

  it('nobody signed in: Save asks to sign in and stores nothing', async () => {
    const requestSignIn = vi.fn();
    const panel = await opened('independence-palace', { platform: { requestSignIn } });
    fireEvent.click(await within(panel).findByRole('button', { name: /Save/, pressed: false }));
    expect(requestSignIn).toHaveBeenCalledWith('Activity', expect.objectContaining({ customerId: HOTEL }));
  });

  it('loading: the price shows once the rates are read, with its estimate (no line appears under it later)', async () => {
    const gate = holdReads((url) => url.includes('/rest/v1/exchange_rates'));
    try {
      const panel = await opened('banh-mi-huynh-hoa');
      await waitFor(() => expect(gate.held()).toBeGreaterThan(0));
      expect(within(panel).getByRole('heading', { level: 2 })).toBeTruthy();
      expect(panel.querySelector('.gm-price-vnd')).toBeNull();
      gate.release();
      const price = await within(panel).findByRole('region', { name: 'Price' });
      expect(price.querySelector('.gm-price-vnd')!.textContent).toBe('₫75,000');
      expect(price.querySelector('.gm-price-estimate')!.textContent).toMatch(/^≈ US\$/);
    } finally {
      gate.restore();
    }
  });

  it('error: rates the API refuses leave the price in đồng alone', async () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/rest/v1/exchange_rates'))
        return new Response(JSON.stringify({ message: 'permission denied', code: '42501' }), { status: 403 });
      return realFetch(input, init);
    };
    try {
      const panel = await opened('banh-mi-huynh-hoa');
      const price = await within(panel).findByRole('region', { name: 'Price' });
      expect(price.querySelector('.gm-price-vnd')!.textContent).toBe('₫75,000');
      expect(price.querySelector('.gm-price-estimate')).toBeNull();
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});

describe('Rewards panel (?rewards=1, loaded when opened)', () => {
  const rewards = (opts: ShowOptions = {}) => show('Map', HOTEL, { path: `/${HOTEL}/map?rewards=1`, ...opts });

  it('empty: nobody signed in, the games show and the points say how to start', async () => {
    await rewards();
    const dialog = await screen.findByRole('dialog', { name: 'Rewards' });
    fireEvent.click(within(dialog).getByRole('tab', { name: /Points/ }));
    expect(await within(dialog).findByText('Play a game to start collecting points.')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('filled: a guest’s points are read into the Points tab', async () => {
    // No API role writes the ledger (plays and the hotel's adjustments do, in the database): the test writes it there.
    await stack.db.query(
      `insert into public.points_ledger (user_id, customer_id, delta, reason) values ($1, $2, 42, 'adjustment')`,
      [GUEST, HOTEL],
    );
    try {
      await rewards({ signIn: { email: 'guest@demo.test', password: PASSWORD } });
      const dialog = await screen.findByRole('dialog', { name: 'Rewards' });
      expect(await within(dialog).findByRole('tab', { name: /Points\s*42/ })).toBeTruthy();
    } finally {
      await stack.db.query('delete from public.points_ledger where user_id = $1 and customer_id = $2', [GUEST, HOTEL]);
    }
  });

  it('error: a wallet the API refuses says so, with Try again', async () => {
    const refused = createClient(stack.apiUrl, 'not-a-valid-key', {
      auth: { persistSession: false, autoRefreshToken: false, storageKey: 'gm-test-refused-wallet' },
    });
    await rewards({
      user: { id: GUEST, email: 'guest@demo.test', isAnonymous: false },
      platform: { supabase: refused as never },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Rewards' });
    const alert = (await within(dialog).findByText(/Your rewards could not be loaded\./)).closest('[role="alert"]');
    expect(within(alert as HTMLElement).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('Search by a name in another language (the names read when the guest first types)', () => {
  it('filled: 滨城市场 finds Ben Thanh Market once the names in every language are read', async () => {
    await show('Map', HOTEL);
    const count = await screen.findByText(/^\d+ places$/);
    const n = Number(count.textContent!.split(' ')[0]);
    fireEvent.click(screen.getByRole('button', { name: `Show the list (${n} places)` }));
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '滨城市场' } });
    const list = await screen.findByRole('list', { name: 'Places on this map' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual([expect.stringContaining('Ben Thanh Market')]),
    );
  });
});
