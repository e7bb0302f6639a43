// The standalone dev harness: runs one remote alone (pnpm --filter @guestmap/mfe-x dev) with the
// same platform context the shell provides (store with inject, i18n, Supabase client against the
// local stack, toasts, navigation by route name). Screens the remote does not own show their name.
import { useMemo, useState, useSyncExternalStore, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider, Outlet, useNavigate, useLocation } from 'react-router-dom';
import i18next from 'i18next';
import { createClient, type Session } from '@supabase/supabase-js';
import {
  PlatformContext,
  createDb,
  trackedFetch,
  ROUTES,
  ROUTE_NAMES,
  ROUTE_REGISTRY,
  exposeFileOf,
  type RemoteName,
  LOCALE_STORAGE_KEY,
  type Platform,
  type RegisterRemote,
  type RouteName,
  type ToastType,
  type Locale,
} from '../contracts/index.ts';
import { addNamespace, lang, normaliseLocale } from '../i18n/index.ts';
import { cssVariables } from '../tokens/index.ts';
import { consoleToasts, createPlatform, NO_REMOTES } from '../platform/index.ts';
import { createPlatformStore, initPlatformI18n, LOCAL_ANON_KEY } from '../platform/setup.ts';

/** The remote's `src/expose/` folder as the bundler gives it: `import.meta.webpackContext('./expose', …)`. */
export interface ExposeFolder {
  keys(): string[];
  (file: string): unknown;
}

export interface HarnessOptions {
  remote: RemoteName;
  /** The screens' files (`./<kebab-case module>.tsx`, default-exporting the screen): the route registry
   *  says which route each renders (shared-ui/src/contracts/route-registry.js). */
  expose: ExposeFolder;
  register?: RegisterRemote;
  supabaseUrl?: string;
}

/** The remote's screen of each of its routes, from the route registry and its expose folder. */
export function harnessScreens(remote: RemoteName, expose: ExposeFolder): Partial<Record<RouteName, ComponentType>> {
  const files = new Set(expose.keys());
  const screens: Partial<Record<RouteName, ComponentType>> = {};
  for (const name of ROUTE_NAMES) {
    const route = ROUTE_REGISTRY[name];
    const file = `./${exposeFileOf(route.module)}`;
    if (route.remote !== remote) continue;
    if (!files.has(file)) throw new Error(`${remote}: src/expose/${file.slice(2)} is missing (route ${name})`);
    screens[name] = (expose(file) as { default: ComponentType }).default;
  }
  return screens;
}

export async function mountHarness(opts: HarnessOptions): Promise<void> {
  const screens = harnessScreens(opts.remote, opts.expose);
  for (const [k, v] of Object.entries(cssVariables('light'))) document.documentElement.style.setProperty(k, v);
  const locale: Locale = normaliseLocale(localStorage.getItem(LOCALE_STORAGE_KEY)) ?? 'en-US';
  await initPlatformI18n(i18next, locale);
  const { store, api: storeApi } = createPlatformStore();
  const supabaseUrl = opts.supabaseUrl ?? 'http://127.0.0.1:54321';
  const supabase = createClient(supabaseUrl, LOCAL_ANON_KEY, {
    global: { fetch: trackedFetch() },
    db: { retry: false },
  });
  const db = createDb(
    supabaseUrl,
    LOCAL_ANON_KEY,
    async () => (await supabase.auth.getSession()).data.session?.access_token ?? null,
  );
  const loadSupabase = () => Promise.resolve(supabase);
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
  const toast = consoleToasts((m: string, type: ToastType) => {
    console.info(`[toast:${type}] ${m}`);
    const el = document.createElement('div');
    el.setAttribute('role', type === 'error' ? 'alert' : 'status');
    el.textContent = m;
    el.style.cssText =
      'position:fixed;top:12px;left:50%;transform:translateX(-50%);background:#fff;padding:10px 14px;border-radius:8px;box-shadow:0 4px 16px #0003;z-index:9999';
    document.body.appendChild(el);
    setTimeout(() => el.remove(), 5000);
  });

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
    const { pathname, search } = location;
    const navigation = useMemo(() => ({ navigate, location: { pathname, search } }), [navigate, pathname, search]);
    const value = useMemo<Platform>(
      () =>
        createPlatform({
          config: { supabaseUrl, supabaseAnonKey: LOCAL_ANON_KEY, remotes: NO_REMOTES },
          db,
          supabase,
          loadSupabase,
          toast,
          user: s ? { id: s.user.id, email: s.user.email ?? null, isAnonymous: s.user.is_anonymous === true } : null,
          navigation,
          pending: pendingKeys.length > 0,
          setPending: (key, on) => setPendingKeys((k) => (on ? [...new Set([...k, key])] : k.filter((x) => x !== key))),
          store: storeApi,
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
      [navigation, s, loc, pendingKeys],
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
        const Screen = screens[name];
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
