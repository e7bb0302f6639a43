import { describe, expect, it } from 'vitest';
import { markupUnderImageType, servedContentType } from './content.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('markupUnderImageType', () => {
  it('finds SVG, HTML or XML bytes under a raster image type, after a BOM or blanks', () => {
    for (const body of [
      '<svg onload="x()"/>',
      '  \n<svg/>',
      '\ufeff<?xml version="1.0"?><svg/>',
      '<!doctype html><script>x()</script>',
    ]) {
      expect(markupUnderImageType('image/png', Buffer.from(body)), body).toBe(true);
    }
    expect(markupUnderImageType('image/jpeg; charset=utf-8', Buffer.from('<html>'))).toBe(true);
    expect(markupUnderImageType('image/gif', Buffer.from('\ufeff<svg/>', 'utf16le'))).toBe(true);
  });
  it('leaves real images, declared SVG and non-image types alone', () => {
    expect(markupUnderImageType('image/png', PNG)).toBe(false);
    expect(markupUnderImageType('image/png', Buffer.alloc(0))).toBe(false);
    expect(markupUnderImageType('image/svg+xml', Buffer.from('<svg/>'))).toBe(false);
    expect(markupUnderImageType('text/plain', Buffer.from('<b>hi</b>'))).toBe(false);
  });
});

describe('servedContentType', () => {
  it('serves HTML as plain text and keeps other types', () => {
    expect(servedContentType('text/html; charset=utf-8')).toBe('text/plain; charset=utf-8');
    expect(servedContentType('application/xhtml+xml')).toBe('text/plain; charset=utf-8');
    expect(servedContentType('image/png')).toBe('image/png');
  });
});
