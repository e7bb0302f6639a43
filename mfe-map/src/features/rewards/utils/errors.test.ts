import { describe, expect, it } from 'vitest';
import { playErrorCode, redeemErrorCode } from './errors.ts';

describe('rewards error codes', () => {
  it('reads the code PostgREST puts in details', () => {
    expect(playErrorCode({ code: 'P0001', details: 'daily_limit', message: 'No more plays today' })).toBe(
      'daily_limit',
    );
    expect(redeemErrorCode({ code: 'P0001', details: 'voucher_used' })).toBe('voucher_used');
    expect(redeemErrorCode({ code: 'P0001', details: 'pin_locked' })).toBe('pin_locked');
  });
  it('tells a lost request (retry with the same key) from a refusal', () => {
    expect(
      playErrorCode({ message: 'TypeError: Failed to fetch', details: 'TypeError: Failed to fetch', code: '' }),
    ).toBe('network');
    expect(redeemErrorCode(new TypeError('Failed to fetch'))).toBe('network');
    expect(playErrorCode({ name: 'AuthRetryableFetchError', status: 0, message: 'x' })).toBe('network');
    expect(playErrorCode({ status: 429, code: 'over_request_rate_limit', message: 'slow down' })).toBe('too_many');
    expect(redeemErrorCode({ code: '42883', details: null, message: 'function does not exist' })).toBe('unknown');
  });
});
