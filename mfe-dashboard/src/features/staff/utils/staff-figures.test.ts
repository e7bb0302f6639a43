import { describe, expect, it } from 'vitest';
import { lastDays, staffCsvRows, staffLinkUrl } from './staff-figures.ts';

const row = (name: string, code: string, commission: Record<string, number>, revoked = false) => ({
  staff_link_id: code,
  name,
  code,
  created_at: '2026-11-01T00:00:00Z',
  revoked_at: revoked ? '2026-11-20T00:00:00Z' : null,
  guests: 2,
  plays: 3,
  redemptions: 1,
  commission,
});

describe('staff figures', () => {
  it('a period is whole UTC days up to today included, as the overview', () => {
    expect(lastDays(7, new Date('2026-12-03T23:30:00+07:00'))).toEqual({ from: '2026-11-27', to: '2026-12-04' });
    expect(lastDays(30, new Date('2026-12-03T01:00:00Z'))).toEqual({ from: '2026-11-04', to: '2026-12-04' });
  });

  it("a link is the hotel's page with the code, escaped", () => {
    expect(staffLinkUrl('https://guestmap.example', '/saigon-riverside-hotel', 'ab-_9')).toBe(
      'https://guestmap.example/saigon-riverside-hotel?s=ab-_9',
    );
  });

  it('CSV: a line per link and currency, a TOTAL per currency, exact major units, formulas neutralised later', () => {
    const rows = staffCsvRows(
      [row('Lan', 'c1', { VND: 160000, USD: 1205 }), row('=Minh', 'c2', {}, true), row('Hoa', 'c3', { VND: 40000 })],
      { from: '2026-11-04', to: '2026-12-04' },
      (c) => `https://x/h?s=${c}`,
    );
    expect(rows).toEqual([
      ['from', 'to', 'staff', 'link', 'status', 'guests', 'plays', 'redemptions', 'currency', 'commission_hotel_share'],
      ['2026-11-04', '2026-12-03', 'Lan', 'https://x/h?s=c1', 'live', '2', '3', '1', 'USD', '12.05'],
      ['2026-11-04', '2026-12-03', 'Lan', 'https://x/h?s=c1', 'live', '', '', '', 'VND', '160000'],
      ['2026-11-04', '2026-12-03', '=Minh', 'https://x/h?s=c2', 'revoked', '2', '3', '1', '', ''],
      ['2026-11-04', '2026-12-03', 'Hoa', 'https://x/h?s=c3', 'live', '2', '3', '1', 'VND', '40000'],
      ['2026-11-04', '2026-12-03', 'TOTAL', '', '', '6', '9', '3', 'USD', '12.05'],
      ['2026-11-04', '2026-12-03', 'TOTAL', '', '', '', '', '', 'VND', '200000'],
    ]);
  });
});
