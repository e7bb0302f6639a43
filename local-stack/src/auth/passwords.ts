// Password hashing as GoTrue stores it (bcrypt in auth.users.encrypted_password), and telling a Postgres
// error from an API error.
import bcrypt from 'bcryptjs';

export const BCRYPT_COST = 10;
// Compared against when the e-mail is unknown, so both failures take the same time.
export const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_COST);

export const hashPassword = (pw: string) => bcrypt.hash(pw, BCRYPT_COST);

/** Postgres errors raised while writing auth.users (a trigger, a constraint) become GoTrue's 500. */
export function isPgError(e: unknown): e is { code?: string; message: string } {
  return !!e && typeof e === 'object' && 'message' in e && !('status' in e && 'body' in e);
}
