// The one factory of the Platform object (what `usePlatform()` returns), used by the shell
// (shell/src/app/platform.tsx), the dev harness (../harness) and the marketing prerender
// (mfe-marketing/scripts/prerender.tsx), and by the test helper `renderWithPlatform` (../testing).
// Each gives what it has; what it leaves out gets the same default everywhere: navigation by route name
// over its `navigate`, the sign-in request as the shell's query (`dialogAuth`, `to`, `customerId`),
// `hrefFor` = `pathFor`, no user, no pending work, toasts to the console. The shell gives every part and
// calls `assemblePlatform`, the same object without the defaults (they stay out of the page's bytes).
//
// Only types come from the contract here (its runtime is a Module Federation singleton the caller
// imports by package name); the route paths are plain data.
import type { i18n as I18n } from 'i18next';
import type {
  Locale,
  Platform,
  PlatformConfig,
  PlatformUser,
  Profile,
  StoreApi,
  ToastApi,
  ToastType,
} from '../contracts/index.ts';
import type { Db, Supabase } from '../contracts/db.ts';
import type { CustomerSource } from '../contracts/customer.ts';
import { pathFor, type RouteName, type RouteParams } from '../contracts/routes.ts';

/** Where the page is and how it moves: the router's `navigate` and `location` (a no-op when there is none). */
export interface PlatformNavigation {
  navigate: (to: string, opts?: { replace?: boolean }) => void;
  location: { pathname: string; search: string };
}

export interface PlatformOptions {
  i18n: I18n;
  locale: Locale;
  /** Default: no Supabase URL or key and no remote (a prerender or a test that reads nothing). */
  config?: PlatformConfig;
  /** Default: a client that fails every request (a prerender reads nothing). */
  db?: Db;
  supabase?: Supabase | null;
  /** Default: the given `supabase`, else a rejection. */
  loadSupabase?: () => Promise<Supabase>;
  /** Default: toasts written to the console. */
  toast?: ToastApi;
  user?: PlatformUser | null;
  profile?: Profile | null;
  /** Default: no navigation (a prerender). */
  navigation?: PlatformNavigation;
  /** Default: the auth dialog's query on the current page (`dialogAuth=true&to=…&customerId=…`). */
  requestSignIn?: Platform['requestSignIn'];
  pending?: boolean;
  setPending?: Platform['setPending'];
  /** Default: a store with nothing in it (inject does nothing). */
  store?: StoreApi;
  /** The route's customer (`useCustomer()`). Default: none (`idle`; reload does nothing). */
  customer?: CustomerSource;
  setLocale?: Platform['setLocale'];
  /** Default: none (the host does not save the language: screens call `setLocale` alone). */
  saveLocale?: Platform['saveLocale'];
  localeSave?: Platform['localeSave'];
  refreshProfile?: Platform['refreshProfile'];
  signOut?: Platform['signOut'];
}

export const NO_REMOTES: PlatformConfig['remotes'] = { marketing: '', map: '', account: '', dashboard: '' };

const noop = () => undefined;
const resolved = async () => undefined;

/** The query that opens the auth dialog on the current page; after sign-in the shell lands on `to`. */
export function signInSearch(search: string, to?: RouteName, params?: RouteParams): string {
  const q = new URLSearchParams(search);
  q.set('dialogAuth', 'true');
  if (to) q.set('to', to);
  if (params?.customerId) q.set('customerId', params.customerId);
  return `?${q}`;
}

/** Toasts that only write to the console (a prerender, a test that does not look at them). */
export function consoleToasts(show?: (message: string, type: ToastType) => void): ToastApi {
  let n = 0;
  const toast = (message: string, type: ToastType = 'default') => {
    (show ?? ((m, t) => console.info(`[toast:${t}] ${m}`)))(message, type);
    return String(++n);
  };
  return {
    show: toast,
    success: (m) => toast(m, 'success'),
    error: (m) => toast(m, 'error'),
    warning: (m) => toast(m, 'warning'),
    info: (m) => toast(m, 'info'),
    dismiss: noop,
  };
}

/** The contract's view of a Redux store that can take a remote's slice later (`inject`). */
export function storeApiOf(store: {
  inject: StoreApi['inject'];
  dispatch: unknown;
  getState: () => unknown;
  subscribe: (listener: () => void) => () => void;
}): StoreApi {
  return {
    inject: store.inject,
    dispatch: store.dispatch as StoreApi['dispatch'],
    getState: store.getState,
    subscribe: store.subscribe,
  };
}

