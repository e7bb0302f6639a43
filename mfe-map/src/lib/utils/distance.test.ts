import { describe, expect, it } from 'vitest';
import { distanceMetres, formatDistance } from './distance.ts';

const cathedral = { latitude: 10.7798, longitude: 106.699 };
const benThanh = { latitude: 10.7725, longitude: 106.698 };

describe('distance', () => {
  it('measures the Cathedral to Ben Thanh market at about 820 m', () => {
    const d = distanceMetres(cathedral, benThanh);
    expect(d).toBeGreaterThan(780);
    expect(d).toBeLessThan(860);
    expect(distanceMetres(cathedral, cathedral)).toBe(0);
  });
  it('formats metres and kilometres per locale', () => {
    expect(formatDistance(347, 'en-US')).toBe('350 m');
    expect(formatDistance(1234, 'en-US')).toBe('1.2 km');
    expect(formatDistance(1234, 'fr-FR')).toBe('1,2 km');
    expect(formatDistance(25400, 'en-US')).toBe('25 km');
  });
});
