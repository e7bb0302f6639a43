import { describe, expect, it } from 'vitest';
import { directionsLinks, priceLabel, safeHttpUrl, telHref } from './links.ts';

describe('activity links', () => {
  it('directions go to the coordinates in Google, Apple and Grab', () => {
    const l = directionsLinks({ latitude: 10.7798, longitude: 106.699, name: 'Nhà thờ Đức Bà & co' });
    expect(l.google).toBe('https://www.google.com/maps/dir/?api=1&destination=10.7798%2C106.699');
    expect(l.apple).toContain('daddr=10.7798%2C106.699');
    expect(l.apple).toContain('q=Nh%C3%A0%20th%E1%BB%9D');
    expect(decodeURIComponent(l.grab)).toContain('dropOffLatitude=10.7798&dropOffLongitude=106.699');
  });
  it('tel links keep digits and plus only', () => {
    expect(telHref('+84 (28) 3822-1234')).toBe('tel:+842838221234');
  });
  it('only http(s) URLs are links', () => {
    expect(safeHttpUrl('javascript:alert(1)')).toBeNull();
    expect(safeHttpUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(safeHttpUrl('not a url')).toBeNull();
  });
  it('price level', () => {
    expect(priceLabel(2)).toBe('₫₫');
    expect(priceLabel(null)).toBeNull();
  });
});
