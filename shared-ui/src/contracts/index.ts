// The contract between the shell (host) and the remotes. Shared as a Module Federation singleton,
// so the PlatformContext object below is the same one in every remote.
import { createContext, use, useContext, useMemo, useSyncExternalStore, type ComponentType } from 'react';
import type { Slice, Reducer } from '@reduxjs/toolkit';
import type { i18n as I18n } from 'i18next';
import type { CatalogueSources } from '../i18n/index.ts';
import { LANGUAGES } from '../i18n/languages.js';
import type { RouteName, RouteParams, RouteQuery } from './routes.ts';
import { modulesOf } from './route-registry.js';
import type { Db, Supabase } from './db.ts';
import type { CustomerSource, PageCustomer } from './customer.ts';
import { useParams } from './router.ts';

export * from './routes.ts';
export * from './router.ts';
export * from './libraries.ts';
export { createDb, type Db, type Supabase, type Database } from './db.ts';
export * from './connectivity.ts';
export * from './customer.ts';

/** A language's BCP-47 tag (<html lang>, Intl, the profile's language): the list is shared-ui/src/i18n/languages.js. */
export type Locale = (typeof LANGUAGES)[number]['locale'];
export const LOCALES: Locale[] = LANGUAGES.map((l) => l.locale);
export const LOCALE_STORAGE_KEY = 'locale';
/** Each language in its own name, as the language menus show it. */
export const LOCALE_LABELS = Object.fromEntries(LANGUAGES.map((l) => [l.locale, l.name])) as Record<Locale, string>;

export type ToastType = 'success' | 'error' | 'warning' | 'info' | 'default';
export interface ToastApi {
  show: (message: string, type?: ToastType) => string;
  success: (message: string) => string;
  error: (message: string) => string;
  warning: (message: string) => string;
  info: (message: string) => string;
  dismiss: (id?: string) => void;
}

export interface PlatformUser {
  id: string;
  email: string | null;
  isAnonymous: boolean;
}

/** The client-side profile: token claims merged with the profile row (spec section 3). */
export interface Profile {
  id: string;
  email: string | null;
  displayName: string | null;
  profilePictureUrl: string | null;
  isAdmin: boolean;
  isDisabled: boolean;
  customer: string | null;
  language: Locale;
  moderator: Record<string, boolean>;
}

export interface PlatformConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  remotes: Record<RemoteName, string>;
  tiles?: { url: string; attribution: string };
}

export type RemoteName = 'marketing' | 'map' | 'account' | 'dashboard';

export interface StoreApi {
  /** Injects a remote's slice into the shell's combineSlices root reducer (idempotent). */
  inject: (slice: Slice) => void;
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  subscribe: (listener: () => void) => () => void;
}

/** What became of a language choice (`Platform.saveLocale`). */
export type LocaleSaved = 'saved' | 'superseded' | 'refused' | 'local';
/** The shell's save of the profile's language: nothing to write, writing, or re-sending after a lost answer. */
export type LocaleSaveStatus = 'idle' | 'saving' | 'checking';

export interface Platform {
  config: PlatformConfig;
  /**
   * Database reads and writes (PostgREST: `db.from(table)`, `db.rpc(fn)`) as the current user, or as
   * a visitor (anon) when no one is signed in. Always available: first screens use this.
   */
  db: Db;
  /**
   * The page's full Supabase client (auth, storage, realtime, and `from`/`rpc` too). It is loaded on
   * demand so a guest's first screen does not wait for it: null until then. A screen that needs it
   * while rendering calls `useSupabase()`; an event handler awaits `loadSupabase()`.
   */
  supabase: Supabase | null;
  /** Loads the Supabase client (once; the same promise every time). */
  loadSupabase: () => Promise<Supabase>;
  toast: ToastApi;
  user: PlatformUser | null;
  profile: Profile | null;
  /** Opens the auth dialog; after sign-in the user lands on `to` (a route name) with `params`. */
  requestSignIn: (to?: RouteName, params?: RouteParams) => void;
  navigateTo: (name: RouteName, params?: RouteParams, query?: RouteQuery, opts?: { replace?: boolean }) => void;
  hrefFor: (name: RouteName, params?: RouteParams, query?: RouteQuery) => string;
  /** Thin progress bar while any key is pending. */
  pending: boolean;
  setPending: (key: string, on: boolean) => void;
  store: StoreApi;
  /** The route's customer, read once by the shell for every screen: use `useCustomer()` (customer.ts). */
  customer: CustomerSource;
  i18n: I18n;
  locale: Locale;
  /**
   * Shows the page in that language at once and, for a signed-in account, has the shell save it in the
   * profile (`profiles.language`). The shell is the only writer of the profile's language: a screen never
   * writes it itself (two writers race, docs/platform.md "The language").
   */
  setLocale: (l: Locale) => void;
  /**
   * `setLocale`, with its answer: resolves once the shell's save of this choice has landed (`saved`), or when
   * a later choice replaced it (`superseded`: only the latest choice is kept, and answered), or the server
   * refused it (`refused`), or there is no account to keep it (`local`). A lost answer is checked until one
   * comes (`localeSave` is `checking` meanwhile). Absent in a shell older than contract 2.2 (and in the dev
   * harness): `setLocale` alone then.
   */
  saveLocale?: (l: Locale) => Promise<LocaleSaved>;
  /** The shell's save of the profile's language: `checking` while an answer was lost. Absent where `saveLocale` is. */
  localeSave?: LocaleSaveStatus;
  /** Re-reads claims and the profile (after creating a customer, for example). */
  refreshProfile: () => Promise<void>;
  signOut: () => Promise<void>;
}

