// Response (PostgREST's PostgREST.Response): status, headers (`Content-Range`, `Content-Profile`,
// `Preference-Applied`, `Content-Type`) and body of a read, a write or a call.
import type { Queryable } from '../db/db.ts';
import type { Prefs } from './api-request/preferences.ts';
import { restError } from './errors.ts';
import { contentType, type Media } from './media-type.ts';
import { contentRange } from './range.ts';
import { toCsv, type ReadResult } from './query/statements.ts';

export interface Outcome {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

export type Action = 'read' | 'insert' | 'update' | 'delete' | 'rpc';

/** `Preference-Applied`: the preferences PostgREST honoured for this kind of request. */
export function prefApplied(p: Prefs, kind: Action, resolutionApplied: boolean): string | null {
  const vals: string[] = [];
  if (kind === 'insert' && p.resolution && resolutionApplied) vals.push(`resolution=${p.resolution}`);
  if ((kind === 'insert' || kind === 'update') && p.missing) vals.push(`missing=${p.missing}`);
  if ((kind === 'insert' || kind === 'update' || kind === 'delete') && p.return) vals.push(`return=${p.return}`);
  if (p.count) vals.push(`count=${p.count}`);
  if (p.handling) vals.push(`handling=${p.handling}`);
  return vals.length ? vals.join(', ') : null;
}

/** `application/vnd.pgrst.object+json`: exactly one row, else 406 PGRST116. */
export function singleObject(r: ReadResult): string {
  if (r.page !== 1)
    throw restError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${r.page} rows`,
    );
  return r.body.slice(1, -1);
}

/** The body in the negotiated media type. */
export async function render(tx: Queryable, r: ReadResult, media: Media): Promise<string> {
  if (r.rendered) return r.body;
  return media.kind === 'object' ? singleObject(r) : media.kind === 'csv' ? await toCsv(tx, r.body) : r.body;
}

/** A read's or a set-returning call's answer: 200, or 206 for a partial counted page, or 416 past the end. */
export async function readResponse(
  tx: Queryable,
  r: ReadResult,
  offset: number,
  media: Media,
  prefs: Prefs,
  schema: string,
  head: boolean,
  kind: 'read' | 'rpc',
): Promise<Outcome> {
  const upper = offset + r.page - 1;
  const headers: Record<string, string> = {
    'Content-Range': contentRange(offset, upper, r.total),
    'Content-Profile': schema,
  };
  const pa = prefApplied(prefs, kind, false);
  if (pa) headers['Preference-Applied'] = pa;
  let status = 200;
  if (r.total !== null) {
    if (offset > r.total) {
      return {
        status: 416,
        headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify({
          code: 'PGRST103',
          message: 'Requested range not satisfiable',
          details: `An offset of ${offset} was requested, but there are only ${r.total} rows.`,
          hint: null,
        }),
      };
    }
    if (r.page < r.total) status = 206;
  }
  headers['Content-Type'] = contentType(media);
  const body = await render(tx, r, media);
  return { status, headers, body: head ? undefined : body };
}

/** An insert/update/delete's answer: 201 for inserts (200 for an upsert that only merged), 200 with rows, 204 without. */
export async function mutateResponse(
  tx: Queryable,
  kind: 'insert' | 'update' | 'delete',
  n: number,
  repr: ReadResult | null,
  media: Media,
  prefs: Prefs,
  schema: string,
  resolutionApplied: boolean,
  /** An upsert (merge-duplicates) that inserted no row: 200, as PostgREST answers. */
  mergedOnly = false,
  /** PUT (PostgREST's single upsert): 201 when it inserted, 200 when it merged, 204 without representation. */
  put = false,
): Promise<Outcome> {
  const created = kind === 'insert' && !mergedOnly;
  const wantRows = prefs.return === 'representation';
  const headers: Record<string, string> = { 'Content-Profile': schema };
  if (put) {
    const pa = prefApplied({ ...prefs, resolution: undefined, missing: undefined }, kind, false);
    if (pa) headers['Preference-Applied'] = pa;
    if (!repr || !wantRows) return { status: 204, headers };
    headers['Content-Type'] = contentType(media);
    return { status: created ? 201 : 200, headers, body: await render(tx, repr, media) };
  }
  const total = prefs.count ? n : null;
  headers['Content-Range'] = kind === 'update' ? contentRange(0, n - 1, total) : contentRange(1, 0, total);
  const pa = prefApplied(prefs, kind, resolutionApplied);
  if (pa) headers['Preference-Applied'] = pa;
  if (repr && wantRows) {
    headers['Content-Type'] = contentType(media);
    const out = await render(tx, repr, media);
    return { status: created ? 201 : 200, headers, body: out };
  }
  return { status: created ? 201 : kind === 'insert' ? 200 : 204, headers };
}
