// i18next helpers shared by the shell and remotes. A remote adds its namespace only once the
// shell's i18next instance is initialised (addResourceBundle does not exist before init()).
import { useEffect, useReducer } from 'react';
import type { i18n as I18n } from 'i18next';
import { LOCALES, type Locale } from '../contracts/index.ts';
import { LANGUAGES, firstSpoken } from './languages.js';

export { LANGUAGES, LANGS, firstSpoken } from './languages.js';

/** An app language code (en, vi, fr, zh, ko, ja): catalogue file names and keys of per-language texts. */
export type Lang = (typeof LANGUAGES)[number]['lang'];

export const FALLBACK_LNG = 'en';

/** 'vi-VN' → 'vi', 'zh-CN' → 'zh'; a language the product does not speak → 'en'. */
export const lang = (l: Locale | string): Lang => firstSpoken([l])?.lang ?? 'en';

/** 'zh' → 'zh-CN': the BCP-47 tag of an app language (for <html lang> and Intl). */
export const localeOf = (l: Lang): Locale => LANGUAGES.find((x) => x.lang === l)!.locale;

export function normaliseLocale(v: unknown): Locale | null {
  if (typeof v !== 'string') return null;
  const found = LOCALES.find((l) => l.toLowerCase() === v.toLowerCase()) ?? firstSpoken([v])?.locale;
  return found ?? null;
}

/**
 * The page's language on arrival: the visitor's choice (the menu or the profile, stored by the shell), else the
 * first of the browser's preferred languages the product speaks (navigator.languages), else English.
 */
export function preferredLocale(stored: string | null | undefined, browser: readonly string[] | undefined): Locale {
  return normaliseLocale(stored) ?? firstSpoken(browser ?? [])?.locale ?? 'en-US';
}

type Bundle = Record<string, unknown>;
/** A language's texts: the texts themselves, or a loader (`() => import('./vi.json')`) run only when that language is needed. */
export type BundleSource = Bundle | (() => Promise<Bundle | { default: Bundle }>);
export type NamespaceResources = Partial<Record<Lang, BundleSource>>;
/** A remote's catalogue: English bundled, and a loader for every other language the product speaks. */
export type CatalogueSources = { en: Bundle } & Record<Exclude<Lang, 'en'>, Loader>;

const loaders = new Map<string, () => Promise<Bundle | { default: Bundle }>>();

/**
 * An i18next backend over the loaders given to `addNamespace`: a language's texts download only when
 * the page shows that language (init with `partialBundledLanguages: true`; English, the fallback, is
 * normally bundled). A namespace without a loader for a language answers empty (English shows).
 */
export const lazyBundles = {
  type: 'backend' as const,
  init() {},
  read(lng: string, ns: string, done: (error: unknown, data: Bundle | false) => void) {
    const load = loaders.get(`${lng}|${ns}`);
    if (!load) return done(null, {});
    load().then(
      (m) => done(null, ('default' in m && typeof m.default === 'object' ? m.default : m) as Bundle),
      (e) => done(e, false),
    );
  },
};

/**
 * Adds namespace `ns` (`{en: {...}, vi: () => import('./vi.json'), ...}`), now or when i18next
 * initialises; resolves once the texts of the page's current language are there.
 */
export function addNamespace(i18n: I18n, ns: string, resources: NamespaceResources): Promise<void> {
  // Loaders first, at once: i18next's init may already be reading this namespace's languages.
  for (const [lng, source] of Object.entries(resources))
    if (typeof source === 'function') loaders.set(`${lng}|${ns}`, source);
  const add = async () => {
    for (const [lng, source] of Object.entries(resources))
      if (typeof source !== 'function') i18n.addResourceBundle(lng, ns, source, true, true);
    await i18n.loadNamespaces(ns);
  };
  if (i18n.isInitialized) return add();
  return new Promise((resolve) => i18n.on('initialized', () => void add().then(resolve, resolve)));
}

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
  useEffect(() => {
    state.listeners.add(rerender);
    return () => void state.listeners.delete(rerender);
  }, [state]);
  const lng = i18n.resolvedLanguage ?? i18n.language;
  // A language without texts of its own for the feature shows English (i18next's fallback).
  return !perLanguage[lng] || state.loaded.has(lng) || !i18n.hasResourceBundle(lng, ns);
}

/** Picks a text from a per-language object (`{en, vi, fr, zh, ko, ja}`), falling back to English. */
export function pickText(value: unknown, locale: Locale | string): string {
  if (!value || typeof value !== 'object') return typeof value === 'string' ? value : '';
  const v = value as Record<string, unknown>;
  const l = lang(locale);
  const s = v[l] ?? v.en;
  return typeof s === 'string' ? s : '';
}
