import { describe, expect, it } from 'vitest';
import { hotelDay, nextHotelMidnight } from './hotel-day.ts';

describe('the hotel day', () => {
  it('is the local date of the hotel', () => {
    // 18:30 UTC is already the next day in Saigon (UTC+7), still the same day in Pago Pago (UTC−11).
    const at = new Date('2026-11-22T18:30:00Z');
    expect(hotelDay(at, 'Asia/Ho_Chi_Minh')).toBe('2026-11-23');
    expect(hotelDay(at, 'UTC')).toBe('2026-11-22');
    expect(hotelDay(at, 'Pacific/Pago_Pago')).toBe('2026-11-22');
    expect(hotelDay(at, 'Pacific/Kiritimati')).toBe('2026-11-23');
  });

  it('resets at the hotel midnight', () => {
    expect(nextHotelMidnight(new Date('2026-11-22T18:30:00Z'), 'Asia/Ho_Chi_Minh').toISOString()).toBe(
      '2026-11-23T17:00:00.000Z',
    );
    expect(nextHotelMidnight(new Date('2026-11-22T16:59:59Z'), 'Asia/Ho_Chi_Minh').toISOString()).toBe(
      '2026-11-22T17:00:00.000Z',
    );
    expect(nextHotelMidnight(new Date('2026-11-22T23:59:59Z'), 'UTC').toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextHotelMidnight(new Date('2026-12-31T12:00:00Z'), 'Europe/Paris').toISOString()).toBe(
      '2026-12-31T23:00:00.000Z',
    );
    // Across a daylight-saving change (Paris, 29 March 2026: 02:00 → 03:00; midnight is still UTC+1).
    expect(nextHotelMidnight(new Date('2026-03-28T12:00:00Z'), 'Europe/Paris').toISOString()).toBe(
      '2026-03-28T23:00:00.000Z',
    );
    expect(nextHotelMidnight(new Date('2026-03-29T12:00:00Z'), 'Europe/Paris').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
  });
});
