// Builds the Platform object every remote receives through usePlatform(), with shared-ui's factory
// (@guestmap/shared-ui/platform: `assemblePlatform`, every part given, no defaults bundled) from the shell's
// store, router, Supabase loader and toasts.
import { useMemo, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useLocation } from 'react-router-dom';
import type { SupabaseLoader } from './supabase-loader.ts';
import type { i18n as I18n } from 'i18next';
import {
  PlatformContext,
  pathFor,
  type Platform,
  type PlatformConfig,
  type Locale,
  type LocaleSaved,
} from '@guestmap/shared-ui/contracts';
import { assemblePlatform, storeApiOf } from '@guestmap/shared-ui/platform';
import { useAppDispatch, useAppSelector } from './hooks.ts';
import { uiSlice, type AppStore } from './store.ts';
import { customerSource } from './customer.ts';
import type { ToastStore } from '../components/toasts.tsx';
import type { LocaleWriter } from './locale-save.ts';
import { lastVisit } from '../routes/history.ts';
import { markSignOut } from '../routes/guard.tsx';
import { routeByName } from '../routes/route-table.ts';
import { isRouteName } from '@guestmap/shared-ui/contracts';

export interface PlatformDeps {
  config: PlatformConfig;
  supabase: SupabaseLoader;
  store: AppStore;
  toasts: ToastStore;
  i18n: I18n;
  refreshProfile: () => Promise<void>;
  signOut: () => Promise<void>;
  /** Applies a locale to the page: store, storage, i18n and <html lang>. */
  applyLocale: (l: Locale) => void;
  /** The one writer of the profile's language. */
  localeWriter: LocaleWriter;
}

export function PlatformProvider({ deps, children }: { deps: PlatformDeps; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.auth.user);
  const profile = useAppSelector((s) => s.auth.profile);
  const pending = useAppSelector((s) => s.ui.pendingKeys.length > 0);
  const locale = useAppSelector((s) => s.ui.locale);
  const localeSave = useAppSelector((s) => s.ui.localeSave);
  // The full client arrives later on a guest's first screen: screens re-render with it.
  const [client, setClient] = useState(() => deps.supabase.client);
  useEffect(() => deps.supabase.onLoaded(setClient), [deps.supabase]);

  // A new location gives requestSignIn the current page; navigateTo follows `navigate` alone.
  const { pathname, search } = location;
  const navigation = useMemo(() => ({ navigate, location: { pathname, search } }), [navigate, pathname, search]);
  // The profile's language has one writer, the shell (app/locale-save.ts): the top bar's menu and the
  // account's settings both come here.
  const saveLocale = useCallback(
    (l: Locale): Promise<LocaleSaved> => {
      deps.applyLocale(l);
      // A signed-in account keeps its language: it is applied again at the next sign-in.
      if (!user || !user.email || user.isAnonymous || !profile) return Promise.resolve('local');
      return deps.localeWriter.save(user.id, l, profile.language).then(
        (outcome) => {
          if (outcome === 'refused') console.warn('[shell] profile language not saved');
          return outcome;
        },
        (e: unknown): LocaleSaved => {
          // The writer's code could not be downloaded: not saved (the page shows the language all the same).
          console.warn('[shell] profile language not saved', e);
          return 'refused';
        },
      );
    },
    [deps, user, profile],
  );
  const setLocale = useCallback((l: Locale) => void saveLocale(l), [saveLocale]);
  const signOut = useCallback(async () => {
    // Leaving a page that needs an account: go Home, not to the sign-in dialog. The router renders the
    // way Home as a transition, which the sign-out's own update can overtake: the guard, told the user
    // signed out on purpose, then sends them Home too (routes/guard.tsx).
    markSignOut(window.location.pathname);
    const visit = lastVisit();
    if (visit && isRouteName(visit.name) && routeByName(visit.name).guard !== 'none')
      navigate(pathFor('Home'), { replace: true });
    await deps.signOut();
  }, [deps, navigate]);
  const setPending = useCallback(
    (key: string, on: boolean) => dispatch(uiSlice.actions.setPending({ key, on })),
    [dispatch],
  );

  const value = useMemo<Platform>(
    () =>
      assemblePlatform({
        config: deps.config,
        db: deps.supabase.db,
        supabase: client,
        loadSupabase: deps.supabase.load,
        toast: deps.toasts.api,
        user,
        profile,
        navigation,
        pending,
        setPending,
        store: storeApiOf(deps.store),
        customer: customerSource(deps.store, deps.supabase.db),
        i18n: deps.i18n,
        locale,
        setLocale,
        saveLocale,
        localeSave,
        refreshProfile: deps.refreshProfile,
        signOut,
      }),
    [deps, client, user, profile, navigation, pending, setPending, locale, setLocale, saveLocale, localeSave, signOut],
  );
  return <PlatformContext.Provider value={value}>{children}</PlatformContext.Provider>;
}
