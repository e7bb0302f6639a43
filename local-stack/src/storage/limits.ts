// What storage-api accepts as bucket names, object keys and MIME types (its storage/limits.ts), and the
// size and type rules of a bucket.
import type { StorageService } from './service.ts';
import type { BucketRow, ObjectRow } from './database.ts';
import { E } from './errors.ts';

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function hasControlChars(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** Object keys as storage-api accepts them; also what keeps paths on disk out of reach. */
export function validKey(key: string): boolean {
  if (!key || key.length > 1024 || key.startsWith('/')) return false;
  if (hasControlChars(key) || key.includes('\\')) return false;
  return key.split('/').every((seg) => seg !== '' && seg !== '.' && seg !== '..');
}

export function validBucketName(name: string): boolean {
  return (
    name.length > 0 && name.length <= 100 && /^[\w!\-.*'() &$@=;:+,?]+$/.test(name) && name !== '.' && name !== '..'
  );
}

export function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = mime.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => {
    const x = a.split(';')[0]!.trim().toLowerCase();
    if (x === '*/*' || x === '*') return true;
    if (x.endsWith('/*')) return base.startsWith(x.slice(0, -1));
    return base === x;
  });
}

/** The largest object a bucket takes: its own limit, capped by config.toml's `[storage] file_size_limit`. */
export function sizeLimit(s: StorageService, bucket: BucketRow): number {
  return Math.min(bucket.file_size_limit ?? Infinity, s.ctx.config.storage.fileSizeLimit);
}

/** The destination bucket's size and type rules, for an object moved or copied there (as storage-api). */
export function mustFit(s: StorageService, dest: BucketRow, src: ObjectRow): void {
  const meta = src.metadata ?? {};
  const size = Number(meta.size ?? meta.contentLength ?? 0);
  if (size > sizeLimit(s, dest)) throw E.tooLarge();
  const mimetype = typeof meta.mimetype === 'string' ? meta.mimetype : 'application/octet-stream';
  if (!mimeAllowed(mimetype, dest.allowed_mime_types)) throw E.mime(mimetype);
}
