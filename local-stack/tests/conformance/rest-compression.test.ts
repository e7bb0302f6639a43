// REST answers compressed as Supabase's gateway sends them: brotli or gzip as the client accepts, only
// when worth it, the same JSON once decompressed. The guest map's places (demo data) are the example.
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../testing/stack.ts';
import { pickEncoding } from '../../src/http/router.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack('pglite', { seed: true });
});
afterAll(async () => {
  await stack?.stop();
});

/** A raw GET (Node's fetch would decompress, hiding what was sent). */
function get(
  path: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { apikey: stack.config.auth.anonKey, Origin: 'http://127.0.0.1:3000' };
    if (acceptEncoding !== undefined) headers['Accept-Encoding'] = acceptEncoding;
    http
      .get(`${stack.apiUrl}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const PLACES =
  '/rest/v1/activities?select=*&customer_id=eq.ho-chi-minh-city&published=eq.true&order=sort_order.asc,id.asc';

describe('compressed REST answers', () => {
  it('sends the map’s places brotli- or gzip-compressed as accepted, the same JSON once decompressed', async () => {
    const plain = await get(PLACES);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const places = JSON.parse(plain.body.toString('utf8')) as unknown[];
    expect(places.length).toBeGreaterThan(10);

    const br = await get(PLACES, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Origin/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['content-range']).toBe(plain.headers['content-range']);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gzip = await get(PLACES, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    const refused = await get(PLACES, 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
  });

  it('leaves small answers and errors as they are', async () => {
    const one = await get('/rest/v1/customers?select=id&id=eq.ho-chi-minh-city', 'br');
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(one.body.toString('utf8'))).toEqual([{ id: 'ho-chi-minh-city' }]);
    const bad = await get('/rest/v1/activities?select=no_such_column', 'br');
    expect(bad.status).toBe(400);
    expect(bad.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(bad.body.toString('utf8'))).toMatchObject({
      code: expect.any(String),
      message: expect.stringContaining('no_such_column'),
    });
  });

  it('reads Accept-Encoding as browsers and clients write it', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
