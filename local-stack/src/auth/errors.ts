// GoTrue-shaped errors. auth-js reads `code` (API version 2024-01-01, announced by the response
// header) or `error_code`, and the message from `msg` or `message`: we send all of them.
import { HttpError } from '../http/router.ts';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

export function authError(
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
): HttpError {
  return new HttpError(
    status,
    { code, error_code: code, msg: message, message, ...extra },
    { [API_VERSION_HEADER]: API_VERSION },
  );
}

export const badRequest = (code: string, message: string) => authError(400, code, message);
export const validationFailed = (message: string) => authError(400, 'validation_failed', message);
export const unprocessable = (code: string, message: string) => authError(422, code, message);
export const forbidden = (code: string, message: string) => authError(403, code, message);
export const unexpected = (message = 'Unexpected failure') => authError(500, 'unexpected_failure', message);
