// Builds the Platform object every remote receives through usePlatform().
import { useMemo, useCallback, type ReactNode } from 'react';
import { useNavigate, useLocation } from 'react-router-dom';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { i18n as I18n } from 'i18next';
import { PlatformContext, pathFor, type Platform, type PlatformConfig, type RouteName, type RouteParams, type RouteQuery, type Locale } from '@guestmap/shared-ui/contracts';
import { useAppDispatch, useAppSelector } from './hooks.ts';
import { uiSlice, type AppStore } from './store.ts';
import { applyLocale } from './i18n.ts';
import type { ToastStore } from '../components/toasts.tsx';

export interface PlatformDeps {
  config: PlatformConfig;
  supabase: SupabaseClient;
  store: AppStore;
  toasts: ToastStore;
  i18n: I18n;
  refreshProfile: () => Promise<void>;
  signOut: () => Promise<void>;
}

export function PlatformProvider({ deps, children }: { deps: PlatformDeps; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.auth.user);
  const profile = useAppSelector((s) => s.auth.profile);
  const pending = useAppSelector((s) => s.ui.pendingKeys.length > 0);
  const locale = useAppSelector((s) => s.ui.locale);

  const navigateTo = useCallback(
    (name: RouteName, params?: RouteParams, query?: RouteQuery, opts?: { replace?: boolean }) => navigate(pathFor(name, params, query), { replace: opts?.replace }),
    [navigate],
  );
  const requestSignIn = useCallback(
    (to?: RouteName, params?: RouteParams) => {
      const q = new URLSearchParams(location.search);
      q.set('dialogAuth', 'true');
      if (to) q.set('to', to);
      if (params?.customerId) q.set('customerId', params.customerId);
      navigate({ pathname: location.pathname, search: `?${q}` });
    },
    [navigate, location.pathname, location.search],
  );
  const setLocale = useCallback(
    (l: Locale) => {
      dispatch(uiSlice.actions.setLocale(l));
      void applyLocale(l);
    },
    [dispatch],
  );
  const setPending = useCallback((key: string, on: boolean) => dispatch(uiSlice.actions.setPending({ key, on })), [dispatch]);

  const value = useMemo<Platform>(
    () => ({
      config: deps.config,
      supabase: deps.supabase,
      toast: deps.toasts.api,
      user,
      profile,
      requestSignIn,
      navigateTo,
      hrefFor: pathFor,
      pending,
      setPending,
      store: { inject: deps.store.inject, dispatch: deps.store.dispatch as (a: unknown) => unknown, getState: deps.store.getState, subscribe: deps.store.subscribe },
      i18n: deps.i18n,
      locale,
      setLocale,
      refreshProfile: deps.refreshProfile,
      signOut: deps.signOut,
    }),
    [deps, user, profile, requestSignIn, navigateTo, pending, setPending, locale, setLocale],
  );
  return <PlatformContext.Provider value={value}>{children}</PlatformContext.Provider>;
}
