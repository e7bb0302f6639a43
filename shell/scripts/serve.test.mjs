import { describe, expect, it } from 'vitest';
import { cacheControl, contentSecurityPolicy } from './serve.mjs';

describe('static serving rules', () => {
  it('caches content-hashed assets forever and everything else never', () => {
    expect(cacheControl('static/js/index.c41c311f0e.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('static/css/async/app.0123abcd.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('index.html')).toBe('no-cache');
    expect(cacheControl('mf-manifest.json')).toBe('no-cache');
    expect(cacheControl('static/js/remoteEntry.js')).toBe('no-cache');
  });
  it('sets a CSP that forbids framing and names the allowed origins', () => {
    const csp = contentSecurityPolicy({ scripts: ['http://127.0.0.1:3002'], connect: ['http://127.0.0.1:54321'] });
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self' http://127.0.0.1:3002");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:54321");
    expect(csp).toContain("object-src 'none'");
  });
});
