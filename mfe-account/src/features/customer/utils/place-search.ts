// Searching the curated places for a position: every word of the query, accents ignored.
import type { Place } from '../api/load-places.ts';

export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();

/** Matches every word of the query; the same place listed by several maps shows once. */
export function searchPlaces(places: Place[], query: string, limit = 8): Place[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const seen = new Set<string>();
  const out: Place[] = [];
  for (const p of places) {
    if (!words.every((w) => p.haystack.includes(w))) continue;
    const k = `${p.label}|${p.latitude.toFixed(4)}|${p.longitude.toFixed(4)}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(p);
    if (out.length >= limit) break;
  }
  return out;
}
