import { describe, expect, it } from 'vitest';
import { labelCache } from './label-cache.ts';

describe('labelCache', () => {
  it('asks the lookup once per key and answers the same text after', () => {
    const asked: string[] = [];
    const label = labelCache((k: string) => {
      asked.push(k);
      return `text of ${k}`;
    });
    expect([label('food'), label('bar'), label('food'), label('food')]).toEqual([
      'text of food',
      'text of bar',
      'text of food',
      'text of food',
    ]);
    expect(asked).toEqual(['food', 'bar']);
  });

  it('keeps nothing between two caches (a new render asks again)', () => {
    let calls = 0;
    const lookup = () => String(++calls);
    expect(labelCache(lookup)('a')).toBe('1');
    expect(labelCache(lookup)('a')).toBe('2');
  });

  it('keys by keyOf when given: arguments with the same key share one answer', () => {
    let calls = 0;
    const label = labelCache(
      (n: number) => `${n} (${++calls})`,
      (n) => n % 2,
    );
    expect([label(1), label(3), label(2), label(5)]).toEqual(['1 (1)', '1 (1)', '2 (2)', '1 (1)']);
  });
});
