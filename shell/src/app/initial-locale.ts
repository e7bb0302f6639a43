// The page's language on arrival, without i18next: the shell's boot reads the page's customer in it before
// i18n starts (its texts are read in that language only, docs/content-languages.md).
import { LOCALE_STORAGE_KEY, type Locale } from '@guestmap/shared-ui/contracts';
import { preferredLocale } from '@guestmap/shared-ui/i18n';

/** The choice made in the menu or the profile (stored), else the first of the browser's preferred languages
 *  the product speaks, else English. */
export function initialLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {}
  return preferredLocale(stored, navigator.languages?.length ? navigator.languages : [navigator.language]);
}
