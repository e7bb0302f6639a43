// Languages of place content (titles, descriptions, guest offers, welcome texts): the keys of the
// `{en, vi, fr, zh, ko, ja}` objects the database accepts (private.is_i18n_text). A guest reads their
// own language, else English, else Vietnamese (issue 30).
//
// Until the shared list of UI languages (issue 30's zh-CN/ko-KR/ja-JP locales) is merged into this
// folder, the content languages are listed here; once it is, derive CONTENT_LANGUAGES from it.

export const CONTENT_LANGUAGES = ['en', 'vi', 'fr', 'zh', 'ko', 'ja'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];
/** The languages shown when the guest's own is missing, in order. */
export const CONTENT_FALLBACKS: readonly ContentLanguage[] = ['en', 'vi'];

/** Names of the languages in themselves (what an editor's column or a badge shows). */
export const CONTENT_LANGUAGE_NAMES: Record<ContentLanguage, string> = {
  en: 'English',
  vi: 'Tiếng Việt',
  fr: 'Français',
  zh: '中文',
  ko: '한국어',
  ja: '日本語',
};

export type ContentText = Partial<Record<ContentLanguage, string>>;

/** 'zh-CN' → 'zh', 'ko' → 'ko'; a language with no content column → 'en'. */
export function contentLanguage(locale: string): ContentLanguage {
  const l = locale.slice(0, 2).toLowerCase();
  return (CONTENT_LANGUAGES as readonly string[]).includes(l) ? (l as ContentLanguage) : 'en';
}

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** The text in the guest's language, else English, else Vietnamese; '' when none is there. */
export function pickContent(value: unknown, locale: string): string {
  if (!value || typeof value !== 'object') return typeof value === 'string' ? value : '';
  const v = value as Record<string, unknown>;
  for (const l of [contentLanguage(locale), ...CONTENT_FALLBACKS]) if (filled(v[l])) return v[l];
  return '';
}

/** The languages of CONTENT_LANGUAGES a text object lacks (missing or blank). */
export function missingLanguages(value: unknown): ContentLanguage[] {
  const v = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return CONTENT_LANGUAGES.filter((l) => !filled(v[l]));
}
