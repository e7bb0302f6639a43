// Usage: const { platform, location } = await renderWithPlatform(<NotFound />, { language: 'fr', texts: { shell: shellCatalogues } });
//
// Component tests inside the platform's providers, as the shell renders a screen: a router (a memory
// router at `path`, the component under `route`'s pattern so useParams works), i18next in the chosen
// language with the given catalogues (or a remote's own `register`, which also injects its slice), the
// Redux store (the platform's, or one given: the shell's makeStore()), and the Platform object from the
// one factory (../platform). `supabaseUrl` gives the screen a real supabase-js client and `db` against
// that API (the local stack: local-stack/testing/stack.ts), optionally signed in first; without it the
// screen has no database (`db.from()` throws): for pure UI states. antd screens: wrapper AntdTestProvider
// (@guestmap/shared-ui/testing/antd).
import { useLayoutEffect, useMemo, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation, useNavigate, type Location } from 'react-router-dom';
import i18next, { type i18n as I18n } from 'i18next';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.ts';
import {
  PlatformContext,
  ROUTES,
  createDb,
  pathFor,
  type Locale,
  type Platform,
  type PlatformUser,
  type Profile,
  type RegisterRemote,
  type RouteName,
  type RouteParams,
  type StoreApi,
} from '../contracts/index.ts';
import type { Db } from '../contracts/db.ts';
import { addNamespace, lang, localeOf, normaliseLocale, type Lang, type NamespaceResources } from '../i18n/index.ts';
import { createPlatform, storeApiOf, NO_REMOTES, type PlatformOptions } from '../platform/index.ts';
import { createPlatformStore, initPlatformI18n, LOCAL_ANON_KEY } from '../platform/setup.ts';
import { harnessCustomer } from '../harness/customer.ts';

type ReduxStore = Parameters<typeof storeApiOf>[0] & {
  dispatch: (action: never) => unknown;
  getState: () => unknown;
  subscribe: (listener: () => void) => () => void;
};

export interface RenderWithPlatformOptions {
  /** The page's language: an app code ('fr') or a tag ('fr-FR'). Default English. */
  language?: Lang | Locale;
  /** Catalogues to add before rendering: `{ shell: { en, fr: () => import('./fr.json'), … } }`. */
  texts?: Record<string, NamespaceResources>;
  /** A remote's ./register (its slice and its texts), run as the shell runs it. */
  register?: RegisterRemote;
  /** The address the page is at. Default: `route`'s path with `params`, else '/'. */
  path?: string;
  /** The route the component is rendered as (useParams gives its params). Default: any path. */
  route?: RouteName;
  params?: RouteParams;
  /** A Redux store with `inject` (the shell's makeStore()); default: an empty platform store. */
  store?: ReduxStore;
  /** A real API (the local stack's URL): `db` and `supabase` talk to it. Default: no database. */
  supabaseUrl?: string;
  supabaseAnonKey?: string;
  /** Signs in with a password first (needs supabaseUrl): `user` is that account. */
  signIn?: { email: string; password: string };
  user?: PlatformUser | null;
  profile?: Profile | null;
  /** Wraps the component inside the providers (AntdTestProvider for antd screens). */
  wrapper?: ComponentType<{ children: ReactNode }>;
  /** Anything else of the Platform (toast, requestSignIn, …). */
  platform?: Partial<PlatformOptions>;
}

export interface PlatformRender extends RenderResult {
  /** The platform the component sees now. */
  platform: () => Platform;
  /** The router's location now (after navigateTo). */
  location: () => Location;
  store: ReduxStore;
  i18n: I18n;
  supabase: SupabaseClient<Database> | null;
}

let clients = 0;

