// A small HTTP router shared by the stack's services: CORS as the Supabase gateway answers it,
// bounded body reading, JSON replies. Each service registers its routes on one Router.
import type http from 'node:http';
import zlib from 'node:zlib';

export type Req = http.IncomingMessage & { params: Record<string, string>; query: URLSearchParams; pathname: string };
export type Res = http.ServerResponse;
export type Handler = (req: Req, res: Res) => Promise<void> | void;

interface Route {
  method: string;
  re: RegExp;
  keys: string[];
  handler: Handler;
}

export class HttpError extends Error {
  constructor(
    public status: number,
    public body: unknown,
    public headers: Record<string, string> = {},
  ) {
    super(
      typeof body === 'object' && body && 'message' in body
        ? String((body as { message: unknown }).message)
        : String(body),
    );
  }
}

/** Pattern syntax: `/rest/v1/:table`, `/storage/v1/object/:bucket/*path` (splat takes the rest). */
function compile(pattern: string): { re: RegExp; keys: string[] } {
  const keys: string[] = [];
  const src = pattern
    .split('/')
    .map((seg) => {
      if (seg.startsWith(':')) {
        keys.push(seg.slice(1));
        return '([^/]+)';
      }
      if (seg.startsWith('*')) {
        keys.push(seg.slice(1));
        return '(.*)';
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { re: new RegExp(`^${src}/?$`), keys };
}

export const CORS_EXPOSE =
  'Content-Range, Content-Profile, Content-Location, Range-Unit, Preference-Applied, X-Supabase-Api-Version, Location, Content-Length';

/**
 * CORS as Supabase's gateway answers it (Kong's `cors` plugin with no origins configured): any page may
 * call the API, `Access-Control-Allow-Origin: *`, and never `Access-Control-Allow-Credentials`. supabase-js
 * sends its keys and tokens in headers, never cookies, so no page needs credentials; reflecting the caller's
 * origin with credentials would let any site make the browser send whatever ambient credentials it holds.
 */
export function corsHeaders(): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    Vary: 'Origin',
    'Access-Control-Expose-Headers': CORS_EXPOSE,
  };
}

export class Router {
  private routes: Route[] = [];

  add(method: string | string[], pattern: string, handler: Handler): void {
    const { re, keys } = compile(pattern);
    for (const m of Array.isArray(method) ? method : [method])
      this.routes.push({ method: m.toUpperCase(), re, keys, handler });
  }

  /** Returns false when no route matched the path (so the caller can 404). */
  async handle(req: http.IncomingMessage, res: Res): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    for (const [k, v] of Object.entries(corsHeaders())) res.setHeader(k, v);
    if (method === 'OPTIONS') {
      res.writeHead(200, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD',
        'Access-Control-Allow-Headers': String(
          req.headers['access-control-request-headers'] ?? 'authorization, x-client-info, apikey, content-type',
        ),
        'Access-Control-Max-Age': '86400',
      });
      res.end();
      return true;
    }
    let pathMatched = false;
    for (const r of this.routes) {
      const m = r.re.exec(url.pathname);
      if (!m) continue;
      pathMatched = true;
      if (r.method !== method && !(method === 'HEAD' && r.method === 'GET')) continue;
      const params: Record<string, string> = {};
      r.keys.forEach((k, i) => {
        try {
          params[k] = decodeURIComponent(m[i + 1] ?? '');
        } catch {
          params[k] = m[i + 1] ?? '';
        }
      });
      Object.assign(req, { params, query: url.searchParams, pathname: url.pathname });
      try {
        await r.handler(req as Req, res);
      } catch (e) {
        if (res.headersSent) {
          res.end();
        } else if (e instanceof HttpError) {
          sendJson(res, e.status, e.body, e.headers);
        } else {
          console.error('[stack] unhandled error', e);
          sendJson(res, 500, { code: 'unexpected_failure', message: 'Unexpected failure' });
        }
      }
      return true;
    }
    if (pathMatched) {
      sendJson(res, 405, { message: 'Method not allowed' });
      return true;
    }
    return false;
  }
}

export function sendJson(res: Res, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(status === 204 ? undefined : text);
}

export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Reads the whole body, refusing more than `limit` bytes with 413. */
export async function readBody(req: http.IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      req.resume();
      throw new HttpError(413, { code: 'request_too_large', message: 'Request body too large' });
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON body; `onError` builds the service-specific error (PGRST102, validation_failed…). */
export async function readJson(
  req: http.IncomingMessage,
  onError: () => HttpError,
  limit = MAX_BODY_BYTES,
): Promise<unknown> {
  const buf = await readBody(req, limit);
  if (buf.length === 0) return undefined;
  try {
    return JSON.parse(buf.toString('utf8'));
  } catch {
    throw onError();
  }
}

export function bearer(req: http.IncomingMessage): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m ? m[1]!.trim() : null;
}

/** The encoding to answer in, from an Accept-Encoding header: brotli, then gzip, or none. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const ok = new Set<string>();
  for (const part of String(accept ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) ok.add(name);
  }
  return ok.has('br') ? 'br' : ok.has('gzip') ? 'gzip' : null;
}

/** Below this, compressing costs more than it saves. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Ends a response with `body`, compressed when the client accepts it and the body is large enough, as
 * Supabase's gateway does: a map's places are 80–90 KB of JSON, under a quarter of that compressed, on a
 * guest's phone.
 */
export function endBody(
  req: http.IncomingMessage,
  res: Res,
  status: number,
  headers: Record<string, string | string[]>,
  body: string | Buffer | undefined,
): void {
  const encoding =
    body !== undefined && Buffer.byteLength(body) >= COMPRESS_FROM_BYTES
      ? pickEncoding(req.headers['accept-encoding'])
      : null;
  if (!encoding || body === undefined) {
    // writeHead fixes the headers at once, so Node would fall back to chunked encoding: state the length
    res.writeHead(
      status,
      body === undefined ? headers : { 'Content-Length': String(Buffer.byteLength(body)), ...headers },
    );
    // a Buffer, never a string: Node would write the headers in the body's encoding (UTF-8) along with it,
    // where header values must go out as their bytes (Latin-1 strings, see rest/index.ts headerBytes)
    res.end(body === undefined ? undefined : Buffer.from(body));
    return;
  }
  const raw = Buffer.from(body);
  const packed =
    encoding === 'br'
      ? zlib.brotliCompressSync(raw, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        })
      : zlib.gzipSync(raw, { level: 6 });
  const vary = [res.getHeader('Vary'), 'Accept-Encoding'].filter(Boolean).join(', ');
  const rest = Object.fromEntries(Object.entries(headers).filter(([k]) => k.toLowerCase() !== 'content-length'));
  res.writeHead(status, {
    ...rest,
    'Content-Encoding': encoding,
    Vary: vary,
    'Content-Length': String(packed.length),
  });
  res.end(packed);
}
