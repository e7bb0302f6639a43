import { describe, expect, it } from 'vitest';
import { landedIndex, segmentPath, targetRotation } from './wheel.ts';

describe('fortune wheel geometry', () => {
  it('stops every segment under the pointer, whatever the start angle and offset', () => {
    for (const n of [2, 3, 6, 7, 12]) {
      for (const start of [0, 37, 360, 1234.5, -90]) {
        for (let i = 0; i < n; i++) {
          for (const off of [-0.4, 0, 0.4]) {
            const r = targetRotation(start, i, n, 5, off);
            expect(landedIndex(r, n)).toBe(i);
            expect(r - start).toBeGreaterThanOrEqual(360 * 4);
          }
        }
      }
    }
  });
  it('clamps offsets so the pointer never lands on a border', () => {
    expect(landedIndex(targetRotation(0, 2, 6, 5, 5), 6)).toBe(2);
    expect(landedIndex(targetRotation(0, 2, 6, 5, -5), 6)).toBe(2);
  });
  it('draws closed segment paths', () => {
    expect(segmentPath(0, 4, 100)).toMatch(/^M 0 0 L 0\.000 -100\.000 A 100 100 0 0 1 100\.000 0\.000 Z$/);
    expect(segmentPath(0, 1, 100)).toContain('A 100 100');
  });
});
