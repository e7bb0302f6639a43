// Who is calling (storage-api's `jwt` plugin): the `Authorization: Bearer` JWT, else the `apikey` header,
// verified with the project's secret; its role must be anon, authenticated or service_role.
import type { Req } from '../http/router.ts';
import { bearer } from '../http/router.ts';
import { JwtError, verifyJwt, type Claims } from '../jwt.ts';
import { E } from './errors.ts';
import { UUID_RE } from './limits.ts';
import type { StorageService } from './service.ts';

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

export function claimsOf(s: StorageService, req: Req): Claims {
  const header = req.headers.apikey;
  const token = bearer(req) ?? (typeof header === 'string' ? header : null);
  // storage-api verifies the empty string when no token is sent: jose's words, as AccessDenied
  if (!token) throw E.accessDenied('Invalid Compact JWS');
  let claims: Claims;
  try {
    claims = verifyJwt(token, s.secret);
  } catch (e) {
    // storage-api answers every failed verification as AccessDenied with jose's words
    throw E.accessDenied(joseMessage(e));
  }
  if (typeof claims.role !== 'string' || !ROLES.has(claims.role)) throw E.accessDenied('role not allowed');
  return claims;
}

/** What jose says of a token it refuses (expired, bad signature, or not a compact JWS at all). */
function joseMessage(e: unknown): string {
  if (e instanceof JwtError && e.reason === 'expired') return '"exp" claim timestamp check failed';
  if (e instanceof JwtError && e.reason === 'signature') return 'signature verification failed';
  if (e instanceof JwtError && e.reason === 'algorithm') return '"alg" (Algorithm) Header Parameter value not allowed';
  return 'Invalid Compact JWS';
}

/** `owner` (a uuid, or null) and `owner_id` (the token's sub as text) of what the caller creates. */
export const ownerOf = (claims: Claims) => {
  const sub = typeof claims.sub === 'string' && claims.sub ? claims.sub : null;
  return { owner: sub && UUID_RE.test(sub) ? sub : null, owner_id: sub };
};
