import { describe, expect, it } from 'vitest';
import { badgeCache, badgeOf } from './open-badge.tsx';
import type { OpenStatus } from '../utils/opening-hours.ts';

describe('badgeCache', () => {
  it('gives each row the badge badgeOf gives, asking for each distinct text once', () => {
    const asked: string[] = [];
    const t = ((key: string, o?: { count: number }) => {
      asked.push(o ? `${key}:${o.count}` : key);
      return o ? `${key} ${o.count}` : key;
    }) as never;
    const rows: OpenStatus[] = [
      { state: 'open', closesInMin: null },
      { state: 'open', closesInMin: 300 },
      { state: 'open', closesInMin: 25 },
      { state: 'open', closesInMin: 25 },
      { state: 'open', closesInMin: 40 },
      { state: 'closed', opensInMin: 60 },
      { state: 'closed', opensInMin: null },
      { state: 'unknown' },
    ];
    const badge = badgeCache(t);
    const cached = rows.map(badge);
    const counted = asked.splice(0);
    expect(cached).toEqual(rows.map((s) => badgeOf(s, t)));
    expect(counted).toEqual(['hours.open', 'hours.closesIn:25', 'hours.closesIn:40', 'hours.closed', 'hours.unknown']);
  });
});
