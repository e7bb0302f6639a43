// Auth (PostgREST's PostgREST.Auth): the request's JWT → the role and claims the transaction
// impersonates. The token is the `Authorization: Bearer` JWT, else the `apikey` header (hosted
// Supabase's gateway does that), else none (anon). HS256 with the project secret, 30 s skew.
import type { Req } from '../http/router.ts';
import { JwtError, verifyJwt, type Claims } from '../jwt.ts';
import { restError } from './errors.ts';

export interface Auth {
  role: string;
  claims: Claims;
  /** False for the anonymous role: permission errors are 401 then, 403 otherwise. */
  authed: boolean;
}

/** PostgREST's allowed clock skew for exp/nbf/iat. */
const SKEW = 30;

const invalidToken = (code: string, msg: string) =>
  restError(401, code, msg, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(msg)}`,
  });

/**
 * PostgREST's jwt-aud (`pgrst.jwt_aud` of the authenticator role): when set, a token's `aud` (a string, or an
 * array of which one must match; an empty array passes) must name it: 401 PGRST303 `JWT not in audience`.
 */
export function checkAudience(auth: Auth, expected: string | undefined): void {
  if (!expected) return;
  const aud = auth.claims.aud as unknown;
  if (aud === undefined || aud === null) return;
  const ok =
    typeof aud === 'string' ? aud === expected : (aud as string[]).length === 0 || (aud as string[]).includes(expected);
  if (!ok) throw invalidToken('PGRST303', 'JWT not in audience');
}

export function authenticate(req: Req, secret: string, anonRole = 'anon'): Auth {
  let token: string | null = null;
  const h = req.headers.authorization;
  if (h !== undefined) {
    const m = /^bearer\s*(.*)$/i.exec(h.trim());
    if (m) {
      token = m[1]!.trim();
      if (!token)
        throw restError(401, 'PGRST301', 'Empty JWT is sent in Authorization header', null, null, {
          'WWW-Authenticate':
            'Bearer error="invalid_token", error_description="Empty JWT is sent in Authorization header"',
        });
    }
  }
  if (token === null) {
    const k = req.headers.apikey;
    token = (Array.isArray(k) ? k[0] : k)?.trim() || null;
  }
  if (!token) return { role: anonRole, claims: { role: anonRole }, authed: false };
  let claims: Claims;
  try {
    claims = verifyJwt(token, secret, { skewSeconds: SKEW });
  } catch (e) {
    let msg = e instanceof Error ? e.message : 'JWT cryptographic operation failed';
    let claimsError = e instanceof JwtError && e.reason === 'expired';
    // PostgREST's wording (PostgREST.Error's JwtDecodeErr / JwtClaimsErr)
    if (msg === 'JWT cannot be decoded') msg = "JWT couldn't be decoded";
    if (msg === 'JWT claims are not an object') [msg, claimsError] = ['Parsing claims failed', true];
    throw invalidToken(claimsError ? 'PGRST303' : 'PGRST301', msg);
  }
  // PostgREST validates the time claims it knows (with its 30 s skew) before the role is taken
  const now = Math.floor(Date.now() / 1000);
  for (const k of ['exp', 'nbf', 'iat'] as const) {
    if (claims[k] !== undefined && typeof claims[k] !== 'number')
      throw invalidToken('PGRST303', `The JWT '${k}' claim must be a number`);
  }
  // `aud`: a string or an array of strings (its value is matched against `pgrst.jwt_aud` in the transaction);
  // null is no audience, as PostgREST reads it
  const aud = claims.aud as unknown;
  if (
    aud !== undefined &&
    aud !== null &&
    typeof aud !== 'string' &&
    !(Array.isArray(aud) && aud.every((x) => typeof x === 'string'))
  )
    throw invalidToken('PGRST303', "The JWT 'aud' claim must be a string or an array of strings");
  if (typeof claims.nbf === 'number' && claims.nbf > now + SKEW) throw invalidToken('PGRST303', 'JWT not yet valid');
  if (typeof claims.iat === 'number' && claims.iat > now + SKEW) throw invalidToken('PGRST303', 'JWT issued at future');
  const role = typeof claims.role === 'string' && claims.role ? claims.role : anonRole;
  return { role, claims, authed: role !== anonRole };
}
