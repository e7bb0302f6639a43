import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS as none,
  filterUrlStep,
  readFilters,
  sameFilters,
  writeFilters,
  type UrlFilters,
} from './filter-url.ts';

describe('the filters in the address', () => {
  it('round-trip: what is written reads back the same, the other parameters kept', () => {
    const cases: UrlFilters[] = [
      { categories: ['food', 'cafe'], openNow: true, placeFilters: ['vegetarian', 'wheelchair'] },
      { ...none, placeFilters: ['vegetarian'] },
      { ...none, categories: ['nightlife'], placeFilters: ['cards', 'vietqr', 'open_late'] },
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
    expect(writeFilters(new URLSearchParams('s=x&f=vegan&open=now'), none).toString()).toBe('s=x');
    // The search text is not a parameter of the address: a `q` there is left alone and read as nothing.
    expect(readFilters(new URLSearchParams('q=pho'))).toBeNull();
    expect(readFilters(new URLSearchParams('s=x'))).toBeNull();
    expect(writeFilters(new URLSearchParams(), { ...none, placeFilters: ['vegetarian'] }).toString()).toBe(
      'f=vegetarian',
    );
  });

  it('drops unknown categories, malformed filter names and repeats from an edited or old link', () => {
    expect(readFilters(new URLSearchParams('cat=food,pizza,food&f=vegetarian,Veg!,,vegetarian&open=yes'))).toEqual({
      categories: ['food'],
      openNow: false,
      placeFilters: ['vegetarian'],
    });
  });

  it('compares filters as sets', () => {
    expect(sameFilters({ ...none, placeFilters: ['a', 'b'] }, { ...none, placeFilters: ['b', 'a'] })).toBe(true);
    expect(sameFilters({ ...none, placeFilters: ['a'] }, { ...none, placeFilters: ['a', 'b'] })).toBe(false);
    expect(sameFilters({ ...none, openNow: true }, none)).toBe(false);
  });
});

describe('keeping the filters and the address in step', () => {
  const veg: UrlFilters = { ...none, placeFilters: ['vegetarian'] };

  it('a link that arrives with filters sets them (a shared link, a reload, Back)', () => {
    expect(filterUrlStep('f=vegetarian', none, null, null)).toEqual({ apply: veg });
    expect(filterUrlStep('s=abc&cat=food&f=vegetarian', veg, 's=abc', null)).toEqual({
      apply: { ...veg, categories: ['food'] },
    });
  });

  it('a change of filters writes the address, keeping its other parameters', () => {
    expect(filterUrlStep('s=abc', veg, 's=abc', null)).toEqual({ write: 's=abc&f=vegetarian' });
    expect(filterUrlStep('s=abc&f=vegetarian', none, 's=abc&f=vegetarian', null)).toEqual({ write: 's=abc' });
  });

  it('an address without filters (a place opened from the list) gets them back', () => {
    expect(filterUrlStep('', veg, 'f=vegetarian', 'f=vegetarian')).toEqual({ write: 'f=vegetarian' });
  });

  it('its own write, read back after the guest tapped on, never undoes the tap', () => {
    // "food" was written; the guest has added "cafe" by the time the address says "cat=food".
    expect(filterUrlStep('cat=food', { ...none, categories: ['food', 'cafe'] }, '', 'cat=food')).toEqual({
      write: 'cat=food%2Ccafe',
    });
  });

  it('nothing to do when both say the same', () => {
    expect(filterUrlStep('f=vegetarian', veg, null, null)).toEqual({});
    expect(filterUrlStep('s=x', none, null, null)).toEqual({});
  });
});
