// Signed URLs (storage-api signs them as JWTs with the project's secret): `{url: "bucket/key", scope}`, scope
// `download`, or `upload` with `owner` and `upsert`. A token is taken only for its scope; one without a scope
// (signed before scopes) is an upload token when it has `upsert`, else a download token.
import type { Req } from '../http/router.ts';
import { JwtError, signJwt, verifyJwt, type Claims } from '../jwt.ts';
import { E } from './errors.ts';
import type { StorageService } from './service.ts';

/**
 * The path (relative to /storage/v1) of a download URL for `bucket/name`, valid `expiresIn` seconds; with
 * `transformations` (image.ts's claim form) a `render/image` URL whose token carries them.
 */
export function signUrl(
  s: StorageService,
  bucket: string,
  name: string,
  expiresIn: number,
  transformations = '',
): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = { url: `${bucket}/${name}`, scope: 'download', iat: now, exp: now + Math.floor(expiresIn) };
  const token = signJwt(transformations ? { ...claims, transformations } : claims, s.secret);
  return `/${transformations ? 'render/image' : 'object'}/sign/${bucket}/${name}?token=${token}`;
}

export function expiresInOf(body: Record<string, unknown>): number {
  const v = Number(body.expiresIn);
  if (!Number.isFinite(v) || v < 1) throw E.invalidRequest('body/expiresIn must be >= 1');
  return v;
}

export type UrlScope = 'download' | 'upload';

/** The claims of the `?token=` of a signed URL, which must be for `bucket/name` and `scope`. */
export function verifyUrlToken(s: StorageService, req: Req, bucket: string, name: string, scope: UrlScope): Claims {
  const token = req.query.get('token');
  if (!token) throw E.invalidRequest("querystring must have required property 'token'");
  let claims: Claims;
  try {
    claims = verifyJwt(token, s.secret);
  } catch (e) {
    throw E.invalidJwt(e instanceof JwtError && e.reason === 'expired' ? 'jwt expired' : 'invalid signature');
  }
  const tokenScope = claims.scope ?? ('upsert' in claims ? 'upload' : 'download');
  if (tokenScope !== scope) throw E.invalidSignature(`Token is not scoped for ${scope}`);
  if (claims.url !== `${bucket}/${name}`) throw E.invalidSignature();
  return claims;
}
