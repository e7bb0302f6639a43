import { describe, expect, it } from 'vitest';
import { compare, delta, periodsFor, type AnalyticsEvent } from './compute.ts';

const now = new Date('2026-11-22T10:00:00Z');
const ev = (type: string, at: string, visitor = 'v1', activity: string | null = null): AnalyticsEvent => ({
  type,
  created_at: at,
  visitor_id: visitor,
  activity_id: activity,
});

describe('dashboard figures', () => {
  it('uses whole UTC days ending today and the same length before', () => {
    const p = periodsFor(7, now);
    expect(p.current.start.toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(p.current.end.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(p.previous.start.toISOString()).toBe('2026-11-09T00:00:00.000Z');
    expect(p.previous.end.toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });

  it('counts each type, unique guests and top activities in the current period only', () => {
    const events = [
      ev('qr_scan', '2026-11-20T08:00:00Z', 'a'),
      ev('map_view', '2026-11-20T08:00:01Z', 'a'),
      ev('map_view', '2026-11-21T09:00:00Z', 'b'),
      ev('activity_view', '2026-11-21T09:01:00Z', 'b', 'x'),
      ev('activity_view', '2026-11-21T09:02:00Z', 'a', 'x'),
      ev('activity_view', '2026-11-22T09:02:00Z', 'a', 'y'),
      ev('directions_click', '2026-11-22T09:03:00Z', 'a', 'y'),
      ev('map_view', '2026-11-10T09:00:00Z', 'c'), // previous period
      ev('map_view', '2026-11-01T09:00:00Z', 'd'), // before both
    ];
    const c = compare(events, periodsFor(7, now));
    expect(c.current.counts).toEqual({
      qr_scan: 1,
      map_view: 2,
      activity_view: 3,
      directions_click: 1,
      share: 0,
      favourite: 0,
    });
    expect(c.current.uniqueGuests).toBe(2);
    expect(c.previous.counts.map_view).toBe(1);
    expect(c.previous.uniqueGuests).toBe(1);
    expect(c.topActivities).toEqual([
      { activityId: 'x', views: 2 },
      { activityId: 'y', views: 1 },
    ]);
    expect(c.daily).toHaveLength(7);
    expect(c.daily.find((d) => d.day === '2026-11-21')?.counts.map_view).toBe(1);
  });

  it('reports the change in percent, or nothing to compare with', () => {
    expect(delta(150, 100)).toBe(50);
    expect(delta(50, 100)).toBe(-50);
    expect(delta(0, 0)).toBe(0);
    expect(delta(5, 0)).toBeNull();
  });
});
