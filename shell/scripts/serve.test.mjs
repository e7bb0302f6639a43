import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import { cacheControl, contentSecurityPolicy, precompress, serveDir } from './serve.mjs';

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

describe("a remote's files for another origin", () => {
  it('carry CORS headers for an allowed origin only, and always say they depend on the Origin header', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-serve-'));
    fs.mkdirSync(path.join(dir, 'static/js'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'static/js/map.0123abcd.js'), 'console.log(1)');
    const server = await serveDir({ dir, port: 0, allowOrigins: ['http://127.0.0.1:3000'] });
    const url = `http://127.0.0.1:${server.address().port}/static/js/map.0123abcd.js`;
    try {
      const asked = await fetch(url, { headers: { Origin: 'http://127.0.0.1:3000' } });
      expect(asked.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
      // Without an Origin header (a plain <script>, a prefetch) no CORS headers, and Vary: Origin, so a
      // browser never answers a later CORS request with this copy (it would fail the CORS check).
      const plain = await fetch(url);
      expect(plain.headers.get('access-control-allow-origin')).toBeNull();
      expect(plain.headers.get('vary')).toMatch(/\bOrigin\b/);
      const other = await fetch(url, { headers: { Origin: 'https://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('compressing ahead', () => {
  it('keeps every static file brotli-compressed before the first request, not pages or source maps', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-serve-'));
    fs.mkdirSync(path.join(dir, 'static/js'), { recursive: true });
    const script = 'export const places = ' + JSON.stringify(Array.from({ length: 200 }, (_, i) => `place ${i}`)) + ';';
    fs.writeFileSync(path.join(dir, 'static/js/map.0123abcd.js'), script);
    fs.writeFileSync(path.join(dir, 'static/js/map.0123abcd.js.map'), '{}');
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{"name":"map"}');
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    fs.writeFileSync(path.join(dir, 'logo.png'), 'png');
    try {
      const cache = new Map();
      await precompress(dir, cache);
      const keys = [...cache.keys()]
        .map((k) => path.relative(dir, k).replace(/:.*$/, '').split(path.sep).join('/'))
        .sort();
      expect(keys).toEqual(['mf-manifest.json', 'static/js/map.0123abcd.js']);
      const [jsKey] = [...cache.keys()].filter((k) => k.includes('map.0123abcd.js:'));
      expect(jsKey).toMatch(/:br:/);
      expect(zlib.brotliDecompressSync(cache.get(jsKey)).toString()).toBe(script);
      // The server answers from that copy.
      const server = await serveDir({ dir, port: 0 });
      try {
        const res = await fetch(`http://127.0.0.1:${server.address().port}/static/js/map.0123abcd.js`, {
          headers: { 'Accept-Encoding': 'br' },
        });
        expect(res.headers.get('content-encoding')).toBe('br');
        expect(await res.text()).toBe(script);
      } finally {
        server.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
