import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, timeZoneFor } from './time-zone.ts';

describe("a customer's opening-hours zone", () => {
  it('is the time_zone column, wherever the map is (the rewards read the same column)', () => {
    // A hotel in Hà Nội whose owner set Bangkok's zone, and a city map in Paris: the column, not the coordinates.
    expect(timeZoneFor({ time_zone: 'Asia/Bangkok' })).toBe('Asia/Bangkok');
    expect(timeZoneFor({ time_zone: 'Europe/Paris' })).toBe('Europe/Paris');
  });

  it("is the column's default for a row kept before the column was read, and UTC without a customer", () => {
    expect(timeZoneFor({})).toBe(DEFAULT_TIME_ZONE);
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Ho_Chi_Minh');
    expect(timeZoneFor(null)).toBe('UTC');
  });
});
