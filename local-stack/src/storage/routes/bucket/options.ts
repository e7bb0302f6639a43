// The options of a bucket create or update: `public`, `file_size_limit` (bytes or "20MB"),
// `allowed_mime_types` (`type/subtype`, `type/*`, `*`).
import { parseSize } from '../../../config.ts';
import { E } from '../../errors.ts';

export function bucketOptions(body: Record<string, unknown>): {
  public?: boolean;
  file_size_limit?: number | null;
  allowed_mime_types?: string[] | null;
} {
  const out: ReturnType<typeof bucketOptions> = {};
  if (body.public !== undefined) out.public = body.public === true;
  if (body.file_size_limit !== undefined) {
    const v = body.file_size_limit;
    if (v === null) out.file_size_limit = null;
    else {
      const n = typeof v === 'number' ? v : parseSize(v, NaN);
      if (!Number.isFinite(n) || n < 0)
        throw E.invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
      out.file_size_limit = Math.floor(n);
    }
  }
  if (body.allowed_mime_types !== undefined) {
    const v = body.allowed_mime_types;
    if (v === null) out.allowed_mime_types = null;
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string' && /^[\w.+-]+\/[\w.+*-]+(;.*)?$|^\*$/.test(x)))
      out.allowed_mime_types = v as string[];
    else throw E.invalidRequest('Invalid mime type format');
  }
  return out;
}
