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

const folded = new WeakMap<Activity, string>();

/** The searchable text of an activity: titles in every language, tags, category and addresses (folded
 * once per activity object, when a search first needs it). */
export function haystack(a: Activity): string {
  const known = folded.get(a);
  if (known !== undefined) return known;
  const parts = [
    ...Object.values(a.title ?? {}),
    ...(a.tags ?? []),
    a.category,
    a.address ?? '',
    a.address_local ?? '',
  ];
  const text = fold(parts.join(' · '));
  folded.set(a, text);
  return text;
}

/** Every word of the query must appear somewhere in the activity's text. */
export function matchesQuery(hay: string, query: string): boolean {
  const words = fold(query).split(' ').filter(Boolean);
  return words.every((w) => hay.includes(w));
}
