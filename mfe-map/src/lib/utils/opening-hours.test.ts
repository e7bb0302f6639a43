import { describe, expect, it } from 'vitest';
import {
  LOCAL_ZONE,
  formatRange,
  openStatus,
  statusLookup,
  todaysRanges,
  weekMinute,
  zoneLabel,
  zoneName,
} from './opening-hours.ts';
import type { OpeningHours } from './types.ts';

const TZ = 'Asia/Ho_Chi_Minh'; // UTC+7, no daylight saving
/** A UTC instant for a Saigon local time: 2026-11-23 is a Monday. */
const saigon = (day: number, hh: number, mm = 0) => new Date(Date.UTC(2026, 10, 23 + day, hh - 7, mm));
const every = (o: string, c: string): OpeningHours =>
  Object.fromEntries(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => [d, [[o, c]]]));

describe('opening hours in the city time zone', () => {
  it('reads the week minute in Saigon, not in the machine zone', () => {
    expect(weekMinute(saigon(0, 8, 30), TZ)).toBe(1 * 1440 + 8 * 60 + 30);
    expect(weekMinute(saigon(0, 0, 5), TZ)).toBe(1440 + 5);
  });
  it('reads fixed-offset zones without Intl the same as Intl does, and the local zone with Date getters', () => {
    const instants = [saigon(0, 0, 0), saigon(2, 16, 59), saigon(6, 23, 59), new Date(Date.UTC(2026, 2, 29, 1, 30))];
    for (const at of instants) {
      for (const tz of ['Asia/Ho_Chi_Minh', 'Asia/Tokyo', 'UTC']) {
        const parts = new Intl.DateTimeFormat('en-US', {
          timeZone: tz,
          weekday: 'short',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).formatToParts(at);
        const get = (t: string) => parts.find((p) => p.type === t)!.value;
        const day = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'].indexOf(get('weekday').toLowerCase());
        expect(weekMinute(at, tz)).toBe(day * 1440 + (Number(get('hour')) % 24) * 60 + Number(get('minute')));
      }
      expect(weekMinute(at, LOCAL_ZONE)).toBe(at.getDay() * 1440 + at.getHours() * 60 + at.getMinutes());
    }
    // A zone with daylight saving still goes through Intl: Paris is UTC+1 in winter, UTC+2 in summer.
    expect(weekMinute(new Date(Date.UTC(2026, 0, 5, 12, 0)), 'Europe/Paris')).toBe(1 * 1440 + 13 * 60);
    expect(weekMinute(new Date(Date.UTC(2026, 6, 6, 12, 0)), 'Europe/Paris')).toBe(1 * 1440 + 14 * 60);
    expect(zoneName(LOCAL_ZONE)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(zoneName(TZ)).toBe(TZ);
  });
  it('unknown when there is no schedule', () => {
    expect(openStatus(null, saigon(0, 12), TZ)).toEqual({ state: 'unknown' });
  });
  it('open, closing soon and closed', () => {
    const h = every('08:00', '22:00');
    expect(openStatus(h, saigon(0, 12), TZ)).toEqual({ state: 'open', closesInMin: 600 });
    expect(openStatus(h, saigon(0, 21, 35), TZ)).toEqual({ state: 'open', closesInMin: 25 });
    expect(openStatus(h, saigon(0, 22, 0), TZ)).toEqual({ state: 'closed', opensInMin: 600 });
    expect(openStatus(h, saigon(0, 7, 0), TZ)).toEqual({ state: 'closed', opensInMin: 60 });
  });
  it('handles closing past midnight (yesterday evening still open at 01:00)', () => {
    const h = every('17:00', '02:00');
    expect(openStatus(h, saigon(1, 1, 0), TZ)).toEqual({ state: 'open', closesInMin: 60 });
    expect(openStatus(h, saigon(1, 2, 30), TZ).state).toBe('closed');
    // Sunday night into Monday morning wraps around the week.
    const sunOnly: OpeningHours = { sun: [['20:00', '03:00']] };
    expect(openStatus(sunOnly, saigon(0, 1, 0), TZ)).toEqual({ state: 'open', closesInMin: 120 });
  });
  it('open around the clock has no closing time; split days and closed days', () => {
    expect(openStatus(every('00:00', '24:00'), saigon(0, 23, 59), TZ)).toEqual({ state: 'open', closesInMin: null });
    const lunch = every('08:00', '11:30');
    lunch.mon = [
      ['08:00', '11:30'],
      ['13:00', '17:00'],
    ];
    expect(openStatus(lunch, saigon(0, 12), TZ)).toEqual({ state: 'closed', opensInMin: 60 });
    expect(openStatus({ mon: [], tue: [['09:00', '10:00']] }, saigon(0, 12), TZ)).toEqual({
      state: 'closed',
      opensInMin: 21 * 60,
    });
    expect(openStatus({}, saigon(0, 12), TZ)).toEqual({ state: 'closed', opensInMin: null });
  });
  it('today ranges follow the city day', () => {
    expect(
      todaysRanges(
        {
          mon: [
            ['08:00', '11:30'],
            ['13:00', '17:00'],
          ],
        },
        saigon(0, 9),
        TZ,
      ),
    ).toEqual(['08:00–11:30', '13:00–17:00']);
    expect(todaysRanges(null, saigon(0, 9), TZ)).toBeNull();
  });
});

describe('statusLookup', () => {
  it('answers as openStatus does, at its own moment, and computes each schedule once', () => {
    const hours = every('09:00', '17:00');
    const at = saigon(0, 16, 30);
    const lookup = statusLookup(at, TZ);
    expect(lookup(hours)).toEqual(openStatus(hours, at, TZ));
    expect(lookup(hours)).toEqual({ state: 'open', closesInMin: 30 });
    expect(lookup(hours)).toBe(lookup(hours));
    expect(lookup(null)).toEqual({ state: 'unknown' });
    // Another moment is another lookup: the same schedule is closed at 18:00.
    expect(statusLookup(saigon(0, 18), TZ)(hours)).toEqual({ state: 'closed', opensInMin: 15 * 60 });
  });
});

describe('opening hours in each language (Intl)', () => {
  it('writes a range as the language writes times, and keeps a closing at 24:00', () => {
    expect(formatRange('08:00–22:30', 'en-US')).toBe(
      `${new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, 8))}–${new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, 22, 30))}`,
    );
    expect(formatRange('08:00–22:30', 'en-US')).toMatch(/8:00\sAM–10:30\sPM/);
    expect(formatRange('08:00–22:30', 'zh-CN')).toBe('08:00–22:30'.replace(/^0/, ''));
    expect(formatRange('18:00–24:00', 'ja-JP')).toBe('18:00–24:00');
    expect(formatRange('09:00–17:00', 'ko-KR')).not.toBe('09:00–17:00');
  });
  it('names the time zone in the guest’s language', () => {
    expect(zoneLabel(TZ, 'zh-CN')).toBe(
      new Intl.DateTimeFormat('zh-CN', { timeZone: TZ, timeZoneName: 'longGeneric' })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName')!.value,
    );
    expect(zoneLabel(TZ, 'zh-CN')).not.toMatch(/[A-Za-z]/);
    expect(zoneLabel(TZ, 'ja-JP')).not.toMatch(/[A-Za-z]/);
  });
});
