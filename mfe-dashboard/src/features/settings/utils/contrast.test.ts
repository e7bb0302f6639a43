import { describe, expect, it } from 'vitest';
import { bestTextOn, contrastRatio, parseHex } from './contrast.ts';

describe('brand colour contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });
  it('picks the readable text colour and says whether it passes AA', () => {
    expect(bestTextOn('#0b3d2e')).toEqual({ text: '#ffffff', ratio: expect.any(Number), passesAA: true });
    expect(bestTextOn('#ffff00')?.text).toBe('#111111');
    expect(bestTextOn('#5AB77B')?.passesAA).toBe(true);
    expect(bestTextOn('#9ccc9c')?.text).toBe('#111111');
  });
  it('rejects what is not #rrggbb', () => {
    expect(parseHex('red')).toBeNull();
    expect(bestTextOn('#abc')).toBeNull();
  });
});
