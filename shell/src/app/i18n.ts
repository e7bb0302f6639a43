// i18next for the whole page (a shared singleton): the shell's namespace here, remotes add theirs.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_STORAGE_KEY, type Locale } from '@guestmap/shared-ui/contracts';
import { FALLBACK_LNG, addNamespace, lazyBundles, normaliseLocale, lang } from '@guestmap/shared-ui/i18n';
import en from '../locales/en.json';

export function initialLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {}
  return normaliseLocale(stored) ?? normaliseLocale(navigator.language) ?? 'en-US';
}

export async function initI18n(locale: Locale) {
  // English (the fallback) is in this file; Vietnamese and French download only when shown.
  void addNamespace(i18next, 'shell', { vi: () => import('../locales/vi.json'), fr: () => import('../locales/fr.json') });
  await i18next.use(initReactI18next).use(lazyBundles).init({
    lng: lang(locale),
    fallbackLng: FALLBACK_LNG,
    supportedLngs: ['en', 'vi', 'fr'],
    ns: ['shell'],
    defaultNS: 'shell',
    resources: { en: { shell: en } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  document.documentElement.lang = locale;
  return i18next;
}

export function applyLocale(locale: Locale) {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {}
  document.documentElement.lang = locale;
  return i18next.changeLanguage(lang(locale));
}
