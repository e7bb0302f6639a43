// Response (PostgREST's PostgREST.Response): status, headers (`Content-Range`, `Content-Profile`,
// `Preference-Applied`, `Content-Type`) and body of a read, a write or a call.
import type { Queryable } from '../db/db.ts';
import type { Prefs } from './api-request/preferences.ts';
import { restError } from './errors.ts';
import { contentType, type Media } from './media-type.ts';
import { contentRange } from './range.ts';
import { toCsv, type ReadResult } from './query/statements.ts';

/** Response headers; a name given several values goes out as several lines (two `Set-Cookie`s stay two). */
export type Headers = Record<string, string | string[]>;

export interface Outcome {
  status: number;
  headers: Headers;
  body?: string | Buffer;
  /** response.headers/status are still to be read (a write without representation): transaction.ts reads them at its end. */
  gucsAtEnd?: boolean;
}

/** `response.headers` and `response.status` as the request's SQL left them (read in the main statement). */
export interface ResponseGucs {
  gucHeaders?: string | null;
  gucStatus?: string | null;
}

/**
 * PostgREST's overrideStatusHeaders: `response.status` replaces the status (500 PGRST112 when it is not a
 * number); `response.headers`, a JSON array of one-key objects with string values (else 500 PGRST111), adds
 * headers, replacing PostgREST's own of the same name (several of one name go out as several lines, as
 * PostgREST sends them: two cookies must not be joined into one `Set-Cookie`).
 */
export function withResponseGucs(out: Outcome, g: ResponseGucs | null | undefined): Outcome {
  if (!g || (g.gucHeaders == null && g.gucStatus == null)) return out;
  if (g.gucStatus != null) {
    const m = /^\d+/.exec(g.gucStatus);
    const n = m ? Number(m[0]) : NaN;
    if (!(n >= 100 && n <= 999)) throw restError(500, 'PGRST112', 'response.status guc must be a valid status code');
    out.status = n;
  }
  if (g.gucHeaders != null) {
    const bad = () =>
      restError(
        500,
        'PGRST111',
        'response.headers guc must be a JSON array composed of objects with a single key and a string value',
      );
    let list: unknown;
    try {
      list = JSON.parse(g.gucHeaders);
    } catch {
      throw bad();
    }
    if (!Array.isArray(list)) throw bad();
    const added: Headers = {};
    for (const o of list) {
      const entries = o && typeof o === 'object' && !Array.isArray(o) ? Object.entries(o) : [];
      if (entries.length !== 1 || typeof entries[0]![1] !== 'string') throw bad();
      const [k, v] = entries[0] as [string, string];
      const had = added[k];
      added[k] = had === undefined ? v : [...(Array.isArray(had) ? had : [had]), v];
    }
    const names = new Set(Object.keys(added).map((k) => k.toLowerCase()));
    for (const k of Object.keys(out.headers)) if (names.has(k.toLowerCase())) delete out.headers[k];
    Object.assign(out.headers, added);
  }
  return out;
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
  if (p.timezone !== undefined) vals.push(`timezone=${p.timezone}`);
  // PostgREST: max-affected is applied (and said so) only with handling=strict, on updates, deletes and calls
  if (p.handling === 'strict' && p.maxAffected !== undefined && kind !== 'insert' && kind !== 'read')
    vals.push(`max-affected=${p.maxAffected}`);
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

/**
 * A media type handler's body (text from the statement): bytea-based types as bytes; jsonb-based ones with the
 * version byte (0x01) of jsonb's binary format first, as PostgREST sends them (it reads the body in binary);
 * none (no row) → empty.
 */
export function customBody(media: Media, text: string | null): string | Buffer {
  if (text === null) return '';
  const base = media.handler!.base;
  if (base === 'bytea') return Buffer.from(text, 'base64');
  return base === 'jsonb' ? `\u0001${text}` : text;
}

/** The body in the negotiated media type. */
export async function render(tx: Queryable, r: ReadResult, media: Media): Promise<string | Buffer> {
  if (r.rendered) return media.kind === 'custom' ? customBody(media, r.body) : r.body;
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
