import { describe, expect, it } from 'vitest';
import { CATEGORY_STYLE } from './categories.ts';
import { CATEGORY_ICON_PATHS, categoryIconPaths } from './category-icons.ts';

describe('category icons', () => {
  it('every category has its own drawing, of well-formed path data', () => {
    const cats = Object.keys(CATEGORY_STYLE);
    expect(Object.keys(CATEGORY_ICON_PATHS).sort()).toEqual(cats.sort());
    const drawings = new Set(cats.map((c) => CATEGORY_ICON_PATHS[c as keyof typeof CATEGORY_ICON_PATHS].join(' ')));
    expect(drawings.size).toBe(cats.length);
    for (const paths of Object.values(CATEGORY_ICON_PATHS))
      for (const d of paths) expect(d).toMatch(/^M[\d\s.,\-MmLlHhVvCcSsQqTtAaZz]+$/);
  });

  it('an unknown category gets the generic icon, not nothing', () => {
    expect(categoryIconPaths('karaoke')).toEqual(CATEGORY_ICON_PATHS.service);
  });
});
