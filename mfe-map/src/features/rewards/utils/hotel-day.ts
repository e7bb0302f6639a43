// The rewards day is the hotel's day (customers.time_zone in the database): plays are counted per
// local date of the hotel and the daily limit resets at the hotel's midnight.

import { DEFAULT_TIME_ZONE } from '../../../lib/utils/time-zone.ts';

/** The hotels' default (customers.time_zone defaults to it in the database). */
export { DEFAULT_TIME_ZONE };

function parts(at: Date, timeZone: string): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    y: Number(p.year),
    m: Number(p.month),
    d: Number(p.day),
    h: Number(p.hour) % 24,
    min: Number(p.minute),
    s: Number(p.second),
  };
}

/** The hotel's local date at `at`, as the database stores `play_day` (YYYY-MM-DD). */
export function hotelDay(at: Date, timeZone: string): string {
  const { y, m, d } = parts(at, timeZone);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Milliseconds the zone's wall clock is ahead of UTC at `at`. */
function offsetAt(at: Date, timeZone: string): number {
  const { y, m, d, h, min, s } = parts(at, timeZone);
  return Date.UTC(y, m - 1, d, h, min, s) - Math.floor(at.getTime() / 1000) * 1000;
}

/** The next midnight of the hotel after `now` (when its daily limits reset), as an instant. */
export function nextHotelMidnight(now: Date, timeZone: string): Date {
  const { y, m, d } = parts(now, timeZone);
  const wall = Date.UTC(y, m - 1, d + 1);
  let at = wall - offsetAt(new Date(wall), timeZone);
  at = wall - offsetAt(new Date(at), timeZone);
  return new Date(at);
}
