// Serving an object's bytes (storage-api's storage/renderer): its stored headers, nosniff and a sandboxing
// CSP, conditional requests on the ETag, `?download` as an attachment.
import fs from 'node:fs';
import type { Req, Res } from '../http/router.ts';
import { OBJECT_CSP, servedContentType } from './content.ts';
import type { ObjectRow } from './database.ts';
import { E } from './errors.ts';
import type { StorageService } from './service.ts';

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
  const meta = obj.metadata ?? {};
  const etag = typeof meta.eTag === 'string' ? meta.eTag : undefined;
  const headers: Record<string, string> = {
    'Content-Type': servedContentType(typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream'),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': OBJECT_CSP,
    'Content-Length': String(size),
    'Cache-Control': typeof meta.cacheControl === 'string' ? meta.cacheControl : 'no-cache',
    'Last-Modified': typeof meta.lastModified === 'string' ? meta.lastModified : new Date(obj.updated_at).toUTCString(),
    'Accept-Ranges': 'none',
  };
  if (etag) headers.ETag = etag;
  const download = req.query.get('download');
  if (download !== null) {
    const fileName = download || obj.name.split('/').pop() || 'download';
    headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  }
  if ((etag && req.headers['if-none-match'] === etag) || req.method === 'HEAD') {
    fs.closeSync(fd);
    res.writeHead(req.method === 'HEAD' ? 200 : 304, headers);
    res.end();
    return;
  }
  res.writeHead(200, headers);
  fs.createReadStream('', { fd, autoClose: true }).pipe(res);
}
