// Boot: read /config.json, register the remotes it names, start i18n, the store and the Supabase
// client, then render. Nothing here knows a remote URL at build time.
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createClient } from '@supabase/supabase-js';
import { addNamespace } from '@guestmap/shared-ui/i18n';
import { cssVariables } from '@guestmap/shared-ui/tokens';
import { loadConfig } from './app/config.ts';
import { registerFromConfig, setRegisterApi } from './mf/remotes.ts';
import { initI18n, initialLocale } from './app/i18n.ts';
import { makeStore, uiSlice } from './app/store.ts';
import { PlatformProvider } from './app/platform.tsx';
import { watchSession } from './app/session.ts';
import { makeRouter } from './routes/router.tsx';
import { Layout } from './components/layout.tsx';
import { createToastStore } from './components/toasts.tsx';
import './app/shell.css';

async function boot() {
  const root = createRoot(document.getElementById('root')!);
  let config;
  try {
    config = await loadConfig();
  } catch (e) {
    console.error(e);
    root.render(<p className="gm-boot-error">Guestmap could not start: its configuration is missing or invalid.</p>);
    return;
  }
  for (const [k, v] of Object.entries(cssVariables('light'))) document.documentElement.style.setProperty(k, v);
  registerFromConfig(config);
  const locale = initialLocale();
  const i18n = await initI18n(locale);
  const store = makeStore();
  store.dispatch(uiSlice.actions.setLocale(locale));
  setRegisterApi({ store: { inject: store.inject, dispatch: store.dispatch as (a: unknown) => unknown, getState: store.getState, subscribe: store.subscribe }, i18n, addResources: (ns, res) => addNamespace(i18n, ns, res) });
  const supabase = createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  });
  const session = watchSession(supabase, store);
  // For diagnostics and browser tests: the one store of the page (no secrets: UI state only).
  (window as unknown as { __GUESTMAP__: unknown }).__GUESTMAP__ = { store };
  const toasts = createToastStore();
  const deps = { config, supabase, store, toasts, i18n, refreshProfile: session.refreshProfile, signOut: session.signOut };
  const router = makeRouter(
    <PlatformProvider deps={deps}>
      <Layout toasts={toasts} />
    </PlatformProvider>,
  );
  root.render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

void boot();
