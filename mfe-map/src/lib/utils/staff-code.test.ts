import { describe, expect, it } from 'vitest';
import { staffCodeFor } from './staff-code.ts';
import { keepStaffCode, markStaffVisitBound, unboundStaffVisits } from './staff-visits.ts';

function memory(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    key: (i: number) => [...m.keys()][i] ?? null,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
  };
}

const A = 'demo-lan-reception-01a';
const B = 'demo-minh-concierge-02';
const DAY = 86_400_000;

describe('the staff code of a visit', () => {
  it('keeps the first code of a hotel for 30 days; a malformed one is ignored', () => {
    const s = memory();
    keepStaffCode('h', 'not a code', 0, s);
    expect(staffCodeFor('h', 0, s)).toBeNull();
    keepStaffCode('h', A, 0, s);
    keepStaffCode('h', B, 5 * DAY, s);
    expect(staffCodeFor('h', 29 * DAY, s)).toBe(A);
    expect(staffCodeFor('other', 0, s)).toBeNull();
    expect(staffCodeFor('h', 30 * DAY, s)).toBeNull();
    keepStaffCode('h', B, 31 * DAY, s);
    expect(staffCodeFor('h', 31 * DAY, s)).toBe(B);
  });

  it('lists visits not yet sent with a session until they are', () => {
    const s = memory();
    keepStaffCode('h1', A, 0, s);
    keepStaffCode('h2', B, 0, s);
    s.setItem('guestmap.visitor', 'x');
    expect(unboundStaffVisits(1, s)).toEqual([
      { customerId: 'h1', code: A },
      { customerId: 'h2', code: B },
    ]);
    markStaffVisitBound('h1', 1, s);
    expect(unboundStaffVisits(1, s)).toEqual([{ customerId: 'h2', code: B }]);
    expect(staffCodeFor('h1', 1, s)).toBe(A);
  });
});
