// i18next for the whole page (a shared singleton): the shell's namespace here, remotes add theirs.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_STORAGE_KEY, type Locale } from '@guestmap/shared-ui/contracts';
import type { CatalogueSources } from '@guestmap/shared-ui/i18n';
import { FALLBACK_LNG, LANGS, addNamespace, lazyBundles, preferredLocale, lang } from '@guestmap/shared-ui/i18n';
import en from '../locales/en.json';
import { setSiteCookie } from './site-cookie.ts';

/** The choice made in the menu or the profile (stored), else the first of the browser's preferred languages
 *  the product speaks, else English. */
export function initialLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {}
  return preferredLocale(stored, navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/** The shell's texts: English (the fallback) in this file; every other language downloads only when shown. */
export const SHELL_TEXTS = {
  en,
  vi: () => import('../locales/vi.json'),
  fr: () => import('../locales/fr.json'),
  zh: () => import('../locales/zh.json'),
  ko: () => import('../locales/ko.json'),
  ja: () => import('../locales/ja.json'),
} satisfies CatalogueSources;

export async function initI18n(locale: Locale) {
  const { en: _bundled, ...others } = SHELL_TEXTS;
  void addNamespace(i18next, 'shell', others);
  await i18next
    .use(initReactI18next)
    .use(lazyBundles)
    .init({
      lng: lang(locale),
      fallbackLng: FALLBACK_LNG,
      supportedLngs: [...LANGS],
      ns: ['shell'],
      defaultNS: 'shell',
      resources: { en: { shell: en } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  i18next.services.formatter?.add('number', formatNumber);
  document.documentElement.lang = locale;
  return i18next;
}

// The options of Intl.NumberFormat a text may set ("{{n, number(minimumFractionDigits: 2)}}"); i18next
// passes the whole t() options along, which must not split the cache.
const NUMBER_OPTIONS = [
  'style',
  'currency',
  'currencyDisplay',
  'unit',
  'unitDisplay',
  'notation',
  'compactDisplay',
  'signDisplay',
  'useGrouping',
  'minimumIntegerDigits',
  'minimumFractionDigits',
  'maximumFractionDigits',
  'minimumSignificantDigits',
  'maximumSignificantDigits',
] as const;
const numberFormats = new Map<string, Intl.NumberFormat>();

/** i18next's "number" format. The first Intl formatter a page builds loads the browser's number data, a
 *  long task on a phone ("12 places" on the map's first screen paid it): whole numbers under 1,000 with
 *  no options are written the same (Latin digits) in every language the product speaks, so they need no formatter. */
export function formatNumber(value: unknown, lng: string | undefined, options: Record<string, unknown> = {}): string {
  const picked = NUMBER_OPTIONS.filter((k) => options[k] !== undefined).map((k) => [k, options[k]] as const);
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1000 && picked.length === 0)
    return String(value);
  const key = `${lng ?? ''}|${JSON.stringify(picked)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lng, Object.fromEntries(picked) as Intl.NumberFormatOptions);
    numberFormats.set(key, format);
  }
  return format.format(value as number);
}

/** The cookie that tells the server the page's language (scripts/prefill.mjs: it sends a map page's
 *  welcome and Home's or Hotels' hero in it), so a chosen language wins over the browser's. */
export const LOCALE_COOKIE = 'gm-locale';

export function rememberLocale(locale: Locale): void {
  setSiteCookie(LOCALE_COOKIE, locale);
}

export function applyLocale(locale: Locale) {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {}
  rememberLocale(locale);
  document.documentElement.lang = locale;
  return i18next.changeLanguage(lang(locale));
}
