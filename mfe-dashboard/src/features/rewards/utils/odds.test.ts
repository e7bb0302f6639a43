import { describe, expect, it } from 'vitest';
import { odds, oddsWith } from './odds.ts';

describe('prize odds', () => {
  it('are the weight over the sum of drawable weights', () => {
    expect(
      odds([
        { weight: 50, stock: null },
        { weight: 30, stock: 10 },
        { weight: 20, stock: null },
      ]),
    ).toEqual([50, 30, 20]);
  });
  it('leave out prizes with weight 0 or no stock left', () => {
    expect(
      odds([
        { weight: 1, stock: null },
        { weight: 0, stock: null },
        { weight: 5, stock: 0 },
        { weight: 2, stock: 3 },
      ]),
    ).toEqual([33.3, 0, 0, 66.7]);
  });
  it('are all 0 when nothing can be drawn', () => {
    expect(odds([{ weight: 0, stock: null }])).toEqual([0]);
  });
  it('preview a prize being edited among the others', () => {
    expect(oddsWith([{ weight: 3, stock: null }], { weight: 1, stock: null })).toBe(25);
  });
});
