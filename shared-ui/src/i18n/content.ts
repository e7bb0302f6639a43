// Languages of place content (titles, descriptions, guest offers, welcome texts): the keys of the
// `{en, vi, fr, zh, ko, ja}` objects the database accepts (private.is_i18n_text). They are the UI's
// languages (languages.js, the one list). A guest reads their own language, else English, else Vietnamese.
import { CONTENT_FALLBACKS as FALLBACKS, LANGUAGES } from './languages.js';

export type ContentLanguage = (typeof LANGUAGES)[number]['lang'];
export const CONTENT_LANGUAGES: readonly ContentLanguage[] = LANGUAGES.map((l) => l.lang);
/** The languages shown when the guest's own is missing, in order (one list with the server's prefill). */
export const CONTENT_FALLBACKS: readonly ContentLanguage[] = FALLBACKS;

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

// ─── reading content in the guest's languages only ───────────────────────────────────────────────────
// A guest reads texts in their language and the fallbacks; the other languages are not downloaded (an
// English guest gets no Chinese, Korean or Japanese). PostgREST selects one key of a JSON column with an
// alias (`title_en:title->>en`); the aliased columns are folded back into one `{en, vi, …}` object.

/** The content languages a guest reading `locale` can be shown: theirs, then the fallbacks, in order. */
export function contentLanguagesFor(locale: string): ContentLanguage[] {
  return [...new Set([contentLanguage(locale), ...CONTENT_FALLBACKS])];
}

/** `title_en:title->>en, title_vi:title->>vi, …`: the select of each text column in the given languages. */
export function contentColumns(columns: readonly string[], languages: readonly ContentLanguage[]): string {
  return columns.flatMap((c) => languages.map((l) => `${c}_${l}:${c}->>${l}`)).join(', ');
}

/**
 * A function folding rows read with contentColumns: each row's texts back into `{en, vi, …}` objects (null when
 * none is written). Made once for many rows (a big map's 10,000 places): the row is copied without the aliased
 * keys rather than copied and then deleted from, which left every place a slow dictionary object (about half
 * the time, and faster reads of the places afterwards).
 */
export function contentFolder<T>(
  columns: readonly string[],
  languages: readonly ContentLanguage[],
): (row: Record<string, unknown>) => T {
  const aliases = new Set(columns.flatMap((c) => languages.map((l) => `${c}_${l}`)));
  const texts = columns.map((c) => [c, languages.map((l) => [l, `${c}_${l}`] as const)] as const);
  return (row) => {
    const out: Record<string, unknown> = {};
    for (const k in row) if (!aliases.has(k)) out[k] = row[k];
    for (const [c, keys] of texts) {
      let value: ContentText | null = null;
      for (const [l, k] of keys) {
        const v = row[k];
        if (typeof v === 'string') (value ??= {})[l] = v;
      }
      out[c] = value;
    }
    return out as T;
  };
}

/** One row read with contentColumns, its texts folded back into `{en, vi, …}` objects (null when none is written). */
export function foldContent<T>(
  row: Record<string, unknown>,
  columns: readonly string[],
  languages: readonly ContentLanguage[],
): T {
  return contentFolder<T>(columns, languages)(row);
}
