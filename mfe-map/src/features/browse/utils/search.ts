// Search that ignores case, diacritics and full-width forms: "pho" finds "Phở", "dac san" finds "Đặc sản";
// a place's name in any of its languages matches ("河粉", "쌀국수", "フォー" too). Results are ranked: a
// match in the name the guest sees first, then in the name in another language, then elsewhere (tags,
// category, addresses, the description the guest reads); a tag equal to a word of the query breaks ties,
// and equal ranks keep the list's order.
//
// The places carry their texts in the guest's language and its fallbacks only; the names in every language
// come separately, when the guest first searches (lib/api/get-place-names.ts), and are passed in as
// `allNames` (one object per place, the same for the page's life).
import { contentLanguage, pickContent, type ContentLanguage, type ContentText } from '@guestmap/shared-ui/i18n';
import type { Activity } from '../../../lib/utils/types.ts';
import { formatVnAddress, oldForm, vnAddressOf } from '../../../lib/utils/vn-address.ts';

/** Folds case, tone marks and their placements ("Xuân Hoà" = "Xuân Hòa" = "xuan hoa"), đ and full-width
 * forms. */
export function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** A place's Vietnamese address in both forms, so a guest finds it by the new ward or the old ward and
 * district ("Sài Gòn", "Bến Nghé", "Quận 1", "Q.1"). */
function vnAddressTexts(a: Activity): string[] {
  const vn = vnAddressOf(a);
  return vn ? [formatVnAddress(vn), oldForm(vn) ?? ''] : [];
}

const folded = new WeakMap<Activity, string>();
const foldedWithNames = new WeakMap<Activity, string>();

/** The searchable text of an activity: its titles (in every language once `allNames` is known), tags,
 * category and addresses (folded once per activity object, when a search first needs it). */
export function haystack(a: Activity, allNames?: ContentText): string {
  const cache = allNames ? foldedWithNames : folded;
  const known = cache.get(a);
  if (known !== undefined) return known;
  const parts = [
    ...Object.values(a.title ?? {}),
    ...Object.values(allNames ?? {}),
    ...(a.tags ?? []),
    a.category,
    a.address ?? '',
    a.address_local ?? '',
    ...vnAddressTexts(a),
  ];
  const text = fold(parts.join(' · '));
  cache.set(a, text);
  return text;
}

/** The query's words, folded; none for an empty query. */
export const queryWords = (query: string): string[] => fold(query).split(' ').filter(Boolean);

/** Ranks, best first; among equal ones, a place tagged with a word of the query comes first (+0 instead
 * of +1): "pho" puts the phở shops (tagged `pho`) before "Phố đi bộ" for a Vietnamese guest. */
export const RANK = { shownName: 0, otherName: 2, other: 4 } as const;

type Fields = Partial<Record<'shown' | 'names' | 'allNames' | 'description' | 'tags', string>>;
const fields = new WeakMap<Activity, Partial<Record<ContentLanguage, Fields>>>();

/** Per activity and language: the name as the guest sees it, its names in every language, the description
 * the guest reads and its tags ('|pho|breakfast|'), each folded once, when a search first needs it. */
function fieldsOf(a: Activity, language: ContentLanguage): Fields {
  let byLanguage = fields.get(a);
  if (!byLanguage) fields.set(a, (byLanguage = {}));
  return (byLanguage[language] ??= {});
}

/**
 * How well a place matches the query's words for a guest reading `locale` (lower is better): RANK.shownName
 * when every word is in the name as shown to them, RANK.otherName when every word is in its names in all
 * languages, RANK.other when every word is somewhere in its text (the description they read included),
 * each +1 unless a word is one of its tags; null when it does not match.
 */
export function searchRank(a: Activity, words: string[], locale: string, allNames?: ContentText): number | null {
  if (!words.length) return RANK.shownName;
  const hay = haystack(a, allNames);
  const language = contentLanguage(locale);
  const f = fieldsOf(a, language);
  const description = () => (f.description ??= fold(pickContent(a.description, language)));
  if (!words.every((w) => hay.includes(w) || description().includes(w))) return null;
  f.tags ??= `|${(a.tags ?? []).map(fold).join('|')}|`;
  const untagged = words.some((w) => f.tags!.includes(`|${w}|`)) ? 0 : 1;
  f.shown ??= fold(pickContent(a.title, language));
  if (words.every((w) => f.shown!.includes(w))) return RANK.shownName + untagged;
  const names = allNames
    ? (f.allNames ??= fold([...Object.values(a.title ?? {}), ...Object.values(allNames)].join(' · ')))
    : (f.names ??= fold(Object.values(a.title ?? {}).join(' · ')));
  if (words.every((w) => names.includes(w))) return RANK.otherName + untagged;
  return RANK.other + untagged;
}
