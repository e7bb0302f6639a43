// Boot: read /config.json, register the remotes it names, start i18n, the store and the Supabase
// client, then render. Nothing here knows a remote URL at build time.
//
// The boot's libraries are evaluated a step at a time, each in a task of its own (`eager` imports are in
// this chunk, no request: only their evaluation waits until asked for): evaluated together with the
// boot's steps they made one long task that kept a phone from answering a tap (total blocking time).
import { loadConfig, pageData } from './app/config.ts';
import { preloadManifest, registerFromConfig, setRegisterApi } from './mf/remotes.ts';
import { applyTheme, initialTheme } from './app/theme.ts';
import type { Locale } from '@guestmap/shared-ui/contracts';
import type { watchSession } from './app/session.ts';
import type { LocaleWriter } from './app/locale-save.ts';
import { yieldToMain } from './app/idle.ts';
import { showBootFailure } from './app/boot-failed.ts';
import { adoptEarlyApiCheck } from './app/early-api-check.ts';
import './app/shell.css';

// React, the router and the layout: a chunk evaluated in a task of its own (app/view.tsx) once the boot's
// steps are done; the HTML preloads it, so it has downloaded meanwhile. (Asked for earlier, it would be
// evaluated as soon as it arrived, with every library the steps below evaluate one at a time.)
const viewCode = () => import(/* webpackChunkName: "boot-view" */ './app/view.tsx');

