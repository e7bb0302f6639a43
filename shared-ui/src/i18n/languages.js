// THE list of the languages Guestmap speaks (issue 30): add a language here and the type checker names every
// place that must follow (catalogue loaders, e-mails, antd's strings…). Plain JavaScript with a `const`
// type, so the Node server (shell/scripts/prefill.mjs) reads the same list as the apps.
//  - lang: the app's code (catalogue file names `<lang>.json`, keys of per-language texts);
//  - locale: the BCP-47 tag for <html lang>, Intl and the profile's language column;
//  - name: what the language menu shows, in the language itself.
export const LANGUAGES = /** @type {const} */ ([
  { lang: 'en', locale: 'en-US', name: 'English' },
  { lang: 'vi', locale: 'vi-VN', name: 'Tiếng Việt' },
  { lang: 'fr', locale: 'fr-FR', name: 'Français' },
  { lang: 'zh', locale: 'zh-CN', name: '简体中文' },
  { lang: 'ko', locale: 'ko-KR', name: '한국어' },
  { lang: 'ja', locale: 'ja-JP', name: '日本語' },
]);

/** The app's language codes, English (the fallback) first. */
export const LANGS = LANGUAGES.map((l) => l.lang);

/** The languages of a hotel's texts shown when the guest's own is missing, in order (English, then Vietnamese:
 *  every place has a Vietnamese name and address). The apps (i18n/content.ts) and the server's prefill read it. */
export const CONTENT_FALLBACKS = /** @type {const} */ (['en', 'vi']);

/**
 * The first of a browser's preferred languages (navigator.languages, or an Accept-Language header's tags
 * in order) that Guestmap speaks, by its primary subtag ('zh-TW' → 'zh', 'fr-CA' → 'fr'); null when none is.
 * @param {readonly (string | null | undefined)[]} tags
 */
export function firstSpoken(tags) {
  for (const tag of tags) {
    const primary = String(tag ?? '')
      .trim()
      .toLowerCase()
      .split(/[-_]/)[0];
    const hit = LANGUAGES.find((l) => l.lang === primary);
    if (hit) return hit;
  }
  return null;
}
