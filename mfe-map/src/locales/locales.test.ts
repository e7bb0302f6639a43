// Every English key exists in Vietnamese and French (plural keys compare by their base key).
import { describe, expect, it } from 'vitest';
import en from './en.json';
import vi from './vi.json';
import fr from './fr.json';

function keys(o: Record<string, unknown>, prefix = ''): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(o)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') keys(v as Record<string, unknown>, path).forEach((x) => out.add(x));
    else out.add(path.replace(/_(zero|one|two|few|many|other)$/, ''));
  }
  return out;
}

describe('catalogues', () => {
  const base = keys(en);
  it.each([
    ['vi', vi],
    ['fr', fr],
  ])('%s has every English key and no extra one', (_l, cat) => {
    const k = keys(cat as Record<string, unknown>);
    expect([...base].filter((x) => !k.has(x))).toEqual([]);
    expect([...k].filter((x) => !base.has(x))).toEqual([]);
  });
  it('no empty strings', () => {
    const empty = (o: unknown): boolean => (typeof o === 'string' ? o.trim() === '' : Object.values(o as object).some(empty));
    expect([en, vi, fr].some(empty)).toBe(false);
  });
});
