// A lazily loaded feature's texts (the rewards panel's, the terms'), merged into its remote's namespace.
// Not part of the shared i18n module the shell loads first: only the chunks that need it bundle it, so a
// page without those features downloads none of it.
import { useEffect, useReducer } from 'react';
import type { i18n as I18n } from 'i18next';

type Bundle = Record<string, unknown>;
type Loader = () => Promise<Bundle | { default: Bundle }>;
/** A feature's texts in one language: the texts, or a loader run when that language is shown. */
export type FeatureSource = Bundle | Loader;

const unwrap = (m: Bundle | { default: Bundle }) =>
  ('default' in m && typeof m.default === 'object' ? m.default : m) as Bundle;

interface Merged {
  /** Languages whose texts are in the store (merged, or bundled and merged on demand). */
  loaded: Set<string>;
  loading: Map<string, Promise<void>>;
  listeners: Set<() => void>;
}
const mergedInto = new WeakMap<object, WeakMap<I18n, Merged>>();

function stateOf(i18n: I18n, perLanguage: object): Merged | undefined {
  return mergedInto.get(perLanguage)?.get(i18n);
}

/**
 * Merges texts into an existing namespace under their own keys (a lazily loaded feature's texts), in
 * every language whose namespace texts are loaded now or later: adding them to a language not loaded
 * yet would make i18next believe that language's namespace is already there. A language given as a
 * loader (`zh: () => import('./zh.json')`) downloads only when that language's namespace is there,
 * i.e. when the page shows it: an English page never downloads another language's feature texts.
 */
export function mergeIntoNamespace(i18n: I18n, ns: string, perLanguage: Record<string, FeatureSource>): void {
  // Once per i18next instance and texts object (a screen calls it whenever it mounts).
  const byI18n = mergedInto.get(perLanguage) ?? new WeakMap<I18n, Merged>();
  mergedInto.set(perLanguage, byI18n);
  if (byI18n.has(i18n)) return;
  const state: Merged = { loaded: new Set(), loading: new Map(), listeners: new Set() };
  byI18n.set(i18n, state);
  const add = (lng: string, texts: Bundle) => {
    i18n.addResourceBundle(lng, ns, texts, true, true);
    state.loaded.add(lng);
    for (const l of state.listeners) l();
  };
  const merge = (lng: string) => {
    const source = perLanguage[lng];
    if (!source || !i18n.hasResourceBundle(lng, ns)) return;
    if (typeof source !== 'function') return add(lng, source);
    if (state.loaded.has(lng) || state.loading.has(lng)) {
      // Loaded before (a language switch back): i18next kept the texts, unless the bundle was replaced.
      return;
    }
    state.loading.set(
      lng,
      source().then(
        (m) => add(lng, unwrap(m)),
        (e) => {
          state.loading.delete(lng);
          console.warn(`[i18n] texts of ${ns} in ${lng} did not load`, e);
        },
      ),
    );
  };
  for (const lng of Object.keys(perLanguage)) merge(lng);
  // i18next reports `{ [language]: { [namespace]: true } }` once a download is in the store.
  i18n.on('loaded', (loaded: Record<string, Record<string, boolean>>) => {
    for (const [lng, namespaces] of Object.entries(loaded)) if (namespaces?.[ns]) merge(lng);
  });
}

/**
 * Merges a lazily loaded feature's texts (mergeIntoNamespace) and answers whether the page's language has
 * them yet; the component renders again when they arrive. A screen shows nothing until then rather than
 * a moment of English.
 */
export function useFeatureTexts(i18n: I18n, ns: string, perLanguage: Record<string, FeatureSource>): boolean {
  mergeIntoNamespace(i18n, ns, perLanguage);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const state = stateOf(i18n, perLanguage)!;
  // A language without texts of its own for the feature shows English (i18next's fallback).
  const isReady = () => {
    const lng = i18n.resolvedLanguage ?? i18n.language;
    return !perLanguage[lng] || state.loaded.has(lng) || !i18n.hasResourceBundle(lng, ns);
  };
  const ready = isReady();
  useEffect(() => {
    state.listeners.add(rerender);
    // The texts may have arrived between this render and the subscription.
    if (!ready && isReady()) rerender();
    return () => void state.listeners.delete(rerender);
  });
  return ready;
}
