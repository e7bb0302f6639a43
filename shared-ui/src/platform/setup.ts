// What a platform outside the shell starts with (the dev harness, renderWithPlatform): a store that
// takes a remote's slice later, and i18next set up as the shell sets it up (English bundled, every
// other language read through the loaders a remote's register gives). The shell has its own
// (shell/src/app/store.ts, shell/src/app/i18n.ts), with its slices and its catalogue.
import { combineSlices, configureStore, type Slice } from '@reduxjs/toolkit';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale, StoreApi } from '../contracts/index.ts';
import { FALLBACK_LNG, lang, lazyBundles } from '../i18n/index.ts';
import { storeApiOf } from './index.ts';

/** The Supabase CLI's well-known local anon key (public by design). */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** A Redux store with one root reducer that remotes' slices are injected into (as the shell's). */
export function createPlatformStore() {
  const rootReducer = combineSlices({ platform: (s: number = 0) => s }).withLazyLoadedSlices<Record<string, unknown>>();
  const store = configureStore({ reducer: rootReducer });
  const injected = new Set<string>();
  const inject = (slice: Slice) => {
    if (injected.has(slice.reducerPath)) return;
    injected.add(slice.reducerPath);
    slice.injectInto(rootReducer);
    store.dispatch({ type: '@@platform/inject', payload: slice.reducerPath });
  };
  const withInject = Object.assign(store, { inject });
  const api: StoreApi = storeApiOf(withInject);
  return { store: withInject, api };
}

/** Initialises `i18n` in `locale`'s language, English the fallback, other languages from loaders. */
export async function initPlatformI18n(i18n: I18n, locale: Locale): Promise<I18n> {
  await i18n
    .use(initReactI18next)
    .use(lazyBundles)
    .init({
      lng: lang(locale),
      fallbackLng: FALLBACK_LNG,
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return i18n;
}
