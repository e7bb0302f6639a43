import { describe, expect, it } from 'vitest';
import { fold, searchPlaces } from './place-search.ts';
import type { Place } from '../api/load-places.ts';

const place = (label: string, lat = 1, lng = 2): Place => ({
  key: label,
  label,
  detail: '',
  latitude: lat,
  longitude: lng,
  zoom: 16,
  haystack: fold(label),
});

describe('searchPlaces', () => {
  const places = [
    place('Chợ Bến Thành Ben Thanh Market'),
    place('Hồ Hoàn Kiếm', 3, 4),
    place('Ben Thanh Market'),
    place('Chợ Bến Thành Ben Thanh Market'),
  ];
  it('ignores case and diacritics and needs every word', () => {
    expect(searchPlaces(places, 'ben thanh').map((p) => p.label)).toEqual([
      'Chợ Bến Thành Ben Thanh Market',
      'Ben Thanh Market',
    ]);
    expect(searchPlaces(places, 'HOAN kiem').map((p) => p.label)).toEqual(['Hồ Hoàn Kiếm']);
    expect(searchPlaces(places, 'ben kiem')).toEqual([]);
  });
  it('empty query, limit', () => {
    expect(searchPlaces(places, '  ')).toEqual([]);
    expect(searchPlaces(places, 'market', 1)).toHaveLength(1);
  });
});
