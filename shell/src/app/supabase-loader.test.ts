// The page's first screens read through `db` without supabase-js; the client loads only when a
// session may exist. A real PostgREST-shaped server (node:http) records what each request carried.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import type { Database } from '@guestmap/shared-ui/database';
import { addressCarriesAuth, createSupabaseLoader, storageKeyFor } from './supabase-loader.ts';

const ANON = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.anon';
const USER_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSIsInJvbGUiOiJhdXRoZW50aWNhdGVkIn0.user';
let server: http.Server;
let url = '';
const seen: { path: string; authorization?: string; apikey?: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({
      path: req.url ?? '',
      authorization: req.headers.authorization,
      apikey: req.headers.apikey as string | undefined,
    });
    res.setHeader('content-type', 'application/json');
    res.end('[{"id":"saigon-riverside-hotel"}]');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen.length = 0;
  localStorage.clear();
});

const realImport = () => import('@supabase/supabase-js');
const nowhere = { search: '', hash: '' };

describe('the Supabase loader', () => {
  it('uses the storage key supabase-js itself would choose for the project URL', () => {
    const client = createClient<Database>('http://127.0.0.1:54321', ANON, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    expect(storageKeyFor('http://127.0.0.1:54321')).toBe((client.auth as unknown as { storageKey: string }).storageKey);
    expect(storageKeyFor('https://abcd.supabase.co')).toBe('sb-abcd-auth-token');
  });

  it('a visitor (no stored session): reads carry the anon key and supabase-js is never loaded', async () => {
    const importClient = vi.fn(realImport);
    const loader = createSupabaseLoader(
      { supabaseUrl: url, supabaseAnonKey: ANON },
      { location: nowhere, importClient },
    );
    expect(loader.mayHaveSession()).toBe(false);
    const { data, error } = await loader.db.from('customers').select('id').eq('id', 'saigon-riverside-hotel');
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 'saigon-riverside-hotel' }]);
    expect(seen[0]).toMatchObject({
      path: '/rest/v1/customers?select=id&id=eq.saigon-riverside-hotel',
      authorization: `Bearer ${ANON}`,
      apikey: ANON,
    });
    expect(importClient).not.toHaveBeenCalled();
    expect(loader.client).toBeNull();
  });

  it('a stored session: the client loads once and every read carries the user’s token', async () => {
    localStorage.setItem(
      storageKeyFor(url),
      JSON.stringify({
        access_token: USER_TOKEN,
        refresh_token: 'r1',
        token_type: 'bearer',
        expires_in: 3600,
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        user: {
          id: 'u1',
          aud: 'authenticated',
          role: 'authenticated',
          app_metadata: {},
          user_metadata: {},
          created_at: new Date().toISOString(),
        },
      }),
    );
    const importClient = vi.fn(realImport);
    const loader = createSupabaseLoader(
      { supabaseUrl: url, supabaseAnonKey: ANON },
      { location: nowhere, importClient },
    );
    const loaded = vi.fn();
    loader.onLoaded(loaded);
    expect(loader.mayHaveSession()).toBe(true);
    await Promise.all([
      loader.db.from('favourites').select('activity_id'),
      loader.db.rpc('record_event', { p_customer_id: 'saigon-riverside-hotel', p_type: 'map_view' }),
    ]);
    expect(seen.map((s) => s.authorization)).toEqual([`Bearer ${USER_TOKEN}`, `Bearer ${USER_TOKEN}`]);
    expect(importClient).toHaveBeenCalledTimes(1);
    expect(loaded).toHaveBeenCalledWith(loader.client);
    expect(await loader.load()).toBe(loader.client);
  });

  it('a failed download of the client is tried again on the next use', async () => {
    const importClient = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(realImport);
    const loader = createSupabaseLoader(
      { supabaseUrl: url, supabaseAnonKey: ANON },
      { location: nowhere, importClient },
    );
    await expect(loader.load()).rejects.toThrow(/Failed to fetch/);
    const client = await loader.load();
    expect(client.auth).toBeDefined();
    expect(loader.client).toBe(client);
    expect(importClient).toHaveBeenCalledTimes(2);
  });

  it('an email link or OAuth redirect in the address means a session is arriving', () => {
    expect(addressCarriesAuth({ search: '', hash: '#access_token=x&refresh_token=y&type=magiclink' })).toBe(true);
    expect(addressCarriesAuth({ search: '?code=abc', hash: '' })).toBe(true);
    expect(addressCarriesAuth({ search: '', hash: '#error=access_denied&error_description=Expired' })).toBe(true);
    expect(addressCarriesAuth({ search: '?src=qr', hash: '' })).toBe(false);
    expect(addressCarriesAuth({ search: '?redeem=GM-ABCD', hash: '#place' })).toBe(false);
  });
});
