// i18next helpers shared by the shell and remotes. A remote adds its namespace only once the
// shell's i18next instance is initialised (addResourceBundle does not exist before init()).
import type { i18n as I18n } from 'i18next';
import { LOCALES, type Locale } from '../contracts/index.ts';
import { pickContent } from './content.ts';

export * from './content.ts';

export const FALLBACK_LNG = 'en';

/** 'vi-VN' → 'vi'; catalogues are keyed by language (en, vi, fr). */
export const lang = (l: Locale | string): 'en' | 'vi' | 'fr' => {
  const s = l.slice(0, 2);
  return s === 'vi' || s === 'fr' ? s : 'en';
};

export function normaliseLocale(v: unknown): Locale | null {
  if (typeof v !== 'string') return null;
  const found = LOCALES.find(
    (l) => l.toLowerCase() === v.toLowerCase() || l.slice(0, 2) === v.slice(0, 2).toLowerCase(),
  );
  return found ?? null;
}

type Bundle = Record<string, unknown>;
/** A language's texts: the texts themselves, or a loader (`() => import('./vi.json')`) run only when that language is needed. */
export type BundleSource = Bundle | (() => Promise<Bundle | { default: Bundle }>);
export type NamespaceResources = Partial<Record<'en' | 'vi' | 'fr', BundleSource>>;

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

const mergedInto = new WeakMap<object, WeakSet<I18n>>();

/**
 * Merges texts into an existing namespace under their own keys (a lazily loaded feature's texts), in
 * every language whose namespace texts are loaded now or later: adding them to a language not loaded
 * yet would make i18next believe that language's namespace is already there.
 */
export function mergeIntoNamespace(i18n: I18n, ns: string, perLanguage: Record<string, Bundle>): void {
  // Once per i18next instance and texts object (a screen calls it whenever it mounts).
  const seen = mergedInto.get(perLanguage) ?? new WeakSet<I18n>();
  mergedInto.set(perLanguage, seen);
  if (seen.has(i18n)) return;
  seen.add(i18n);
  const merge = (lng: string) => {
    const texts = perLanguage[lng];
    if (texts && i18n.hasResourceBundle(lng, ns)) i18n.addResourceBundle(lng, ns, texts, true, true);
  };
  for (const lng of Object.keys(perLanguage)) merge(lng);
  // i18next reports `{ [language]: { [namespace]: true } }` once a download is in the store.
  i18n.on('loaded', (loaded: Record<string, Record<string, boolean>>) => {
    for (const [lng, namespaces] of Object.entries(loaded)) if (namespaces?.[ns]) merge(lng);
  });
}

/** Picks a text from a per-language object (`{en, vi, fr, zh, ko, ja}`): the locale's language, then
 * English, then Vietnamese (see content.ts). */
export function pickText(value: unknown, locale: Locale | string): string {
  return pickContent(value, locale);
}
