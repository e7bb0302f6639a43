// Texts in the six content languages (a place's title, description and guest offer, a hotel's welcome, a
// reward campaign's title and a prize's text): form fields `title_en` … `label_ja`, CSV cells, and which
// languages a place still lacks.
import { CONTENT_LANGUAGES, type ContentLanguage } from '@guestmap/shared-ui/i18n';
import type { Json } from '@guestmap/shared-ui/database';

export { CONTENT_LANGUAGES as LANGUAGES, type ContentLanguage as Language };
export type TextField = 'title' | 'description' | 'offer' | 'welcome' | 'label';

/** One language's text of a `{en, vi, …}` object; '' when absent. */
export const textIn = (v: Json | null | undefined, l: string): string =>
  v && typeof v === 'object' && !Array.isArray(v) ? String((v as Record<string, unknown>)[l] ?? '') : '';

/** `{title_en: …, title_vi: …, …}` for a form or a CSV row. */
export function toFields(prefix: TextField, value: Json | null | undefined): Record<string, string> {
  return Object.fromEntries(CONTENT_LANGUAGES.map((l) => [`${prefix}_${l}`, textIn(value, l)]));
}

/** The non-blank texts of `prefix_<language>` fields, trimmed: `{en: …, zh: …}`. */
export function fromFields(prefix: TextField, values: object): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of CONTENT_LANGUAGES) {
    const v = (values as Record<string, unknown>)[`${prefix}_${l}`];
    if (typeof v === 'string' && v.trim()) out[l] = v.trim();
  }
  return out;
}

const filled = (v: Json | null | undefined, l: string) => textIn(v, l).trim() !== '';
const written = (v: Json | null | undefined) => CONTENT_LANGUAGES.some((l) => filled(v, l));

/**
 * The languages a place lacks: a language is missing when a text the place has in some language (its
 * title always; its description and its guest offer when written at all) is not in that one.
 */
export function lacking(row: {
  title: Json;
  description: Json | null;
  guest_offer: Json | null;
  is_partner: boolean;
}): ContentLanguage[] {
  const texts = [row.title, row.description, row.is_partner ? row.guest_offer : null].filter(written);
  return CONTENT_LANGUAGES.filter((l) => texts.some((t) => !filled(t, l)));
}

/**
 * An imported text object over the existing one: languages whose column the file has replace (an empty
 * cell removes that language); languages the file has no column for keep their text.
 */
export function mergeImported(
  existing: Json | null | undefined,
  imported: Record<string, string>,
  columns: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of CONTENT_LANGUAGES) {
    const v = columns.includes(l) ? (imported[l] ?? '') : textIn(existing, l);
    if (v.trim()) out[l] = v;
  }
  return out;
}
