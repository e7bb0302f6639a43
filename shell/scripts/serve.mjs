// Serves built apps as a CDN would: brotli/gzip, immutable caching for content-hashed assets,
// no-cache for HTML, manifests and config, CORS for the shell's origin only, and a CSP on pages.
// Plain Node (no dependencies) so `npm start` works right after the build.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
};
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|txt|webmanifest|map)$/;

/** Content-hashed files (Rsbuild puts them under static/ with a hash in the name) never change. */
export function cacheControl(rel) {
  if (/(^|\/)static\/.+\.[0-9a-f]{8,}\.[a-z0-9]+$/i.test(rel)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

export function contentSecurityPolicy({ connect = [], scripts = [], images = [], styles = [] }) {
  const uniq = (a) => [...new Set(a.filter(Boolean))].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${uniq(scripts)}`,
    `connect-src 'self' ${uniq(connect)}`,
    `img-src 'self' data: blob: ${uniq(images)}`,
    `style-src 'self' 'unsafe-inline' ${uniq(styles)}`,
    "font-src 'self' data:",
    "worker-src 'self'",
    "manifest-src 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** `raw` compressed for the response: 'best' for files compressed once and kept, 'quick' for pages made per request. */
function encode(raw, enc, effort) {
  if (enc === 'br')
    return zlib.brotliCompressSync(raw, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: effort === 'best' ? 9 : 5 },
    });
  if (enc === 'gzip') return zlib.gzipSync(raw, { level: effort === 'best' ? 9 : 6 });
  return raw;
}

const brotliBest = promisify(zlib.brotliCompress);

/** Every file under `dir`, recursively (absolute paths when `dir` is). */
export function filesUnder(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/**
 * Compresses the static files (brotli, as `encode(…, 'best')` does) into `cache` before the server answers,
 * as a CDN keeps them compressed: the first visitors do not wait for their scripts to be compressed, and on
 * a small machine the compressing does not take a core from the browser loading the page (a Lighthouse
 * benchmark's first run of a page scored about 10 points lower when it did). Pages (rewritten per request)
 * and source maps are compressed when asked for; so is gzip, for the rare client without brotli.
 */
export async function precompress(root, cache) {
  const files = filesUnder(root).filter((f) => COMPRESSIBLE.test(f) && !/\.(html|map)$/.test(f));
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      try {
        const stat = await fs.promises.stat(file);
        cache.set(
          `${file}:br:${stat.mtimeMs}`,
          await brotliBest(await fs.promises.readFile(file), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
        );
      } catch {
        // A file removed meanwhile (an app rebuilt while serving): compressed when asked for, if it is back.
      }
    }
  };
  await Promise.all([worker(), worker()]);
}

/**
 * @param {{ dir: string, port: number, host?: string, spa?: boolean, allowOrigins?: string[],
 *           csp?: string, routes?: Record<string, () => { type: string, body: string }>,
 *           page?: (html: string, req: http.IncomingMessage, url: URL) => string | Promise<string> }} opts
 * `page` rewrites HTML pages before they are sent (prefill.mjs); rewritten pages are compressed per request.
 */
export function serveDir(opts) {
  const root = path.resolve(opts.dir);
  const cache = new Map();
  const allow = new Set(opts.allowOrigins ?? []);
  const server = http.createServer((req, res) => {
    try {
      handle(req, res);
    } catch (e) {
      // A file can vanish between checks while an app is being rebuilt: answer, never crash.
      if (!res.headersSent) res.writeHead(e && e.code === 'ENOENT' ? 404 : 500, { 'Content-Type': 'text/plain' });
      res.end();
    }
  });
  function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://x');
    const origin = req.headers.origin;
    if (origin && allow.has(origin)) res.setHeader('Access-Control-Allow-Origin', origin);
    // The answer depends on the Origin header wherever other origins are allowed: a copy the browser
    // kept from a request without one (no CORS headers) must not answer a CORS request later.
    res.setHeader('Vary', allow.size ? 'Origin, Accept-Encoding' : 'Accept-Encoding');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, HEAD',
        'Access-Control-Allow-Headers': String(req.headers['access-control-request-headers'] ?? ''),
      });
      return res.end();
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405);
      return res.end();
    }
    const dynamic = opts.routes?.[url.pathname];
    if (dynamic) {
      const { type, body } = dynamic();
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache' });
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
    let rel;
    try {
      rel = decodeURIComponent(url.pathname).replace(/^\/+/, '');
    } catch {
      res.writeHead(400);
      return res.end();
    }
    let file = path.resolve(root, rel);
    if (!file.startsWith(root)) {
      res.writeHead(403);
      return res.end();
    }

    if (!rel || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      const index = path.join(file, 'index.html');
      if (rel && fs.existsSync(index)) file = index;
      else if (opts.spa && !path.extname(rel)) file = path.join(root, 'index.html');
      else if (!rel) file = path.join(root, 'index.html');
      else {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return res.end('Not found');
      }
    }
    const ext = path.extname(file);
    const isPage = ext === '.html';
    const relServed = path.relative(root, file).split(path.sep).join('/');
    const headers = {
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': cacheControl(relServed),
    };
    if (isPage && opts.csp) headers['Content-Security-Policy'] = opts.csp;
    if (relServed === 'sw.js') headers['Service-Worker-Allowed'] = '/';
    const accept = String(req.headers['accept-encoding'] ?? '');
    const enc = COMPRESSIBLE.test(file)
      ? /\bbr\b/.test(accept)
        ? 'br'
        : /\bgzip\b/.test(accept)
          ? 'gzip'
          : null
      : null;
    if (isPage && opts.page) {
      const html = fs.readFileSync(file, 'utf8');
      Promise.resolve(opts.page(html, req, url))
        .catch((e) => {
          console.error('[serve] page rewrite failed', e);
          return html;
        })
        .then((page) => {
          // The rewrite picks the page's language from the language cookie or Accept-Language: a cache must
          // keep one copy per language.
          res.setHeader('Vary', `${res.getHeader('Vary')}, Accept-Language, Cookie`);
          // Quick settings: this is per request, and the page is a few kilobytes.
          const out = encode(Buffer.from(page), enc, 'quick');
          if (enc) headers['Content-Encoding'] = enc;
          headers['Content-Length'] = String(out.length);
          res.writeHead(200, headers);
          res.end(req.method === 'HEAD' ? undefined : out);
        });
      return;
    }
    const stat = fs.statSync(file);
    const key = `${file}:${enc}:${stat.mtimeMs}`;
    let body = cache.get(key);
    if (!body) {
      const raw = fs.readFileSync(file);
      body = encode(raw, enc, 'best');
      cache.set(key, body);
    }
    if (enc) headers['Content-Encoding'] = enc;
    headers['Content-Length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
  return precompress(root, cache).then(
    () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(opts.port, opts.host ?? '127.0.0.1', () => resolve(server));
      }),
  );
}
