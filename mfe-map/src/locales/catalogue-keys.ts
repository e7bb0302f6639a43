// Completeness checks shared by the catalogue tests (the remote's own and the rewards texts): every
// English key exists in Vietnamese and French and no other (plural forms fold into their base key),
// and no text is empty.
import { describe, expect, it } from 'vitest';

export function catalogueKeys(o: Record<string, unknown>, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(o)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') catalogueKeys(v as Record<string, unknown>, path).forEach((x) => out.add(x));
    else out.add(path.replace(/_(zero|one|two|few|many|other)$/, ''));
  }
  return out;
}

const hasEmptyString = (o: unknown): boolean =>
  typeof o === 'string' ? o.trim() === '' : Object.values(o as object).some(hasEmptyString);

export function describeCatalogues(
  title: string,
  { en, vi, fr }: Record<'en' | 'vi' | 'fr', Record<string, unknown>>,
): void {
  describe(title, () => {
    const base = catalogueKeys(en);
    it.each([
      ['vi', vi],
      ['fr', fr],
    ])('%s has every English key and no extra one', (_l, cat) => {
      const k = catalogueKeys(cat);
      expect([...base].filter((x) => !k.has(x))).toEqual([]);
      expect([...k].filter((x) => !base.has(x))).toEqual([]);
    });
    it('no empty strings', () => {
      expect([en, vi, fr].some(hasEmptyString)).toBe(false);
    });
  });
}
