// Storage API errors in the shape storage-api renders them: `{statusCode, error, message, code}` where
// statusCode is a string and the HTTP status is 400 for every non-500 error (as hosted answers).
import { HttpError } from '../http/router.ts';

export function storageError(statusCode: number, error: string, message: string, code: string): HttpError {
  return new HttpError(statusCode >= 500 ? 500 : 400, { statusCode: String(statusCode), code, error, message });
}

/** An error storage-api sends with its own HTTP status (its role check answers 403 itself, not 400). */
export function storageErrorWithStatus(
  status: number,
  statusCode: number,
  error: string,
  message: string,
  code: string,
) {
  return new HttpError(status, { statusCode: String(statusCode), code, error, message });
}

export const E = {
  noSuchKey: () => storageError(404, 'not_found', 'Object not found', 'NoSuchKey'),
  noSuchBucket: () => storageError(404, 'Bucket not found', 'Bucket not found', 'NoSuchBucket'),
  invalidKey: (key: string) =>
    storageError(
      400,
      'InvalidKey',
      `Invalid key: ${[...key].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('')}`,
      'InvalidKey',
    ),
  invalidBucketName: () => storageError(400, 'Invalid Input', 'Bucket name invalid', 'InvalidBucketName'),
  duplicate: (code = 'KeyAlreadyExists') => storageError(409, 'Duplicate', 'The resource already exists', code),
  tooLarge: () =>
    storageError(413, 'Payload too large', 'The object exceeded the maximum allowed size', 'EntityTooLarge'),
  mime: (mime: string) =>
    storageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`, 'InvalidMimeType'),
  contentMismatch: (mime: string) =>
    storageError(415, 'invalid_mime_type', `the content is not of type ${mime}`, 'InvalidMimeType'),
  rls: () => storageError(403, 'Unauthorized', 'new row violates row-level security policy', 'AccessDenied'),
  accessDenied: (message = 'Access denied') => storageError(403, 'Unauthorized', message, 'AccessDenied'),
  /** a route for the service role only, called with another role */
  invalidRole: () => storageErrorWithStatus(403, 403, 'Unauthorized', 'Access denied: Invalid role', 'AccessDenied'),
  invalidJwt: (message: string) => storageError(400, 'InvalidJWT', message, 'InvalidJWT'),
  invalidSignature: (message = 'Invalid signature') =>
    storageError(400, 'InvalidSignature', message, 'InvalidSignature'),
  invalidRequest: (message: string) => storageError(400, 'Error', message, 'InvalidRequest'),
  bucketNotEmpty: () =>
    storageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty', 'ResourceNotEmpty'),
  invalidParameter: (parameter: string) =>
    storageError(400, 'InvalidParameter', `Invalid Parameter ${parameter}`, 'InvalidParameter'),
  /** a source image the renderer cannot read (storage-api's words for imgproxy's refusals) */
  imageProcessing: (message: string) => storageError(400, 'InvalidRequest', message, 'InvalidRequest'),
  internal: () => storageError(500, 'Internal', 'Internal Server Error', 'InternalError'),
};

/** Maps database errors raised while acting as the caller to storage errors. */
export function fromDbError(e: unknown): HttpError {
  if (e instanceof HttpError) return e;
  const code = typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  if (code === '42501') return E.rls();
  if (code === '23505') return E.duplicate();
  if (code === '23503') return E.noSuchBucket();
  if (code === 'P0001' || code.startsWith('22') || code === '23514') {
    return storageError(400, 'DatabaseError', e instanceof Error ? e.message : 'Database error', 'DatabaseError');
  }
  console.error('[storage]', e);
  return E.internal();
}
