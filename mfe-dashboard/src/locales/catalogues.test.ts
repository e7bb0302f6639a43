import { describe, expect, it } from 'vitest';
import en from './en.json';
import vi from './vi.json';
import fr from './fr.json';

const keys = (o: object, p = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`])).map((k) => k.replace(/_(one|other)$/, '')).sort();

describe('dashboard catalogues', () => {
  it('Vietnamese and French have every English key', () => {
    const base = [...new Set(keys(en))];
    expect([...new Set(keys(vi))]).toEqual(base);
    expect([...new Set(keys(fr))]).toEqual(base);
  });
});
