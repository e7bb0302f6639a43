import { beforeEach, describe, expect, it } from 'vitest';
import { forgetTill, keepTill, readTill } from './redeem-voucher.ts';

const HOTEL = 'saigon-riverside-hotel';
const till = { token: 'a'.repeat(64), activityId: '5a1e0000-0000-4000-8000-000000000001', expiresAt: '' };

describe('the till this device keeps', () => {
  beforeEach(() => localStorage.clear());

  it('is kept per hotel until it is forgotten', () => {
    const t = { ...till, expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
    keepTill(HOTEL, t);
    expect(readTill(HOTEL)).toEqual(t);
    expect(readTill('hanoi-old-quarter-inn')).toBeNull();
    forgetTill(HOTEL);
    expect(readTill(HOTEL)).toBeNull();
  });

  it('is forgotten once it has ended by the device clock', () => {
    keepTill(HOTEL, { ...till, expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(readTill(HOTEL)).toBeNull();
    expect(localStorage.getItem(`guestmap.till.${HOTEL}`)).toBeNull();
  });

  it('ignores what is not a till', () => {
    localStorage.setItem(`guestmap.till.${HOTEL}`, '{"token":1}');
    expect(readTill(HOTEL)).toBeNull();
    localStorage.setItem(`guestmap.till.${HOTEL}`, 'not json');
    expect(readTill(HOTEL)).toBeNull();
  });
});
