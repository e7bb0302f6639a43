// i18next helpers shared by the shell and remotes. A remote adds its namespace only once the
// shell's i18next instance is initialised (addResourceBundle does not exist before init()).
import type { i18n as I18n } from 'i18next';
import { LOCALES, type Locale } from '../contracts/index.ts';
import { LANGUAGES, firstSpoken } from './languages.js';
import { pickContent } from './content.ts';

export { LANGUAGES, LANGS, firstSpoken } from './languages.js';
export * from './content.ts';

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

/** Picks a text from a per-language object (`{en, vi, fr, zh, ko, ja}`): the locale's language, then
 * English, then Vietnamese (see content.ts). */
export function pickText(value: unknown, locale: Locale | string): string {
  return pickContent(value, locale);
}
