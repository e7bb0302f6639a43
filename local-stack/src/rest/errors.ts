// PostgREST-shaped errors: `{code, message, details, hint}` with the status PostgREST gives, and
// the mapping from a Postgres SQLSTATE to an HTTP status (PostgREST v14's table).
export interface ErrorBody {
  code: string;
  message: string;
  details: unknown;
  hint: unknown;
}

export class RestError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: ErrorBody,
    public readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

export const restError = (
  status: number,
  code: string,
  message: string,
  details: unknown = null,
  hint: unknown = null,
  headers: Record<string, string> = {},
) => new RestError(status, { code, message, details, hint }, headers);

/** PGRST100: a query parameter that does not parse. */
export const badQuery = (message: string, details: string) => restError(400, 'PGRST100', message, details);
export const badBody = (message = 'Empty or invalid json') => restError(400, 'PGRST102', message);
/** PGRST204: a column the request names (`?columns=`, a body's key) that the table does not have. */
export const unknownColumn = (table: { name: string }, col: string) =>
  restError(400, 'PGRST204', `Could not find the '${col}' column of '${table.name}' in the schema cache`);

interface PgLikeError {
  code?: string;
  message?: string;
  detail?: string;
  hint?: string;
}

export function isPgError(e: unknown): e is PgLikeError & Error {
  return (
    e instanceof Error && typeof (e as PgLikeError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgLikeError).code!)
  );
}

export function pgErrorStatus(code: string, message: string, authed: boolean): number {
  const p2 = code.slice(0, 2);
  if (p2 === '08') return 503;
  if (p2 === '09') return 500;
  if (p2 === '0L' || p2 === '0P') return 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '25006') return 405;
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  if (code === '22023') return message.startsWith('role') && message.endsWith('does not exist') ? 401 : 400;
  if (p2 === '25') return 500;
  if (p2 === '28') return 403;
  if (['2D', '38', '39', '3B', '40'].includes(p2)) return 500;
  if (code === '53400') return 500;
  if (p2 === '53') return 503;
  if (['54', '55'].includes(p2)) return 500;
  if (code === '57P01') return 503;
  if (['57', '58', 'F0', 'HV'].includes(p2)) return 500;
  if (code === 'P0001') return 400;
  if (p2 === 'P0' || p2 === 'XX') return 500;
  if (code === '42883') return 404;
  if (code === '42P01') return 404;
  if (code === '42P17') return 500;
  if (code === '42501') return authed ? 403 : 401;
  if (p2 === 'PT') {
    const n = Number(code.slice(2));
    return Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500;
  }
  return 400;
}

/** Turns a database error into the response PostgREST would send. */
export function fromPgError(e: PgLikeError & Error, authed: boolean): RestError {
  const code = e.code ?? 'XX000';
  const message = e.message ?? '';
  if (code === 'PGRST') {
    // RAISE SQLSTATE 'PGRST' USING MESSAGE = '{"code":..,"message":..}', DETAIL = '{"status":..,"headers":{..}}'
    let m: Record<string, unknown>;
    let d: Record<string, unknown>;
    try {
      m = JSON.parse(message);
      if (!m || typeof m !== 'object' || typeof m.code !== 'string' || typeof m.message !== 'string')
        throw new Error('bad');
    } catch {
      return restError(
        500,
        'PGRST121',
        'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
        `Invalid JSON value for MESSAGE: '${message}'`,
        "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
      );
    }
    try {
      d = JSON.parse(e.detail ?? '');
      if (!d || typeof d !== 'object' || typeof d.status !== 'number') throw new Error('bad');
    } catch {
      return restError(
        500,
        'PGRST121',
        'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
        e.detail ? `Invalid JSON value for DETAIL: '${e.detail}'` : 'DETAIL is missing in the RAISE statement',
        "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",
      );
    }
    const headers: Record<string, string> = {};
    if (d.headers && typeof d.headers === 'object')
      for (const [k, v] of Object.entries(d.headers)) headers[k] = String(v);
    return new RestError(
      d.status as number,
      { code: m.code as string, message: m.message as string, details: m.details ?? null, hint: m.hint ?? null },
      headers,
    );
  }
  const status = pgErrorStatus(code, message, authed);
  return new RestError(
    status,
    { code, message, details: e.detail ?? null, hint: e.hint ?? null },
    status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
  );
}

/** Best fuzzy match (bigram similarity) of `name` among `candidates`, or null under `min`. */
export function fuzzyMatch(name: string, candidates: Iterable<string>, min = 0.75): string | null {
  const grams = (s: string) => {
    const t = `-${s.toLowerCase()}-`;
    const out = new Map<string, number>();
    for (let i = 0; i < t.length - 1; i++) out.set(t.slice(i, i + 2), (out.get(t.slice(i, i + 2)) ?? 0) + 1);
    return out;
  };
  const a = grams(name);
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, v) => s + v * v, 0));
  let best: string | null = null;
  let bestScore = min;
  for (const c of candidates) {
    const b = grams(c);
    let dot = 0;
    for (const [k, v] of a) dot += v * (b.get(k) ?? 0);
    const score = dot / (norm(a) * norm(b) || 1);
    if (score >= bestScore && c !== name) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

/** PGRST124: `Prefer: handling=strict, max-affected=N` and more rows touched (the transaction is rolled back). */
export const tooManyAffected = (n: number) =>
  restError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`);
