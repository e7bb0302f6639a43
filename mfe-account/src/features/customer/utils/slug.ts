// Customer ids are URL slugs: 3-63 characters of [a-z0-9] in hyphen-separated groups.
export const SLUG_MIN = 3;
export const SLUG_MAX = 63;
export const SLUG_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Suggests a slug from a name: lowercase, diacritics removed (đ → d too), other characters → '-'. */
export function suggestSlug(name: string): string {
  const base = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .replace(/ß/g, 'ss')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[œŒ]/g, 'oe')
    .replace(/[øØ]/g, 'o')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (base.length <= SLUG_MAX) return base;
  return base.slice(0, SLUG_MAX).replace(/-+$/g, '');
}

export function isSlugFormat(s: string): boolean {
  return s.length >= SLUG_MIN && s.length <= SLUG_MAX && SLUG_RE.test(s);
}

/** Parses "10.77, 106.70" (also "10.77 106.70" or "10.77;106.70") into a valid position, or null. */
export function parseCoordinates(text: string): { latitude: number; longitude: number } | null {
  const m = /^\s*(-?\d+(?:\.\d+)?)\s*(?:[,;]\s*|\s+)(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!m) return null;
  const latitude = Number(m[1]);
  const longitude = Number(m[2]);
  if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) return null;
  return { latitude, longitude };
}
