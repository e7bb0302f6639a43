// HS256 JSON Web Tokens, as GoTrue issues them and PostgREST checks them.
import crypto from 'node:crypto';

export type Claims = Record<string, unknown> & { exp?: number; iat?: number; role?: string; sub?: string };

const b64url = (b: Buffer | string) => Buffer.from(b).toString('base64url');

export function signJwt(
  claims: Claims,
  secret: string,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
): string {
  const head = b64url(JSON.stringify(header));
  const body = b64url(JSON.stringify(claims));
  const sig = crypto.createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

export class JwtError extends Error {
  constructor(
    public readonly reason: 'malformed' | 'signature' | 'expired' | 'algorithm',
    message: string,
  ) {
    super(message);
  }
}

/** Verifies signature (HS256 only: `alg: none` and others are refused) and expiry with `skewSeconds` leeway. */
export function verifyJwt(token: string, secret: string, opts: { skewSeconds?: number; now?: number } = {}): Claims {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JwtError('malformed', 'Expected 3 parts in JWT; got ' + parts.length);
  let header: { alg?: string };
  let claims: Claims;
  try {
    header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('malformed', 'JWT cannot be decoded');
  }
  if (header.alg !== 'HS256') throw new JwtError('algorithm', 'Wrong or unsupported encoding algorithm');
  const expected = crypto.createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    throw new JwtError('signature', 'JWT cryptographic operation failed');
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims))
    throw new JwtError('malformed', 'JWT claims are not an object');
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (typeof claims.exp === 'number' && now - (opts.skewSeconds ?? 0) >= claims.exp)
    throw new JwtError('expired', 'JWT expired');
  return claims;
}
