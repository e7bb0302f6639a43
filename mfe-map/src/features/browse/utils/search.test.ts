import { describe, expect, it } from 'vitest';
import { fold, haystack, matchesQuery } from './search.ts';
import type { Activity } from '../../places/utils/types.ts';

const pho = {
  title: { en: 'Pho Hoa Pasteur', vi: 'Phở Hòa Pasteur' },
  tags: ['pho', 'breakfast'],
  category: 'food',
  address: null,
  address_local: 'Võ Thị Sáu, Quận 3',
} as unknown as Activity;
const dac = {
  title: { en: 'Local specialities', vi: 'Đặc sản Sài Gòn' },
  tags: [],
  category: 'food',
  address: null,
  address_local: null,
} as unknown as Activity;

describe('diacritics-insensitive search', () => {
  it('folds Vietnamese marks, đ and case', () => {
    expect(fold('Phở Hòa')).toBe('pho hoa');
    expect(fold('  ĐẶC   sản ')).toBe('dac san');
    expect(fold('Crème Brûlée')).toBe('creme brulee');
  });
  it('"pho" finds "Phở", and a marked query finds unmarked text', () => {
    expect(matchesQuery(haystack(pho), 'pho')).toBe(true);
    expect(matchesQuery(haystack(pho), 'PHỞ hoà')).toBe(true);
    expect(matchesQuery(haystack(dac), 'dac san')).toBe(true);
  });
  it('every word must match; an empty query matches everything', () => {
    expect(matchesQuery(haystack(pho), 'pho sushi')).toBe(false);
    expect(matchesQuery(haystack(pho), 'quan 3')).toBe(true);
    expect(matchesQuery(haystack(dac), '   ')).toBe(true);
  });
});
