import { describe, expect, it } from 'vitest';
import { checkDelayMs, isConnectionError, sendUntilAnswered } from './index.ts';

describe('in-flight writes', () => {
  it('re-sends with the same key until the server answers, announcing "checking" once', async () => {
    const keys: string[] = [];
    let unanswered = 0;
    const waits: number[] = [];
    const answer = await sendUntilAnswered(
      async () => {
        keys.push('k1');
        if (keys.length < 4) throw new TypeError('Failed to fetch');
        return 'won';
      },
      { onUnanswered: () => unanswered++, waitForCheck: async (n) => void waits.push(checkDelayMs(n)) },
    );
    expect(answer).toBe('won');
    expect(keys).toEqual(['k1', 'k1', 'k1', 'k1']);
    expect(unanswered).toBe(1);
    expect(waits).toEqual([5000, 10000, 20000]);
  });

  it('a refusal of the server ends the action: it is the outcome, not re-sent', async () => {
    let calls = 0;
    const refusal = { code: 'P0001', details: 'daily_limit', message: 'limit' };
    await expect(
      sendUntilAnswered(
        async () => {
          calls++;
          throw refusal;
        },
        { onUnanswered: () => undefined, waitForCheck: async () => undefined },
      ),
    ).rejects.toBe(refusal);
    expect(calls).toBe(1);
  });

  it('tells a lost answer from an answer', () => {
    expect(isConnectionError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isConnectionError({ message: 'TypeError: Failed to fetch', details: '', code: '' })).toBe(true);
    expect(isConnectionError({ name: 'AuthRetryableFetchError', status: 0 })).toBe(true);
    expect(isConnectionError({ code: 'P0001', details: 'voucher_used', message: 'used' })).toBe(false);
    expect(isConnectionError({ message: 'unavailable' })).toBe(false);
    expect([0, 1, 2, 3, 9].map(checkDelayMs)).toEqual([5000, 10000, 20000, 30000, 30000]);
  });
});
