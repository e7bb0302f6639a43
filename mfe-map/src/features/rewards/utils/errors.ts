// Error codes of the rewards RPCs (`details` of a PostgREST error) mapped to what the user reads.
// `network` = no answer from the server: the same request may be retried with the same key.
// The lists are the database's own codes (generated from the migrations: a code no migration raises is a
// type error); each screen handles those its RPC raises, and says the rest as `unknown`.
import type { DbErrorCode } from '@guestmap/shared-ui/db-errors';

export const PLAY_ERRORS = [
  'not_authenticated',
  'user_disabled',
  'invalid_key',
  'campaign_inactive',
  'account_required',
  'daily_limit',
  'no_prizes',
  'idempotency_conflict',
] as const satisfies readonly DbErrorCode[];
export const REDEEM_ERRORS = [
  'voucher_not_found',
  'pin_locked',
  'partner_locked',
  'pin_not_set',
  'voucher_used',
  'voucher_expired',
  'idempotency_conflict',
  'invalid_amount',
  'invalid_currency',
  'invalid_key',
  'till_signed_out',
  'till_other_partner',
] as const satisfies readonly DbErrorCode[];
export type PlayError = (typeof PLAY_ERRORS)[number] | 'too_many' | 'network' | 'unknown';
export type RedeemError = (typeof REDEEM_ERRORS)[number] | Extract<DbErrorCode, 'wrong_pin'> | 'network' | 'unknown';

interface ErrorLike {
  code?: string;
  details?: string | null;
  message?: string;
  status?: number;
  name?: string;
}

function classify<T extends string>(e: unknown, known: readonly T[]): T | 'too_many' | 'network' | 'unknown' {
  const err = (e ?? {}) as ErrorLike;
  const details = typeof err.details === 'string' ? err.details : '';
  const hit = known.find((k) => k === details || k === err.code);
  if (hit) return hit;
  if (err.status === 429 || err.code === 'over_request_rate_limit') return 'too_many';
  // postgrest-js and auth-js report a failed fetch as an error without a code (or status 0).
  if (
    err.name === 'AuthRetryableFetchError' ||
    err.status === 0 ||
    e instanceof TypeError ||
    (!err.code && /fetch|network/i.test(err.message ?? ''))
  )
    return 'network';
  return 'unknown';
}

export const playErrorCode = (e: unknown): PlayError => classify(e, PLAY_ERRORS);
export function redeemErrorCode(e: unknown): RedeemError {
  const c = classify(e, REDEEM_ERRORS);
  return c === 'too_many' ? 'pin_locked' : c;
}
