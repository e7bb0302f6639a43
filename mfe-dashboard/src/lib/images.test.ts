import { describe, expect, it } from 'vitest';
import { IMAGE_ACCEPT, imageProblem, MAX_IMAGE_BYTES } from './images.ts';

describe('imageProblem', () => {
  it('accepts PNG, JPEG and WebP up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp'])
      expect(imageProblem({ type, size: MAX_IMAGE_BYTES })).toBeNull();
    expect(IMAGE_ACCEPT).toBe('image/png,image/jpeg,image/webp');
  });
  it('refuses SVG and other types, and files over 5 MB', () => {
    for (const type of ['image/svg+xml', 'text/html', 'image/gif', ''])
      expect(imageProblem({ type, size: 10 })).toBe('settings.imageTypes');
    expect(imageProblem({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe('settings.imageTooBig');
  });
});
