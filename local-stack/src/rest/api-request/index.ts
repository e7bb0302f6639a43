// ApiRequest (PostgREST's PostgREST.ApiRequest): everything read from the HTTP request before the
// schema cache is consulted: the action (read, mutate, call), its target, the schema (profile
// headers), the media type asked for, the `Prefer` header, the query parameters and the body.
import { readBody, type Req } from '../../http/router.ts';
import { badBody, restError } from '../errors.ts';
import { negotiate, type Media } from '../media-type.ts';
import { csvToRows, formToRow, payloadKind } from './payload.ts';
import { parsePrefer, type Prefs } from './preferences.ts';
import { parseQuery, type QueryParts } from './query-params.ts';

export type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequest {
  method: Method;
  /** `/table` or `/rpc/fn`, as `request.path` shows it. */
  path: string;
  /** The table or function named by the path. */
  name: string;
  schema: string;
  /** GET and HEAD: the transaction is read-only. */
  read: boolean;
  media: Media;
  prefs: Prefs;
  /** Query parameters (for a call, parsed once its function's parameter names are known: see plan/call-plan.ts). */
  query?: QueryParts;
  params: URLSearchParams;
  /** The `Range` header. */
  range?: string;
  /** The parsed JSON body, if any. */
  body?: unknown;
  /** The raw body (POST/PATCH). */
  rawBody: Buffer | null;
  /** For a call: a text/plain, text/xml or application/octet-stream body goes whole to one unnamed parameter. */
  rawType?: 'text' | 'xml' | 'bytea';
  /** The body's media type (a call's JSON body goes to Postgres as sent; only JSON may fall back to one unnamed parameter). */
  bodyKind?: 'json' | 'csv' | 'form';
  /** For a call with a form body: every value of each key, in order (a variadic parameter takes them all). */
  formArgs?: Map<string, string[]>;
}

export const single = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);

export const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `Accept-Profile` (reads) or `Content-Profile` (writes) must name an exposed schema; default: the first. */
export function pickSchema(req: Req, schemas: string[]): string {
  const read = req.method === 'GET' || req.method === 'HEAD';
  const raw = single(read ? req.headers['accept-profile'] : req.headers['content-profile']);
  if (raw === undefined) return schemas[0] ?? 'public';
  // header values are bytes (Node hands them over as Latin-1); PostgREST reads a profile as UTF-8
  const asked = Buffer.from(raw, 'latin1').toString('utf8');
  if (!schemas.includes(asked))
    throw restError(
      406,
      'PGRST106',
      `Invalid schema: ${asked}`,
      null,
      `Only the following schemas are exposed: ${schemas.join(', ')}`,
    );
  return asked;
}

export function parseJsonBody(buf: Buffer, allowEmpty: boolean): unknown {
  const text = buf.toString('utf8');
  if (text.includes('\u0000')) throw badBody();
  if (text.trim() === '') {
    if (allowEmpty) return undefined;
    throw badBody();
  }
  try {
    return JSON.parse(text);
  } catch {
    throw badBody();
  }
}

const RAW_BODY_TYPES: Record<string, 'text' | 'xml' | 'bytea'> = {
  'text/plain': 'text',
  'text/xml': 'xml',
  'application/octet-stream': 'bytea',
};

/** A request on a table or view: `/rest/v1/:table`. */
export async function tableApiRequest(req: Req, schemas: string[]): Promise<ApiRequest> {
  const method = (req.method ?? 'GET').toUpperCase() as Method;
  const schema = pickSchema(req, schemas);
  const media = negotiate(single(req.headers.accept));
  const prefs = parsePrefer(req.headers.prefer);
  if (prefs.handling === 'strict' && prefs.invalid.length)
    throw restError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${prefs.invalid.join(', ')}`,
    );
  const query = parseQuery(req.query);
  const name = req.params.table!;
  const read = method === 'GET' || method === 'HEAD';
  const rawBody = method === 'POST' || method === 'PUT' || method === 'PATCH' ? await readBody(req) : null;
  const kind = payloadKind(single(req.headers['content-type']));
  const body = !rawBody
    ? undefined
    : kind === 'csv'
      ? csvToRows(rawBody)
      : kind === 'form'
        ? formToRow(rawBody)
        : parseJsonBody(rawBody, false);
  return {
    method,
    path: `/${name}`,
    name,
    schema,
    read,
    media,
    prefs,
    query,
    params: req.query,
    range: single(req.headers.range),
    body,
    rawBody,
  };
}

/** A function call: `/rest/v1/rpc/:fn`. */
export async function callApiRequest(req: Req, schemas: string[]): Promise<ApiRequest> {
  const method = (req.method ?? 'GET').toUpperCase() as Method;
  const schema = pickSchema(req, schemas);
  const media = negotiate(single(req.headers.accept));
  const prefs = parsePrefer(req.headers.prefer);
  const name = req.params.fn!;
  const read = method === 'GET' || method === 'HEAD';
  const rawBody = method === 'POST' ? await readBody(req) : null;
  const rawType =
    method === 'POST'
      ? RAW_BODY_TYPES[(single(req.headers['content-type']) ?? '').split(';')[0]!.trim().toLowerCase()]
      : undefined;
  // as PostgREST: a form is the call's arguments as a query string's are (repeated keys feed a variadic
  // parameter), a CSV body its first row's; JSON otherwise
  const bodyKind = payloadKind(single(req.headers['content-type']));
  let body: unknown;
  let formArgs: Map<string, string[]> | undefined;
  if (rawBody && !rawType) {
    if (bodyKind === 'form') {
      body = formToRow(rawBody);
      formArgs = new Map();
      for (const [k, v] of new URLSearchParams(rawBody.toString('utf8')))
        formArgs.set(k, [...(formArgs.get(k) ?? []), v]);
    } else if (bodyKind === 'csv') body = rawBody.length ? csvToRows(rawBody) : {};
    else body = parseJsonBody(rawBody, true);
  }
  return {
    method,
    path: `/rpc/${name}`,
    name,
    schema,
    read,
    media,
    prefs,
    params: req.query,
    range: single(req.headers.range),
    body,
    rawBody,
    rawType,
    bodyKind,
    formArgs,
  };
}
