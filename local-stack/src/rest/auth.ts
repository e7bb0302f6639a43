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

export function authenticate(req: Req, secret: string): Auth {
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
  if (!token) return { role: 'anon', claims: { role: 'anon' }, authed: false };
  let claims: Claims;
  try {
    claims = verifyJwt(token, secret, { skewSeconds: 30 });
  } catch (e) {
    const msg = e instanceof Error ? e.message : 'JWT cryptographic operation failed';
    const expired = e instanceof JwtError && e.reason === 'expired';
    throw restError(401, expired ? 'PGRST303' : 'PGRST301', msg, null, null, {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(msg)}`,
    });
  }
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
  return { role, claims, authed: role !== 'anon' };
}
