import { describe, expect, it } from 'vitest';
import { squareCrop } from './image-resize.ts';

describe('squareCrop', () => {
  it('landscape: centred square, scaled down to 512', () => {
    expect(squareCrop(4000, 3000)).toEqual({ sx: 500, sy: 0, size: 3000, out: 512 });
  });
  it('portrait', () => {
    expect(squareCrop(1080, 1920)).toEqual({ sx: 0, sy: 420, size: 1080, out: 512 });
  });
  it('small images are never scaled up', () => {
    expect(squareCrop(300, 200)).toEqual({ sx: 50, sy: 0, size: 200, out: 200 });
  });
  it('odd sizes stay within the image', () => {
    const c = squareCrop(801, 600);
    expect(c.sx + c.size).toBeLessThanOrEqual(801);
    expect(c.out).toBe(512);
  });
  it('rejects empty images', () => {
    expect(() => squareCrop(0, 10)).toThrow();
  });
});
