// Serving an object's bytes (storage-api's storage/renderer): its stored headers, nosniff and a sandboxing
// CSP, conditional requests on the ETag, `?download` as an attachment; `sendRendered` serves an image
// transformed (image.ts) with the same headers and `X-Transformations`.
import fs from 'node:fs';
import type { Req, Res } from '../http/router.ts';
import { OBJECT_CSP, servedContentType } from './content.ts';
import type { ObjectRow } from './database.ts';
import { E } from './errors.ts';
import { renderImage, transformationNames, type TransformOptions } from './image.ts';
import type { StorageService } from './service.ts';

function objectHeaders(req: Req, obj: ObjectRow, contentType: string, size: number): Record<string, string> {
  const meta = obj.metadata ?? {};
  const headers: Record<string, string> = {
    'Content-Type': servedContentType(contentType),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': OBJECT_CSP,
    'Content-Length': String(size),
    'Cache-Control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
    'Last-Modified': typeof meta.lastModified === 'string' ? meta.lastModified : new Date(obj.updated_at).toUTCString(),
    'Accept-Ranges': 'none',
  };
  if (typeof meta.eTag === 'string') headers.ETag = meta.eTag;
  const download = req.query.get('download');
  if (download !== null) {
    const fileName = download || obj.name.split('/').pop() || 'download';
    headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  }
  return headers;
}

/** Answers HEAD and a matching If-None-Match without a body; true when it did. */
function answeredWithoutBody(req: Req, res: Res, headers: Record<string, string>): boolean {
  if ((headers.ETag && req.headers['if-none-match'] === headers.ETag) || req.method === 'HEAD') {
    res.writeHead(req.method === 'HEAD' ? 200 : 304, headers);
    res.end();
    return true;
  }
  return false;
}

export function sendObject(s: StorageService, req: Req, res: Res, obj: ObjectRow): void {
  if (!obj.version) throw E.noSuchKey();
  // Open first: an upsert may unlink this version meanwhile; an open descriptor still reads it whole.
  let fd: number;
  try {
    fd = fs.openSync(s.files.pathOf(obj.version), 'r');
  } catch {
    throw E.noSuchKey();
  }
  const size = fs.fstatSync(fd).size;
  const mimetype = obj.metadata?.mimetype;
  const headers = objectHeaders(req, obj, typeof mimetype === 'string' ? mimetype : 'application/octet-stream', size);
  if (answeredWithoutBody(req, res, headers)) {
    fs.closeSync(fd);
    return;
  }
  res.writeHead(200, headers);
  fs.createReadStream('', { fd, autoClose: true }).pipe(res);
}

/** An image object transformed; `expires` (signed URLs) is the token's expiry, as storage-api sends it. */
export async function sendRendered(
  s: StorageService,
  req: Req,
  res: Res,
  obj: ObjectRow,
  transform: TransformOptions,
  expires?: Date,
): Promise<void> {
  if (!obj.version) throw E.noSuchKey();
  let source: Buffer;
  try {
    source = await fs.promises.readFile(s.files.pathOf(obj.version));
  } catch {
    throw E.noSuchKey();
  }
  const accept = req.headers.accept;
  const out = await renderImage(source, transform, typeof accept === 'string' ? accept : undefined);
  const headers = objectHeaders(req, obj, out.contentType, out.body.length);
  headers['X-Transformations'] = transformationNames(transform).join(',');
  if (expires) headers.Expires = expires.toUTCString();
  if (answeredWithoutBody(req, res, headers)) return;
  res.writeHead(200, headers);
  res.end(out.body);
}
