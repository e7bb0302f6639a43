import { describe, expect, it } from 'vitest';
import { formatDistance } from '../../../lib/utils/distance.ts';
import { CARE_TAGS, isCarePlace, nearestCare } from './nearest-care.ts';

// The Saigon Riverside Hotel's pin, and places around it (positions as seeded).
const HOTEL = { latitude: 10.7741, longitude: 106.7058 };
const place = (id: string, latitude: number, longitude: number, tags: string[] | null) => ({
  id,
  latitude,
  longitude,
  tags,
});
const FV = place('fv-hospital', 10.7331, 106.7184, ['hospital', 'emergency']); // District 7, ~4.8 km
const CLINIC = place('family-clinic', 10.7797, 106.699, [' Clinic ']); // District 3, ~1 km
const SPA = place('miu-miu-spa', 10.7745, 106.7033, ['spa', 'massage']); // next door, not care
const PHARMACY = place('pharmacy', 10.7742, 106.7059, ['pharmacy', 'emergency']); // closest, not care

describe('which places count as a hospital or clinic', () => {
  it('a place tagged hospital or clinic, in any case, with spaces around', () => {
    expect(CARE_TAGS).toEqual(['hospital', 'clinic']);
    expect(isCarePlace(FV)).toBe(true);
    expect(isCarePlace(CLINIC)).toBe(true);
    expect(isCarePlace({ tags: ['HOSPITAL'] })).toBe(true);
  });
  it('not a spa, not a pharmacy with "emergency" alone, not a place without tags', () => {
    expect(isCarePlace(SPA)).toBe(false);
    expect(isCarePlace(PHARMACY)).toBe(false);
    expect(isCarePlace({ tags: null })).toBe(false);
    expect(isCarePlace({})).toBe(false);
    expect(isCarePlace({ tags: ['hospitality'] })).toBe(false);
  });
});

describe('the nearest hospital or clinic', () => {
  it('is the nearest care place, whatever nearer places are not care', () => {
    const r = nearestCare([SPA, PHARMACY, FV, CLINIC], HOTEL);
    expect(r?.place.id).toBe('family-clinic');
    expect(r!.metres).toBeGreaterThan(900);
    expect(r!.metres).toBeLessThan(1000);
  });
  it('follows the point it is measured from (the guest, when known)', () => {
    const nearFv = { latitude: 10.735, longitude: 106.718 };
    expect(nearestCare([CLINIC, FV], nearFv)?.place.id).toBe('fv-hospital');
  });
  it('FV Hospital from the Riverside: 4.8 km as the sheet writes it, in English and in Korean', () => {
    const r = nearestCare([FV], HOTEL);
    expect(r!.metres).toBeCloseTo(4762, 0);
    expect(formatDistance(r!.metres, 'en-US')).toBe('4.8 km');
    expect(formatDistance(r!.metres, 'ko-KR')).toBe('4.8 km');
    expect(formatDistance(r!.metres, 'fr-FR')).toBe('4,8 km');
  });
  it('none on a map without one', () => {
    expect(nearestCare([SPA, PHARMACY], HOTEL)).toBeNull();
    expect(nearestCare([], HOTEL)).toBeNull();
  });
  it('equal distances: the first in the map’s order; places without a position are left out', () => {
    const a = place('a', 10.78, 106.7, ['clinic']);
    const b = place('b', 10.78, 106.7, ['hospital']);
    const lost = place('lost', Number.NaN, Number.NaN, ['hospital']);
    expect(nearestCare([lost, a, b], HOTEL)?.place.id).toBe('a');
    expect(nearestCare([lost, b, a], HOTEL)?.place.id).toBe('b');
    expect(nearestCare([lost], HOTEL)).toBeNull();
  });
});
