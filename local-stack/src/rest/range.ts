// RangeQuery (PostgREST's PostgREST.RangeQuery): the rows a read asks for (`limit`/`offset` and the
// `Range` header, capped at `max_rows`) and the `Content-Range` answered.
import { restError } from './errors.ts';
import type { NodeParams } from './api-request/query-params.ts';

export interface Window {
  limit: number;
  offset: number;
}

/** The top level's window: `limit`/`offset` intersected with a `Range: a-b` header (GET only), capped at maxRows. */
export function readWindow(root: NodeParams, range: string | undefined, method: string, maxRows: number): Window {
  let offset = root.offset ?? 0;
  let limit = root.limit ?? Infinity;
  const m = range ? /^(?:items=)?(\d+)-(\d*)$/.exec(range.trim()) : null;
  // as PostgREST, only GET reads the Range header (HEAD, POST… answer the whole window of limit/offset)
  if (m && method === 'GET') {
    const lo = Number(m[1]);
    const hi = m[2] ? Number(m[2]) : Infinity;
    if (hi < lo)
      throw restError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      );
    const from = Math.max(offset, lo);
    const to = Math.min(offset + limit - 1, hi);
    offset = from;
    limit = Math.max(0, to - from + 1);
  }
  return { limit: Math.min(limit, maxRows), offset };
}

export function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}
