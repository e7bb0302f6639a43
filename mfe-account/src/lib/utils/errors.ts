// Maps errors from supabase-js (auth, PostgREST, storage) to catalogue keys. Decisions are taken on
// the error's machine-readable code (and on "no response at all" for network failures), never on
// message text, which servers are free to reword.
import type { DbErrorCode } from '@guestmap/shared-ui/db-errors';

export type AuthErrorKey =
  | 'errors.emailInUse'
  | 'errors.wrongCredentials'
  | 'errors.signInError'
  | 'errors.noAccount'
  | 'errors.popupClosed'
  | 'errors.popupBlocked'
  | 'errors.tooMany'
  | 'errors.codeExpired'
  | 'errors.network'
  | 'errors.banned'
  | 'errors.signupDisabled'
  | 'errors.providerDisabled'
  | 'errors.emailNotConfirmed'
  | 'validation.email'
  | 'validation.minLength';

/** Codes raised in the browser, not by the server. */
export const CLIENT_CODES = { popupClosed: 'popup_closed', popupBlocked: 'popup_blocked' } as const;

const BY_CODE: Record<string, AuthErrorKey> = {
  user_already_exists: 'errors.emailInUse',
  email_exists: 'errors.emailInUse',
  identity_already_exists: 'errors.emailInUse',
  invalid_credentials: 'errors.wrongCredentials',
  email_not_confirmed: 'errors.emailNotConfirmed',
  user_not_found: 'errors.noAccount',
  over_request_rate_limit: 'errors.tooMany',
  over_email_send_rate_limit: 'errors.tooMany',
  over_sms_send_rate_limit: 'errors.tooMany',
  otp_expired: 'errors.codeExpired',
  otp_disabled: 'errors.codeExpired',
  user_banned: 'errors.banned',
  weak_password: 'validation.minLength',
  email_address_invalid: 'validation.email',
  validation_failed: 'validation.email',
  signup_disabled: 'errors.signupDisabled',
  email_provider_disabled: 'errors.signupDisabled',
  provider_disabled: 'errors.providerDisabled',
  popup_closed: 'errors.popupClosed',
  popup_blocked: 'errors.popupBlocked',
  request_timeout: 'errors.network',
};

interface ErrorLike {
  code?: unknown;
  status?: unknown;
  name?: unknown;
}

/** True when the request never got an answer (offline, DNS, CORS, server down, timeout). */
export function isNetworkError(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const err = e as ErrorLike;
  // auth-js wraps failed fetches in AuthRetryableFetchError (status 0, or 5xx gateway errors);
  // postgrest-js and storage-js report status 0 / a TypeError from fetch.
  if (err.name === 'AuthRetryableFetchError' || err.name === 'StorageUnknownError') return true;
  if (err.status === 0) return true;
  if (e instanceof TypeError) return true;
  return false;
}

export function errorCode(e: unknown): string | null {
  if (!e || typeof e !== 'object') return null;
  const code = (e as ErrorLike).code;
  return typeof code === 'string' && code ? code : null;
}

/** The catalogue key for an auth error (sign-in, sign-up, OAuth, reset code, verify, password update). */
export function authErrorKey(e: unknown): AuthErrorKey {
  const code = errorCode(e);
  if (code && BY_CODE[code]) return BY_CODE[code];
  if (isNetworkError(e)) return 'errors.network';
  const status = e && typeof e === 'object' ? (e as ErrorLike).status : undefined;
  if (status === 429) return 'errors.tooMany';
  return 'errors.signInError';
}

/** Which field an auth error belongs to, so it is shown there rather than above the form. */
export function authErrorField(key: AuthErrorKey): 'email' | 'password' | null {
  if (key === 'validation.email' || key === 'errors.emailInUse') return 'email';
  if (key === 'validation.minLength') return 'password';
  return null;
}

export const CUSTOMER_ERROR_DETAILS = [
  'slug_format',
  'slug_reserved',
  'slug_taken',
  'invalid_name',
  'invalid_position',
  'invalid_zoom',
  'invalid_kind',
  'city_admin_only',
  'anonymous_user',
  'not_authenticated',
  'user_disabled',
] as const satisfies readonly DbErrorCode[];
export type CustomerErrorDetail = (typeof CUSTOMER_ERROR_DETAILS)[number];

/** create_customer raises with a stable `detail` code (see the customers migration). */
export function customerErrorKey(e: unknown): string {
  if (isNetworkError(e)) return 'customer.errors.network';
  const detail = e && typeof e === 'object' ? (e as { details?: unknown }).details : undefined;
  if (typeof detail === 'string' && (CUSTOMER_ERROR_DETAILS as readonly string[]).includes(detail)) {
    return detail.startsWith('slug_') ? `customer.slugStatus.${detail}` : `customer.errors.${detail}`;
  }
  return 'customer.errors.unknown';
}
