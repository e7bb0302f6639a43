// Component tests of the dashboard's screens: the screen inside the platform's providers
// (renderWithPlatform from shared-ui, with this remote's ./register and antd's providers), against the real
// local stack (PGlite with the seed, started by ./stack-setup.ts), signed in as one of the seeded accounts.
// Toasts are kept so a test can read what the user was told.
import type { ReactElement } from 'react';
import { inject } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@guestmap/shared-ui/database';
import { renderWithPlatform } from '@guestmap/shared-ui/testing';
import { AntdTestProvider } from '@guestmap/shared-ui/testing/antd';
import type { RouteName } from '@guestmap/shared-ui/contracts';
import type { Lang } from '@guestmap/shared-ui/i18n';
import register from '../expose/register.ts';

export const HOTEL = 'saigon-riverside-hotel';
export const PASSWORD = 'demo-pass-123';

/** The seeded accounts (supabase/seed.sql). */
export type Account = 'admin' | 'moderator' | 'innkeeper' | 'traveller' | 'partner';

export interface TestStack {
  apiUrl: string;
  config: { auth: { anonKey: string } };
  /** A client with the service role (test setup and checks only). */
  service: () => SupabaseClient<Database>;
  /** A client of its own, not signed in. */
  client: () => SupabaseClient<Database>;
}

let clients = 0;
/** The stack ./stack-setup.ts started for this run. */
export function startStack(): TestStack {
  const { apiUrl, anonKey, serviceKey } = inject('stack');
  const make = (key: string) =>
    createClient<Database>(apiUrl, key, {
      auth: { persistSession: false, autoRefreshToken: false, storageKey: `gm-check-${++clients}` },
    });
  return { apiUrl, config: { auth: { anonKey } }, service: () => make(serviceKey), client: () => make(anonKey) };
}

/** An address where nothing answers: every request fails as a network fault. */
export const NOWHERE = 'http://127.0.0.1:9';

export interface ScreenOptions {
  stack: TestStack;
  as?: Account;
  route?: RouteName;
  customerId?: string;
  /** The query of the address (`tab=statements&month=2026-10`). */
  query?: string;
  /** Another API address than the stack's (NOWHERE for a network fault). */
  apiUrl?: string;
  isAdmin?: boolean;
  /** The page's language (default English). */
  language?: Lang;
}

export async function renderScreen(ui: ReactElement, opts: ScreenOptions) {
  const toasts: { type: string; message: string }[] = [];
  const { consoleToasts } = await import('@guestmap/shared-ui/platform');
  const route = opts.route ?? 'Dashboard';
  const customerId = opts.customerId ?? HOTEL;
  const path =
    route === 'PartnerPortal'
      ? `/partner${opts.query ? `?${opts.query}` : ''}`
      : `/${customerId}/${route === 'CustomerSettings' ? 'settings' : 'dashboard'}${opts.query ? `?${opts.query}` : ''}`;
  const page = await renderWithPlatform(ui, {
    language: opts.language,
    route,
    params: route === 'PartnerPortal' ? {} : { customerId },
    path,
    register,
    wrapper: AntdTestProvider,
    supabaseUrl: opts.apiUrl ?? opts.stack.apiUrl,
    supabaseAnonKey: opts.stack.config.auth.anonKey,
    signIn: opts.as && !opts.apiUrl ? { email: `${opts.as}@demo.test`, password: PASSWORD } : undefined,
    profile: opts.isAdmin ? ({ isAdmin: true } as never) : null,
    platform: { toast: consoleToasts((message, type) => toasts.push({ type, message })) },
  });
  return { ...page, toasts };
}

export const EMPTY_HOTEL = 'empty-test-hotel';
const TRAVELLER = '00000000-0000-4000-a000-000000000006';

/** A hotel with nothing yet (no recommendation, campaign or sale), moderated by traveller@demo.test. */
export async function addEmptyHotel(stack: TestStack): Promise<void> {
  const service = stack.service();
  const c = await service.from('customers').insert({
    id: EMPTY_HOTEL,
    kind: 'hotel',
    name: 'Empty Test Hotel',
    latitude: 10.77,
    longitude: 106.7,
    package: 'basic',
  });
  if (c.error) throw new Error(`empty hotel: ${c.error.message}`);
  const m = await service.from('customer_moderators').insert({ customer_id: EMPTY_HOTEL, user_id: TRAVELLER });
  if (m.error) throw new Error(`empty hotel's moderator: ${m.error.message}`);
}

// Holds the stack's REST reads until released (shared with the other remotes' screen tests).
export { holdReads } from '@guestmap/shared-ui/testing';
