import { describe, expect, it } from 'vitest';
import { isSlugFormat, parseCoordinates, suggestSlug } from './slug.ts';

describe('suggestSlug', () => {
  it.each([
    ['Saigon Riverside Hotel', 'saigon-riverside-hotel'],
    ['Khách sạn Đà Lạt', 'khach-san-da-lat'],
    ['Hôtel Le Château d’Eau', 'hotel-le-chateau-deau'],
    ['  --Hello,   World!!  ', 'hello-world'],
    ['Phở & Bún 24/7', 'pho-bun-24-7'],
    ['Œuvre Straße', 'oeuvre-strasse'],
    ['', ''],
  ])('%s → %s', (name, slug) => {
    expect(suggestSlug(name)).toBe(slug);
  });
  it('is cut to 63 characters without a trailing hyphen', () => {
    const s = suggestSlug('a'.repeat(62) + ' b c');
    expect(s.length).toBeLessThanOrEqual(63);
    expect(s.endsWith('-')).toBe(false);
    expect(isSlugFormat(s)).toBe(true);
  });
  it('format check mirrors the database', () => {
    expect(isSlugFormat('ab')).toBe(false);
    expect(isSlugFormat('abc')).toBe(true);
    expect(isSlugFormat('a--b')).toBe(false);
    expect(isSlugFormat('-abc')).toBe(false);
    expect(isSlugFormat('Abc')).toBe(false);
  });
});

describe('parseCoordinates', () => {
  it('accepts common forms', () => {
    expect(parseCoordinates('10.7725, 106.6980')).toEqual({ latitude: 10.7725, longitude: 106.698 });
    expect(parseCoordinates('10.7725 106.6980')).toEqual({ latitude: 10.7725, longitude: 106.698 });
    expect(parseCoordinates('-33.86;151.2')).toEqual({ latitude: -33.86, longitude: 151.2 });
  });
  it('rejects text and out-of-range values', () => {
    expect(parseCoordinates('Ben Thanh')).toBeNull();
    expect(parseCoordinates('91, 10')).toBeNull();
    expect(parseCoordinates('10, 181')).toBeNull();
  });
});
