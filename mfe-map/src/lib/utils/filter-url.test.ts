import { describe, expect, it } from 'vitest';
import { NO_FILTERS as none, readFilters, sameFilters, writeFilters, type UrlFilters } from './filter-url.ts';

describe('the filters in the address', () => {
  it('round-trip: what is written reads back the same, the other parameters kept', () => {
    const cases: UrlFilters[] = [
      { query: 'phở & bún', categories: ['food', 'cafe'], openNow: true, placeFilters: ['vegetarian', 'wheelchair'] },
      { ...none, placeFilters: ['vegetarian'] },
      { ...none, categories: ['nightlife'], placeFilters: ['cards', 'vietqr', 'open_late'] },
      { ...none, query: 'a,b?c=d#e' },
    ];
    for (const f of cases) {
      const written = writeFilters(new URLSearchParams('s=staff42&rewards=1'), f);
      const again = new URLSearchParams(`?${written.toString()}`);
      expect(readFilters(again)).toEqual(f);
      expect(again.get('s')).toBe('staff42');
      expect(again.get('rewards')).toBe('1');
    }
  });

  it('writes nothing for filters that are off, and an address without them reads as none given', () => {
    expect(writeFilters(new URLSearchParams('s=x&f=vegan&q=old'), none).toString()).toBe('s=x');
    expect(readFilters(new URLSearchParams('s=x'))).toBeNull();
    expect(writeFilters(new URLSearchParams(), { ...none, placeFilters: ['vegetarian'] }).toString()).toBe(
      'f=vegetarian',
    );
  });

  it('drops unknown categories and filters from an edited or old link, and repeats', () => {
    expect(readFilters(new URLSearchParams('cat=food,pizza,food&f=vegetarian,carnivore&open=yes'))).toEqual({
      query: '',
      categories: ['food'],
      openNow: false,
      placeFilters: ['vegetarian'],
    });
  });

  it('compares filters as sets', () => {
    expect(sameFilters({ ...none, placeFilters: ['a', 'b'] }, { ...none, placeFilters: ['b', 'a'] })).toBe(true);
    expect(sameFilters({ ...none, placeFilters: ['a'] }, { ...none, placeFilters: ['a', 'b'] })).toBe(false);
    expect(sameFilters({ ...none, query: 'x' }, none)).toBe(false);
  });
});
