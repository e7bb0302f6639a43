// How an api/ function's answer becomes a cache entry: its data, or a plain error (the cache is Redux state:
// no class instances) that says whether it failed for the connection's sake (`transient`: read again on
// connectivity's schedule) or was refused (said once, never read again by itself).
import { failedForConnection, isTransientResponse } from '@guestmap/shared-ui/contracts';
import type { Db, Supabase } from '@guestmap/shared-ui/contracts';

/** What an endpoint's read is given: the page's clients (the platform's `db`, and its full client on demand). */
export interface DataClients {
  db: Db;
  supabase: () => Promise<Supabase>;
}

/** A failed read as the cache keeps it. The fields the screens read (`details`, `code`, `message`) as PostgREST gives them. */
export interface DataError {
  message: string;
  code?: string;
  details?: string;
  hint?: string;
  status?: number;
  /** No answer or a server fault: read again on connectivity's schedule. */
  transient: boolean;
}

/** What api/ functions answer: a PostgREST response (`data`/`error`), or the data itself (throwing on failure). */
export interface ApiResponse<T> {
  data: T | null;
  error: unknown;
  status?: number;
}

function plainError(error: unknown, transient: boolean, status?: number): DataError {
  const e = (error ?? {}) as { message?: unknown; code?: unknown; details?: unknown; hint?: unknown; status?: unknown };
  const out: DataError = { message: typeof e.message === 'string' ? e.message : String(error), transient };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.details === 'string') out.details = e.details;
  if (typeof e.hint === 'string') out.hint = e.hint;
  const s = status ?? (typeof e.status === 'number' ? e.status : undefined);
  if (s !== undefined) out.status = s;
  return out;
}

const isResponse = (r: unknown): r is ApiResponse<unknown> =>
  !!r && typeof r === 'object' && 'error' in r && 'data' in r;

/** Runs a read and gives RTK Query its result: `{ data }` or `{ error }` (a DataError). */
export async function settle<T>(
  read: () => PromiseLike<ApiResponse<T> | T>,
): Promise<{ data: T; error?: undefined } | { error: DataError; data?: undefined }> {
  try {
    const r = await read();
    if (!isResponse(r)) return { data: r as T };
    if (!r.error) return { data: r.data as T };
    const transient = isTransientResponse(r) || failedForConnection(r.error);
    return { error: plainError(r.error, transient, r.status) };
  } catch (e) {
    return { error: plainError(e, failedForConnection(e)) };
  }
}