export async function renderWithPlatform(
  ui: ReactElement,
  opts: RenderWithPlatformOptions = {},
): Promise<PlatformRender> {
  const language = opts.language ?? 'en';
  const locale: Locale = normaliseLocale(language) ?? localeOf(lang(language));
  const i18n = await initPlatformI18n(i18next.createInstance(), locale);
  const own = opts.store ? null : createPlatformStore();
  const store = (opts.store ?? own!.store) as ReduxStore;
  const storeApi: StoreApi = storeApiOf(store);

  let supabase: SupabaseClient<Database> | null = null;
  let db: Db | undefined;
  let user = opts.user ?? null;
  if (opts.supabaseUrl) {
    const key = opts.supabaseAnonKey ?? LOCAL_ANON_KEY;
    const client = createClient<Database>(opts.supabaseUrl, key, {
      auth: {
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storageKey: `gm-test-${++clients}`,
      },
      db: { retry: false },
    });
    supabase = client;
    db = createDb(
      opts.supabaseUrl,
      key,
      async () => (await client.auth.getSession()).data.session?.access_token ?? null,
    );
    if (opts.signIn) {
      const { data, error } = await client.auth.signInWithPassword(opts.signIn);
      if (error) throw new Error(`renderWithPlatform: sign-in as ${opts.signIn.email} failed: ${error.message}`);
      user ??= { id: data.user.id, email: data.user.email ?? null, isAnonymous: data.user.is_anonymous === true };
    }
  }

  for (const [ns, resources] of Object.entries(opts.texts ?? {})) await addNamespace(i18n, ns, resources);
  const route = opts.route ? { name: opts.route, params: opts.params ?? {} } : null;
  await opts.register?.({
    store: storeApi,
    i18n,
    addResources: (ns, r) => addNamespace(i18n, ns, r),
    db: db ?? (createPlatform({ i18n, locale }).db as Db),
    route,
  });

  // The route's customer (`useCustomer()`), read from the database as the shell reads it for the page.
  const customer = db ? harnessCustomer(db) : undefined;

  let current: Platform | null = null;
  let where: Location | null = null;
  function Platformed({ children }: { children: ReactNode }) {
    const navigate = useNavigate();
    const location = useLocation();
    where = location;
    const [loc, setLoc] = useState(locale);
    const [pending, setPendingKeys] = useState<string[]>([]);
    const { pathname, search } = location;
    useLayoutEffect(() => customer?.follow(pathname), [pathname]);
    const navigation = useMemo(() => ({ navigate, location: { pathname, search } }), [navigate, pathname, search]);
    const platform = useMemo(
      () =>
        createPlatform({
          config: {
            supabaseUrl: opts.supabaseUrl ?? '',
            supabaseAnonKey: opts.supabaseUrl ? (opts.supabaseAnonKey ?? LOCAL_ANON_KEY) : '',
            remotes: NO_REMOTES,
          },
          db,
          supabase,
          user,
          profile: opts.profile ?? null,
          navigation,
          pending: pending.length > 0,
          setPending: (k, on) => setPendingKeys((p) => (on ? [...new Set([...p, k])] : p.filter((x) => x !== k))),
          store: storeApi,
          customer,
          i18n,
          locale: loc,
          setLocale: (l) => {
            setLoc(l);
            void i18n.changeLanguage(lang(l));
          },
          signOut: async () => {
            await supabase?.auth.signOut();
          },
          ...opts.platform,
        }),
      [navigation, loc, pending],
    );
    current = platform;
    return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
  }

  const Wrapper = opts.wrapper ?? (({ children }: { children: ReactNode }) => <>{children}</>);
  const initial = opts.path ?? (opts.route ? pathFor(opts.route, opts.params) : '/');
  const result = render(
    <Provider store={store as never}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[initial]}>
          <Platformed>
            <Routes>
              <Route path={opts.route ? ROUTES[opts.route] : '*'} element={<Wrapper>{ui}</Wrapper>} />
              <Route path="*" element={null} />
            </Routes>
          </Platformed>
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return {
    ...result,
    platform: () => current!,
    location: () => where!,
    store,
    i18n,
    supabase,
  };
}

/**
 * Runs `start` with Node's own Blob and File in place of jsdom's (which cannot give their bytes back):
 * PGlite reads its database image through them, so a jsdom test starts the local stack as
 * `await withNodeBlobs(() => startTestStack('pglite'))`.
 */
export async function withNodeBlobs<T>(start: () => Promise<T>): Promise<T> {
  const { Blob, File } = await import('node:buffer');
  const saved = { Blob: globalThis.Blob, File: globalThis.File };
  Object.assign(globalThis, { Blob, File });
  try {
    return await start();
  } finally {
    Object.assign(globalThis, saved);
  }
}

/**
 * Holds every read of the API's REST service (`/rest/v1/`) until `release()`: the screen is shown while its
 * reads are really in flight, then the same requests go on to the stack unchanged. Install before rendering
 * (the client takes `fetch` when it is made); `restore()` in a finally. `which` holds only the reads whose address
 * it accepts (the others go through at once).
 */
export function holdReads(which: (url: string) => boolean = () => true) {
  const realFetch = globalThis.fetch;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let held = 0;
  globalThis.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/rest/v1/') && which(url)) {
      held++;
      await gate;
    }
    return realFetch(input, init);
  };
  return {
    /** How many requests are waiting (or have waited) at the gate. */
    held: () => held,
    release: () => open(),
    restore: () => {
      open();
      globalThis.fetch = realFetch;
    },
  };
}
