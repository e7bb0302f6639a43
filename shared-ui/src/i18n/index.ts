// i18next helpers shared by the shell and remotes. A remote adds its namespace only once the
// shell's i18next instance is initialised (addResourceBundle does not exist before init()).
import type { i18n as I18n, Resource } from 'i18next';
import { LOCALES, type Locale } from '../contracts/index.ts';

export const FALLBACK_LNG = 'en';

/** 'vi-VN' → 'vi'; catalogues are keyed by language (en, vi, fr). */
export const lang = (l: Locale | string): 'en' | 'vi' | 'fr' => {
  const s = l.slice(0, 2);
  return s === 'vi' || s === 'fr' ? s : 'en';
};

export function normaliseLocale(v: unknown): Locale | null {
  if (typeof v !== 'string') return null;
  const found = LOCALES.find((l) => l.toLowerCase() === v.toLowerCase() || l.slice(0, 2) === v.slice(0, 2).toLowerCase());
  return found ?? null;
}

/** Adds `{en: {...}, vi: {...}, fr: {...}}` under namespace `ns`, now or when i18next initialises. */
export function addNamespace(i18n: I18n, ns: string, resources: Resource): void {
  const add = () => {
    for (const [lng, bundle] of Object.entries(resources)) i18n.addResourceBundle(lng, ns, bundle, true, true);
  };
  if (i18n.isInitialized) add();
  else i18n.on('initialized', add);
}

/** Picks a text from a per-language object (`{en, vi, fr}`), falling back to English. */
export function pickText(value: unknown, locale: Locale | string): string {
  if (!value || typeof value !== 'object') return typeof value === 'string' ? value : '';
  const v = value as Record<string, unknown>;
  const l = lang(locale);
  const s = v[l] ?? v.en;
  return typeof s === 'string' ? s : '';
}