async function boot() {
  const container = document.getElementById('root')!;
  let config;
  try {
    config = await loadConfig();
  } catch (e) {
    console.error(e);
    (await viewCode()).renderStatic(
      container,
      <p className="gm-boot-error">Guestmap could not start: its configuration is missing or invalid.</p>,
    );
    return;
  }
  const theme = initialTheme();
  applyTheme(theme);
  registerFromConfig(config);
  await yieldToMain();
  // The route the page opens (react-router ranks it): its remote's manifest downloads while the rest starts.
  const { matchRoute } = await import(/* webpackMode: "eager" */ './routes/route-table.ts');
  const opening = matchRoute(window.location.pathname);
  if (opening) preloadManifest(opening.def.remote);
  await yieldToMain();
  const { authSlice, makeStore, uiSlice } = await import(/* webpackMode: "eager" */ './app/store.ts');
  const store = makeStore();
  await yieldToMain();
  const [{ createSupabaseLoader }, { customerTextsFor, prefetchCustomer, seedCustomer }, { initialLocale }] =
    await Promise.all([
      import(/* webpackMode: "eager" */ './app/supabase-loader.ts'),
      import(/* webpackMode: "eager" */ './app/customer.ts'),
      import(/* webpackMode: "eager" */ './app/initial-locale.ts'),
    ]);
  // supabase-js loads when a session may exist, or on first use (app/supabase-loader.ts).
  const sessionCode = () => import('./app/session.ts');
  const supabase = createSupabaseLoader(config, { alongside: sessionCode });
  // What start.js's first check of the API found (a map page): the page's first connectivity outcome.
  adoptEarlyApiCheck();
  // A customer route: the page came with its customer (the server drew its splash), or it is read now,
  // while i18n and React start.
  const customerId = opening?.def.customer ? opening.params.customerId : undefined;
  // Its texts in the page's language (every language on the dashboard's screens, which edit them).
  const texts = customerTextsFor(opening?.def.remote, initialLocale());
  if (customerId && !seedCustomer(store.dispatch, customerId, pageData('gm-boot-customer'), texts))
    prefetchCustomer(supabase.db, customerId, texts);
  await yieldToMain();
  const [{ applyLocale, initI18n, rememberLocale }, { addNamespace }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/i18n.ts'),
    import(/* webpackMode: "eager" */ '@guestmap/shared-ui/i18n'),
  ]);
  const locale = initialLocale();
  rememberLocale(locale);
  const i18n = await initI18n(locale);
  await yieldToMain();
  store.dispatch(uiSlice.actions.setLocale(locale));
  store.dispatch(uiSlice.actions.setTheme(theme));
  const setPageLocale = (l: Locale) => {
    store.dispatch(uiSlice.actions.setLocale(l));
    void applyLocale(l);
  };
  const [{ createToastStore }, { registerServiceWorker }] = await Promise.all([
    import(/* webpackMode: "eager" */ './components/toasts.tsx'),
    import(/* webpackMode: "eager" */ './app/offline.ts'),
  ]);
  // The one writer of the profile's language (app/locale-save.ts): every choice, from any screen, goes here. Its
  // code downloads with the first choice of a signed-in user (no first screen carries it).
  let writer: LocaleWriter | null = null;
  let loading: Promise<LocaleWriter> | null = null;
  let waiting = 0;
  const loadWriter = () =>
    (loading ??= import('./app/locale-save.ts').then(
      ({ createLocaleWriter, writeProfileLanguage }) =>
        (writer = createLocaleWriter({
          write: (userId, language) => writeProfileLanguage(supabase.db, userId, language),
          onStatus: (s) => {
            store.dispatch(uiSlice.actions.setLocaleSave(s));
            store.dispatch(uiSlice.actions.setPending({ key: 'shell:locale', on: s !== 'idle' }));
          },
          onSaved: (userId, language) => store.dispatch(authSlice.actions.profileLanguageSaved({ userId, language })),
        })),
      (e: unknown) => {
        // The code did not arrive (the connection dropped): the next choice asks for it again.
        loading = null;
        throw e;
      },
    ));
  const localeWriter: LocaleWriter = {
    // Choices made while the code downloads reach the writer in their order (one promise, settled once).
    save: async (userId, l, current) => {
      waiting++;
      try {
        const w = writer ?? (await loadWriter());
        return w.save(userId, l, current);
      } finally {
        waiting--;
      }
    },
    busy: () => waiting > 0 || (writer?.busy() ?? false),
  };
  // A profile row pushed while a choice is being saved is older than that choice: the page keeps the choice.
  const applyProfileLocale = (l: Locale) => {
    if (!localeWriter.busy()) setPageLocale(l);
  };
  const toasts = createToastStore();
  setRegisterApi({
    store: {
      inject: store.inject,
      dispatch: store.dispatch as (a: unknown) => unknown,
      getState: store.getState,
      subscribe: store.subscribe,
    },
    i18n,
    addResources: (ns, res) => addNamespace(i18n, ns, res),
    db: supabase.db,
    get route() {
      const m = matchRoute(window.location.pathname);
      return m ? { name: m.def.name, params: m.params } : null;
    },
  });
  let session: ReturnType<typeof watchSession> | null = null;
  // The session code travels with the client: a visitor's first screen needs neither.
  const sessionStarted = new Promise<ReturnType<typeof watchSession>>((resolve, reject) => {
    supabase.onLoaded((client) => {
      sessionCode().then(({ watchSession }) => {
        session = watchSession({ supabase: client, store, toast: toasts.api, i18n, applyLocale: applyProfileLocale });
        resolve(session);
      }, reject);
    });
  });
  sessionStarted.catch((e) => console.error('[shell] the session code could not load', e));
  if (supabase.mayHaveSession()) void supabase.load();
  // No session anywhere: a visitor, known at once (the client reports the same when it loads).
  else store.dispatch(authSlice.actions.signedOut());
  const withSession = async () => {
    await supabase.load();
    return sessionStarted;
  };
  // For diagnostics and browser tests: the one store of the page and the toasts (no secrets).
  (window as unknown as { __GUESTMAP__: unknown }).__GUESTMAP__ = {
    store,
    toast: toasts.api,
    session: () => session?.keeper.state ?? null,
    realtime: () => session?.realtimeStatus() ?? 'closed',
  };
  const deps = {
    config,
    supabase,
    store,
    toasts,
    i18n,
    refreshProfile: async () => (session ? session.refreshProfile() : undefined),
    signOut: async () => (await withSession()).signOut(),
    applyLocale: setPageLocale,
    localeWriter,
  };
  registerServiceWorker({ enabled: process.env.NODE_ENV === 'production' });
  await yieldToMain();
  const view = await viewCode();
  view.renderApp(container, { store, deps, toasts });
}

// A step that fails (the view's file on a dropped connection, a fault) would leave the page on its spinner.
boot().catch((e: unknown) => showBootFailure(e));
