// Languages of place content (titles, descriptions, guest offers, welcome texts): the keys of the
// `{en, vi, fr, zh, ko, ja}` objects the database accepts (private.is_i18n_text). They are the UI's
// languages (languages.js, the one list). A guest reads their own language, else English, else Vietnamese.
import { LANGUAGES } from './languages.js';

export type ContentLanguage = (typeof LANGUAGES)[number]['lang'];
export const CONTENT_LANGUAGES: readonly ContentLanguage[] = LANGUAGES.map((l) => l.lang);
/** The languages shown when the guest's own is missing, in order. */
export const CONTENT_FALLBACKS: readonly ContentLanguage[] = ['en', 'vi'];

/** Names of the languages in themselves (what an editor's column or a badge shows). */
export const CONTENT_LANGUAGE_NAMES = Object.fromEntries(LANGUAGES.map((l) => [l.lang, l.name])) as Record<
  ContentLanguage,
  string
>;

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
