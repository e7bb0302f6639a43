import { describe, expect, it } from 'vitest';
import { fromJson, toJson, validate, type Hours } from './opening-hours.ts';

const sample = {
  mon: [['08:00', '22:00']],
  tue: [
    ['08:00', '11:30'],
    ['13:00', '17:00'],
  ],
  wed: [['00:00', '24:00']],
  thu: [],
  fri: [['18:00', '02:00']],
  sat: [],
  sun: [],
};

describe('opening hours', () => {
  it('round-trips the stored schedule, with closed days, all-day and past-midnight ranges', () => {
    const h = fromJson(sample);
    expect(h.days.wed.mode).toBe('allDay');
    expect(h.days.thu.mode).toBe('closed');
    expect(h.days.fri.ranges).toEqual([{ open: '18:00', close: '02:00' }]);
    expect(toJson(h)).toEqual(sample);
    expect(validate(h)).toEqual([]);
  });
  it('keeps unknown hours unknown (null), and a missing day is closed', () => {
    expect(fromJson(null).known).toBe(false);
    expect(toJson(fromJson(null))).toBeNull();
    expect(fromJson({ mon: [['09:00', '10:00']] }).days.sun.mode).toBe('closed');
  });
  it('refuses what the database refuses, and overlaps', () => {
    const h: Hours = fromJson(sample);
    h.days.mon.ranges = [{ open: '09:00', close: '09:00' }];
    h.days.tue.ranges = [
      { open: '08:00', close: '12:00' },
      { open: '11:00', close: '14:00' },
    ];
    h.days.fri.ranges = [{ open: '24:00', close: '02:00' }];
    h.days.sat = { mode: 'hours', ranges: [] };
    h.days.sun = {
      mode: 'hours',
      ranges: Array.from({ length: 7 }, (_, i) => ({ open: `0${i}:00`, close: `0${i}:30` })),
    };
    expect(validate(h)).toEqual([
      { day: 'mon', range: 0, code: 'same' },
      { day: 'tue', range: 1, code: 'overlap' },
      { day: 'fri', range: 0, code: 'open' },
      { day: 'sat', code: 'empty' },
      { day: 'sun', code: 'tooMany' },
    ]);
  });
});
