// Reading a storage request: the bucket and object key of the path, and a JSON body.
import { readBody, type Req } from '../http/router.ts';
import { E } from './errors.ts';
import { validBucketName, validKey } from './limits.ts';

export const isObj = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

export function keyParams(req: Req): { bucket: string; name: string } {
  const bucket = req.params.bucket ?? '';
  const name = req.params.path ?? '';
  if (!validBucketName(bucket)) throw E.invalidBucketName();
  if (!validKey(name)) throw E.invalidKey(name);
  return { bucket, name };
}

export async function jsonBody(req: Req): Promise<Record<string, unknown>> {
  const buf = await readBody(req, 1024 * 1024).catch(() => {
    throw E.invalidRequest('Body too large');
  });
  if (buf.length === 0) return {};
  try {
    const v = JSON.parse(buf.toString('utf8')) as unknown;
    if (!isObj(v)) throw new Error('not an object');
    return v;
  } catch {
    throw E.invalidRequest('Body is not valid JSON');
  }
}

/** The user metadata of the `x-metadata` header (base64 of a JSON object), or null when absent. */
export function xMetadata(req: Req): Record<string, unknown> | null {
  const md = req.headers['x-metadata'];
  if (typeof md !== 'string' || !md) return null;
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(md, 'base64').toString('utf8'));
  } catch {
    throw E.invalidRequest('Invalid metadata');
  }
  return isObj(v) ? v : null;
}
