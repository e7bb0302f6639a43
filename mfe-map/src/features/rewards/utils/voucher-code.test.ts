import { describe, expect, it } from 'vitest';
import { isVoucherCode, normaliseCode } from './voucher-code.ts';
import { clearedFraction } from './scratch.ts';

describe('voucher codes', () => {
  it('accepts what staff type or scan', () => {
    expect(normaliseCode(' abcde-fghjk ')).toBe('ABCDEFGHJK');
    expect(isVoucherCode('abcde fghjk')).toBe(true);
    expect(isVoucherCode('ABCDEFGHJ0')).toBe(false); // 0 is not in the alphabet
    expect(isVoucherCode('ABCDEFGHJ')).toBe(false);
  });
});

describe('scratch coverage', () => {
  it('counts transparent pixels', () => {
    const px = new Uint8ClampedArray(4 * 100).fill(255);
    expect(clearedFraction(px, 1)).toBe(0);
    for (let i = 0; i < 50; i++) px[i * 4 + 3] = 0;
    expect(clearedFraction(px, 1)).toBe(0.5);
  });
});