// The defaults below are created when a caller needs them (pure: a bundle that only assembles, the shell's,
// leaves them out).
const defaultToasts = /* @__PURE__ */ consoleToasts();

const noCustomerSnapshot = { id: null, status: 'idle', data: null } as const;
const noCustomer: CustomerSource = { get: () => noCustomerSnapshot, subscribe: () => noop, reload: resolved };

const emptyStore: StoreApi = {
  inject: noop,
  dispatch: (a) => a,
  getState: () => ({}),
  subscribe: () => noop,
};

// `db.from(…)` / `db.rpc(…)` on a platform built without one: a clear error at the call.
const unavailableDb = /* @__PURE__ */ new Proxy({} as Db, {
  get(_target, key) {
    if (typeof key !== 'string' || key === 'then') return undefined;
    return () => {
      throw new Error(`db.${key}() on a platform without a database client (createPlatform without db)`);
    };
  },
});

// The same navigation gives the same functions (a screen may list them in an effect's dependencies):
// navigateTo follows `navigate` alone, requestSignIn the whole navigation (it keeps the current page).
const navigateToOf = new WeakMap<PlatformNavigation['navigate'], Platform['navigateTo']>();
const requestSignInOf = new WeakMap<PlatformNavigation, Platform['requestSignIn']>();
const noNavigation: PlatformNavigation = { navigate: noop, location: { pathname: '/', search: '' } };

function navigationOf(nav: PlatformNavigation): Pick<Platform, 'navigateTo' | 'requestSignIn'> {
  let navigateTo = navigateToOf.get(nav.navigate);
  if (!navigateTo) {
    navigateTo = (name, params, query, opts) => nav.navigate(pathFor(name, params, query), { replace: opts?.replace });
    navigateToOf.set(nav.navigate, navigateTo);
  }
  let requestSignIn = requestSignInOf.get(nav);
  if (!requestSignIn) {
    requestSignIn = (to, params) =>
      nav.navigate(`${nav.location.pathname}${signInSearch(nav.location.search, to, params)}`);
    requestSignInOf.set(nav, requestSignIn);
  }
  return { navigateTo, requestSignIn };
}

/**
 * Every member a caller gives `createPlatform` (the shell gives them all, and calls `assemblePlatform` so the
 * defaults for a harness, a prerender or a test stay out of its bundle).
 */
export type PlatformParts = Required<Omit<PlatformOptions, 'requestSignIn' | 'saveLocale' | 'localeSave'>> &
  Pick<PlatformOptions, 'requestSignIn' | 'saveLocale' | 'localeSave'>;

/** The Platform object from every part: navigation by route name over `navigation`, `hrefFor` = `pathFor`. */
export function assemblePlatform(o: PlatformParts): Platform {
  const { navigateTo, requestSignIn } = navigationOf(o.navigation);
  return {
    config: o.config,
    db: o.db,
    supabase: o.supabase,
    loadSupabase: o.loadSupabase,
    toast: o.toast,
    user: o.user,
    profile: o.profile,
    requestSignIn: o.requestSignIn ?? requestSignIn,
    navigateTo,
    hrefFor: pathFor,
    pending: o.pending,
    setPending: o.setPending,
    store: o.store,
    customer: o.customer,
    i18n: o.i18n,
    locale: o.locale,
    setLocale: o.setLocale,
    ...(o.saveLocale ? { saveLocale: o.saveLocale, localeSave: o.localeSave ?? 'idle' } : {}),
    refreshProfile: o.refreshProfile,
    signOut: o.signOut,
  };
}

/** Builds the Platform object, with the defaults above for what is left out. Pure: call it again (in a useMemo) when an input changes. */
export function createPlatform(o: PlatformOptions): Platform {
  const supabase = o.supabase ?? null;
  return assemblePlatform({
    ...o,
    config: o.config ?? { supabaseUrl: '', supabaseAnonKey: '', remotes: NO_REMOTES },
    db: o.db ?? unavailableDb,
    supabase,
    loadSupabase:
      o.loadSupabase ??
      (() => (supabase ? Promise.resolve(supabase) : Promise.reject(new Error('No Supabase client here')))),
    toast: o.toast ?? defaultToasts,
    user: o.user ?? null,
    profile: o.profile ?? null,
    navigation: o.navigation ?? noNavigation,
    pending: o.pending ?? false,
    setPending: o.setPending ?? noop,
    store: o.store ?? emptyStore,
    customer: o.customer ?? noCustomer,
    setLocale: o.setLocale ?? noop,
    refreshProfile: o.refreshProfile ?? resolved,
    signOut: o.signOut ?? resolved,
  });
}