/**
 * @deprecated Use `useCustomer()` (customer.ts): the same row, kept up to date, with `reload()`.
 * The customer row of the page's route as the shell holds it (`customer` in its store): the one the server
 * sent with the page (its welcome) or the shell read at boot. A remote shows it while its own read waits.
 */
export function pageCustomer(store: StoreApi, id: string): Record<string, unknown> | null {
  const c = (store.getState() as { customer?: { id?: unknown; status?: unknown; data?: unknown } } | null)?.customer;
  return c && c.id === id && c.status === 'loaded' && c.data && typeof c.data === 'object'
    ? (c.data as Record<string, unknown>)
    : null;
}

export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const p = useContext(PlatformContext);
  if (!p) throw new Error('usePlatform() outside the Guestmap platform (shell or dev harness)');
  return p;
}

/**
 * The route's customer as the shell holds it (the same object until it changes). While the shell still
 * holds another route's customer (a navigation under way), the state is `loading`.
 */
export function useCustomer(): PageCustomer {
  const source = usePlatform().customer;
  const { customerId } = useParams();
  const snap = useSyncExternalStore(source.subscribe, source.get);
  return useMemo<PageCustomer>(() => {
    const reload = source.reload;
    if (!customerId) return { id: null, status: 'idle', data: null, reload };
    if (snap.id !== customerId || snap.status === 'idle')
      return { id: customerId, status: 'loading', data: null, reload };
    return { ...snap, reload };
  }, [source, snap, customerId]);
}

/**
 * The page's Supabase client, for screens that need it while rendering (account, dashboard): the
 * screen suspends (its Suspense fallback shows) until the client has loaded.
 */
export function useSupabase(): Supabase {
  const p = usePlatform();
  return p.supabase ?? use(p.loadSupabase());
}

/**
 * What a remote's optional `./register` module default-exports. `addResources` takes each language's
 * texts or a loader for them (`vi: () => import('./vi.json')`), every language of the product (the type
 * insists): only the page's language downloads.
 * Return its promise: the first screen renders once the texts of the current language are there.
 * `db` and `route` let it start the first screen's data requests while the screen's code downloads.
 */
export type RegisterRemote = (api: {
  store: StoreApi;
  i18n: I18n;
  addResources: (ns: string, resources: CatalogueSources) => Promise<void>;
  /** The page's database client (see Platform.db): a remote may start reading what its first screen shows. */
  db: Db;
  /** The route the page is opening, when the remote registers (its screen's code downloads meanwhile). */
  route: { name: RouteName; params: RouteParams } | null;
}) => void | Promise<void>;

/** Every exposed screen module default-exports a component like this. */
export type ScreenModule = { default: ComponentType };

/** The modules each remote exposes (Module Federation ids are `<remote>/<module>`), from the route registry. */
export const EXPOSES: Record<RemoteName, readonly string[]> = {
  marketing: modulesOf('marketing'),
  map: modulesOf('map'),
  account: modulesOf('account'),
  dashboard: modulesOf('dashboard'),
};

export type { Reducer };
