// Search that ignores case and diacritics: "pho" finds "Phở", "dac san" finds "Đặc sản".
import type { Activity } from '../../places/utils/types.ts';

export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The searchable text of an activity: titles in every language, tags, category and addresses. */
export function haystack(a: Activity): string {
  const parts = [...Object.values(a.title ?? {}), ...(a.tags ?? []), a.category, a.address ?? '', a.address_local ?? ''];
  return fold(parts.join(' · '));
}

/** Every word of the query must appear somewhere in the activity's text. */
export function matchesQuery(hay: string, query: string): boolean {
  const words = fold(query).split(' ').filter(Boolean);
  return words.every((w) => hay.includes(w));
}
