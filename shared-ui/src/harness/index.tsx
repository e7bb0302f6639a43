// The standalone dev harness: runs one remote alone (pnpm --filter @guestmap/mfe-x dev) with the
// same platform context the shell provides (store with inject, i18n, Supabase client against the
// local stack, toasts, navigation by route name). Screens the remote does not own show their name.
import { useEffect, useMemo, useState, useSyncExternalStore, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider, Outlet, useNavigate, useLocation } from 'react-router-dom';
import { combineSlices, configureStore, type Slice } from '@reduxjs/toolkit';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { createClient, type Session } from '@supabase/supabase-js';
import {
  PlatformContext,
  createDb,
  trackedFetch,
  ROUTES,
  ROUTE_NAMES,
  pathFor,
  LOCALE_STORAGE_KEY,
  type Platform,
  type RegisterRemote,
  type RouteName,
  type ToastApi,
  type ToastType,
  type Locale,
  type Database,
} from '../contracts/index.ts';
import { addNamespace, lazyBundles, lang, normaliseLocale } from '../i18n/index.ts';
import { cssVariables } from '../tokens/index.ts';
import { harnessCustomer } from './customer.ts';

/** The Supabase CLI's well-known local anon key (public by design). */
const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export interface HarnessOptions {
  remote: 'marketing' | 'map' | 'account' | 'dashboard';
  screens: Partial<Record<RouteName, ComponentType>>;
  register?: RegisterRemote;
  supabaseUrl?: string;
}

export async function mountHarness(opts: HarnessOptions): Promise<void> {
  for (const [k, v] of Object.entries(cssVariables('light'))) document.documentElement.style.setProperty(k, v);
  const locale: Locale = normaliseLocale(localStorage.getItem(LOCALE_STORAGE_KEY)) ?? 'en-US';
  await i18next
    .use(initReactI18next)
    .use(lazyBundles)
    .init({
      lng: lang(locale),
      fallbackLng: 'en',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  const rootReducer = combineSlices({ harness: (s: number = 0) => s }).withLazyLoadedSlices<Record<string, unknown>>();
  const store = configureStore({ reducer: rootReducer });
  const inject = (slice: Slice) => {
    slice.injectInto(rootReducer);
    store.dispatch({ type: '@@harness/inject' });
  };
  const storeApi = {
    inject,
    dispatch: store.dispatch as (a: unknown) => unknown,
    getState: store.getState,
    subscribe: store.subscribe,
  };
  const supabaseUrl = opts.supabaseUrl ?? 'http://127.0.0.1:54321';
  const supabase = createClient<Database>(supabaseUrl, LOCAL_ANON_KEY, {
    global: { fetch: trackedFetch() },
    db: { retry: false },
  });
  const db = createDb(
    supabaseUrl,
    LOCAL_ANON_KEY,
    async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
  );
  const loadSupabase = () => Promise.resolve(supabase);
  const customer = harnessCustomer(db);
  await opts.register?.({
    store: storeApi,
    i18n: i18next,
    addResources: (ns, r) => addNamespace(i18next, ns, r),
    db,
    route: null,
  });
  let session: Session | null = (await supabase.auth.getSession()).data.session;
  const sessionListeners = new Set<() => void>();
  supabase.auth.onAuthStateChange((_e, s) => {
    session = s;
    sessionListeners.forEach((l) => l());
  });
  const toast: ToastApi = (() => {
    const show = (m: string, type: ToastType = 'default') => {
      console.info(`[toast:${type}] ${m}`);
      const el = document.createElement('div');
      el.setAttribute('role', type === 'error' ? 'alert' : 'status');
      el.textContent = m;
      el.style.cssText =
        'position:fixed;top:12px;left:50%;transform:translateX(-50%);background:#fff;padding:10px 14px;border-radius:8px;box-shadow:0 4px 16px #0003;z-index:9999';
      document.body.appendChild(el);
      setTimeout(() => el.remove(), 5000);
      return String(Date.now());
    };
    return {
      show,
      success: (m) => show(m, 'success'),
      error: (m) => show(m, 'error'),
      warning: (m) => show(m, 'warning'),
      info: (m) => show(m, 'info'),
      dismiss: () => undefined,
    };
  })();

  function Root() {
    const navigate = useNavigate();
    const location = useLocation();
    const s = useSyncExternalStore(
      (l) => {
        sessionListeners.add(l);
        return () => sessionListeners.delete(l);
      },
      () => session,
    );
    const [loc, setLoc] = useState<Locale>(locale);
    const [pendingKeys, setPendingKeys] = useState<string[]>([]);
    useEffect(() => customer.follow(location.pathname), [location.pathname]);
    const value = useMemo<Platform>(
      () => ({
        config: {
          supabaseUrl,
          supabaseAnonKey: LOCAL_ANON_KEY,
          remotes: { marketing: '', map: '', account: '', dashboard: '' } as Platform['config']['remotes'],
        },
        db,
        supabase,
        loadSupabase,
        toast,
        user: s ? { id: s.user.id, email: s.user.email ?? null, isAnonymous: s.user.is_anonymous === true } : null,
        profile: null,
        requestSignIn: (to) => {
          const q = new URLSearchParams(location.search);
          q.set('dialogAuth', 'true');
          if (to) q.set('to', to);
          navigate({ pathname: location.pathname, search: `?${q}` });
        },
        navigateTo: (name, params, query, o) => navigate(pathFor(name, params, query), { replace: o?.replace }),
        hrefFor: pathFor,
        pending: pendingKeys.length > 0,
        setPending: (key, on) => setPendingKeys((k) => (on ? [...new Set([...k, key])] : k.filter((x) => x !== key))),
        store: storeApi,
        customer,
        i18n: i18next,
        locale: loc,
        setLocale: (l) => {
          localStorage.setItem(LOCALE_STORAGE_KEY, l);
          document.documentElement.lang = l;
          setLoc(l);
          void i18next.changeLanguage(lang(l));
        },
        refreshProfile: async () => {
          await supabase.auth.refreshSession();
        },
        signOut: async () => {
          await supabase.auth.signOut();
        },
      }),
      [navigate, location.search, location.pathname, s, loc, pendingKeys],
    );
    return (
      <PlatformContext.Provider value={value}>
        <div style={{ padding: 8, fontSize: 12, background: '#222', color: '#eee' }}>
          Guestmap dev harness · {opts.remote}
        </div>
        <Outlet />
      </PlatformContext.Provider>
    );
  }
  const router = createBrowserRouter([
    {
      element: <Root />,
      children: ROUTE_NAMES.map((name) => {
        const Screen = opts.screens[name];
        return {
          path: ROUTES[name],
          element: Screen ? (
            <Screen />
          ) : (
            <p style={{ padding: 24 }}>
              {name} (not part of {opts.remote})
            </p>
          ),
        };
      }),
    },
  ]);
  createRoot(document.getElementById('root')!).render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}
