// The REST service of the local stack: PostgREST v14 behaviour under /rest/v1, as postgrest-js
// (supabase-js) calls it. One database transaction per request, impersonating the JWT's role with
// its claims as PostgREST does; queries built with quoted identifiers and bound values only.
import type { StackContext } from '../context.ts';
import { endBody, readBody, type Req, type Res } from '../http/router.ts';
import { JwtError, verifyJwt, type Claims } from '../jwt.ts';
import { clientIp } from '../auth/rate-limit.ts';
import type { Queryable } from '../db/db.ts';
import { badBody, fromPgError, fuzzyMatch, isPgError, restError, RestError } from './errors.ts';
import { parsePrefer, parseQuery, type Prefs, type QueryParts } from './parser.ts';
import { qkey, SchemaCacheManager, VERSION_SQL, type Routine, type SchemaCache, type Table } from './schema-cache.ts';
import {
  buildNode,
  buildRead,
  ident,
  Params,
  pseudoTable,
  qualified,
  unknownColumn,
  type Env,
  type Source,
} from './sql.ts';

interface Auth {
  role: string;
  claims: Claims;
  /** False for the anonymous role: permission errors are 401 then, 403 otherwise. */
  authed: boolean;
}

type Media = { kind: 'json' | 'object' | 'csv' | 'plan'; strip: boolean; plan?: Plan };
/** `Accept: application/vnd.pgrst.plan[+json|+text]; for="…"; options=analyze|verbose|settings|buffers|wal`. */
type Plan = { format: 'json' | 'text'; for: string; options: string[] };
const PLAN_OPTIONS = new Set(['analyze', 'verbose', 'settings', 'buffers', 'wal']);

function authenticate(req: Req, secret: string): Auth {
  let token: string | null = null;
  const h = req.headers.authorization;
  if (h !== undefined) {
    const m = /^bearer\s*(.*)$/i.exec(h.trim());
    if (m) {
      token = m[1]!.trim();
      if (!token)
        throw restError(401, 'PGRST301', 'Empty JWT is sent in Authorization header', null, null, {
          'WWW-Authenticate':
            'Bearer error="invalid_token", error_description="Empty JWT is sent in Authorization header"',
        });
    }
  }
  if (token === null) {
    const k = req.headers.apikey;
    token = (Array.isArray(k) ? k[0] : k)?.trim() || null;
  }
  if (!token) return { role: 'anon', claims: { role: 'anon' }, authed: false };
  let claims: Claims;
  try {
    claims = verifyJwt(token, secret, { skewSeconds: 30 });
  } catch (e) {
    const msg = e instanceof Error ? e.message : 'JWT cryptographic operation failed';
    const expired = e instanceof JwtError && e.reason === 'expired';
    throw restError(401, expired ? 'PGRST303' : 'PGRST301', msg, null, null, {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(msg)}`,
    });
  }
  const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
  return { role, claims, authed: role !== 'anon' };
}

function negotiate(accept: string | undefined): Media {
  if (!accept || !accept.trim()) return { kind: 'json', strip: false };
  for (const part of accept.split(',')) {
    const [type, ...params] = part.split(';').map((x) => x.trim().toLowerCase());
    const strip = params.includes('nulls=stripped');
    const planMatch = /^application\/vnd\.pgrst\.plan(\+json|\+text)?$/.exec(type ?? '');
    if (planMatch) {
      const param = (k: string) =>
        params
          .find((x) => x.startsWith(`${k}=`))
          ?.slice(k.length + 1)
          .replace(/^"|"$/g, '');
      const options = (param('options') ?? '').split('|').filter(Boolean);
      if (options.some((o) => !PLAN_OPTIONS.has(o))) continue;
      return {
        kind: 'plan',
        strip: false,
        plan: { format: planMatch[1] === '+json' ? 'json' : 'text', for: param('for') ?? 'application/json', options },
      };
    }
    switch (type) {
      case 'application/json':
      case '*/*':
      case 'application/*':
        return { kind: 'json', strip: false };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return { kind: 'json', strip };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return { kind: 'object', strip };
      case 'text/csv':
        return { kind: 'csv', strip: false };
    }
  }
  throw restError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}

function contentType(m: Media): string {
  if (m.kind === 'plan') return `application/vnd.pgrst.plan+${m.plan!.format}; for="${m.plan!.for}"; charset=utf-8`;
  if (m.kind === 'csv') return 'text/csv; charset=utf-8';
  if (m.kind === 'object')
    return `application/vnd.pgrst.object+json${m.strip ? '; nulls=stripped' : ''}; charset=utf-8`;
  return m.strip
    ? 'application/vnd.pgrst.array+json; nulls=stripped; charset=utf-8'
    : 'application/json; charset=utf-8';
}

// CSV is rendered by Postgres from the JSON page, so values keep their exact text (8.0 stays 8.0).
const CSV_CELL = (v: string) =>
  `case when ${v} is null then '' when ${v} ~ '[",\r\n]' then '"' || replace(${v}, '"', '""') || '"' else ${v} end`;
const CSV_SQL = `select coalesce((select string_agg(${CSV_CELL('k.key')}, ',' order by k.ord) from json_each_text($1::json -> 0) with ordinality as k(key, value, ord)), '')
  || coalesce((select string_agg(E'\\n' || (select string_agg(${CSV_CELL('c.value')}, ',' order by c.ord) from json_each_text(e.value) with ordinality as c(key, value, ord)), '' order by e.ord)
     from json_array_elements($1::json) with ordinality as e(value, ord)), '') as csv`;

async function toCsv(tx: Queryable, jsonArray: string): Promise<string> {
  return (await tx.query<{ csv: string }>(CSV_SQL, [jsonArray])).rows[0]!.csv;
}

const single = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);

function pickSchema(req: Req, schemas: string[]): string {
  const read = req.method === 'GET' || req.method === 'HEAD';
  const asked = single(read ? req.headers['accept-profile'] : req.headers['content-profile']);
  if (asked === undefined) return schemas[0] ?? 'public';
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

function contentRange(lower: number, upper: number, total: number | null): string {
  const range = total !== 0 && lower <= upper ? `${lower}-${upper}` : '*';
  return `${range}/${total === null ? '*' : total}`;
}

function prefApplied(
  p: Prefs,
  kind: 'read' | 'insert' | 'update' | 'delete' | 'rpc',
  resolutionApplied: boolean,
): string | null {
  const vals: string[] = [];
  if (kind === 'insert' && p.resolution && resolutionApplied) vals.push(`resolution=${p.resolution}`);
  if ((kind === 'insert' || kind === 'update') && p.missing) vals.push(`missing=${p.missing}`);
  if ((kind === 'insert' || kind === 'update' || kind === 'delete') && p.return) vals.push(`return=${p.return}`);
  if (p.count) vals.push(`count=${p.count}`);
  if (p.handling) vals.push(`handling=${p.handling}`);
  return vals.length ? vals.join(', ') : null;
}

function lookupTable(cache: SchemaCache, schema: string, name: string): Table {
  const t = cache.tables.get(qkey(schema, name));
  if (t) return t;
  const names = [...cache.tables.values()].filter((x) => x.schema === schema).map((x) => x.name);
  const guess = fuzzyMatch(name, names);
  throw restError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
    null,
    guess ? `Perhaps you meant the table '${schema}.${guess}'` : null,
  );
}

interface Outcome {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

interface ReadResult {
  total: number | null;
  page: number;
  body: string;
}

async function runRead(tx: Queryable, sql: string, env: Env): Promise<ReadResult> {
  if (env.plan) {
    // the execution plan instead of the rows (analyze runs the query: the transaction is rolled back)
    const p = env.plan;
    const opts = [`format ${p.format}`, ...p.options].join(', ');
    const r = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (${opts}) ${sql}`, env.params.values);
    const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
    const body =
      p.format === 'json' ? text(r.rows[0]!['QUERY PLAN']) : r.rows.map((x) => text(x['QUERY PLAN'])).join('\n');
    throw new Rollback({
      status: 200,
      headers: { 'Content-Type': contentType({ kind: 'plan', strip: false, plan: p }) },
      body,
    });
  }
  const r = await tx.query<{ total: string | null; page: number | string; body: string }>(sql, env.params.values);
  const row = r.rows[0]!;
  return { total: row.total === null ? null : Number(row.total), page: Number(row.page), body: row.body };
}

function singleObject(r: ReadResult): string {
  if (r.page !== 1)
    throw restError(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${r.page} rows`,
    );
  return r.body.slice(1, -1);
}

function parseJsonBody(buf: Buffer, allowEmpty: boolean): unknown {
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

const tooManyAffected = (n: number) =>
  restError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${n} rows`);

/** Thrown out of a request's transaction to roll it back while still answering with its outcome. */
class Rollback {
  constructor(readonly outcome: Outcome) {}
}

/**
 * How a request's transaction ends, from PostgREST's `db-tx-end` (read, as PostgREST does, from the
 * authenticator role's `pgrst.db_tx_end` setting; default commit) and the request's `Prefer: tx=`.
 */
function txEnd(
  cache: SchemaCache,
  asked: 'commit' | 'rollback' | undefined,
): { rollback: boolean; applied: 'commit' | 'rollback' | null } {
  const mode = cache.roleSettings.get('authenticator')?.['pgrst.db_tx_end'] ?? 'commit';
  const overridable = mode.endsWith('-allow-override');
  const applied = overridable && asked ? asked : null;
  return { rollback: (applied ?? (mode.startsWith('rollback') ? 'rollback' : 'commit')) === 'rollback', applied };
}

/** Headers only the gateway in front of PostgREST may set; a client's own are dropped. */
const GATEWAY_HEADERS = new Set(['x-real-ip', 'cf-connecting-ip']);

/** A duration setting as Postgres reads it (`3s`, `1500`, `1min`; no unit = ms) in ms; null when unreadable or 0. */
export function settingMs(v: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(us|ms|s|min|h|d)?\s*$/.exec(v);
  if (!m) return null;
  const ms =
    Number(m[1]) * { us: 0.001, ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }[(m[2] ?? 'ms') as 'ms'];
  return ms > 0 ? ms : null;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function registerRest(ctx: StackContext): void {
  const cacheMgr = new SchemaCacheManager(ctx.db, ctx.config.api.schemas, ctx.log);
  const secret = ctx.config.auth.jwtSecret;

  async function inTx(
    req: Req,
    auth: Auth,
    schema: string,
    path: string,
    readOnly: boolean,
    fn: (tx: Queryable, cache: SchemaCache) => Promise<Outcome>,
  ): Promise<Outcome> {
    try {
      return await inTxOrRollback(req, auth, schema, path, readOnly, fn);
    } catch (e) {
      if (e instanceof Rollback) return e.outcome;
      throw e;
    }
  }

  async function inTxOrRollback(
    req: Req,
    auth: Auth,
    schema: string,
    path: string,
    readOnly: boolean,
    fn: (tx: Queryable, cache: SchemaCache) => Promise<Outcome>,
  ): Promise<Outcome> {
    const tracked = await cacheMgr.tracking;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (k !== 'cookie' && !GATEWAY_HEADERS.has(k) && v !== undefined)
        headers[k] = Array.isArray(v) ? v.join(', ') : v;
    // As hosted Supabase's gateway does (Cloudflare's cf-connecting-ip): the caller's address comes from
    // the connection, never from the client; the database's per-source limits read it.
    headers['x-real-ip'] = clientIp(req);
    const searchPath = [...new Set([schema, ...ctx.config.api.extraSearchPath])].map(ident).join(', ');
    const claims = auth.claims.role === undefined ? { ...auth.claims, role: auth.role } : auth.claims;
    // One statement sets everything PostgREST sets (and reads the DDL counter): fewer round trips.
    const prelude = async (tx: Queryable, cache: SchemaCache | null): Promise<string | null> => {
      // the role's statement_timeout (pg_db_role_setting), as PostgREST applies it; PGlite's watchdog enforces it there
      const timeout = cache?.roleSettings.get(auth.role)?.statement_timeout;
      const args: unknown[] = [
        searchPath,
        auth.role,
        JSON.stringify(claims),
        req.method,
        path,
        JSON.stringify(headers),
        '{}',
      ];
      if (timeout) args.push(timeout);
      const r = await tx.query<{ v: string | null }>(
        `select ${tracked ? VERSION_SQL : 'null::text'} as v,${readOnly ? ` set_config('transaction_read_only', 'on', true),` : ''}
          set_config('search_path', $1, true), set_config('role', $2, true), set_config('request.jwt.claims', $3, true),
          set_config('request.method', $4, true), set_config('request.path', $5, true), set_config('request.headers', $6, true),
          set_config('request.cookies', $7, true)${timeout ? `, set_config('statement_timeout', $8, true)` : ''}`,
        args,
      );
      tx.limitStatements?.(timeout ? settingMs(timeout) : null);
      return r.rows[0]?.v ?? null;
    };
    return ctx.db.transaction(async (tx) => {
      let cache = cacheMgr.cache;
      if (!cache || !tracked) {
        cache = await cacheMgr.load(
          tx,
          tracked ? ((await tx.query<{ v: string }>(`select ${VERSION_SQL} as v`)).rows[0]?.v ?? null) : null,
        );
        await prelude(tx, cache);
      } else {
        const v = await prelude(tx, cache);
        if (v !== cacheMgr.version) {
          // the schema changed: re-read the catalog as the connection's own role, then impersonate again
          await tx.query(`select set_config('role', 'none', true)`);
          cache = await cacheMgr.load(tx, v);
          await prelude(tx, cache);
        }
      }
      if (!cache.apiRoles.has(auth.role)) {
        await tx.query(`select set_config('role', 'none', true)`);
        const exists = (await tx.query('select 1 from pg_roles where rolname = $1', [auth.role])).rows.length > 0;
        if (!exists)
          throw restError(401, '22023', `role "${auth.role}" does not exist`, null, null, {
            'WWW-Authenticate': 'Bearer',
          });
        throw restError(auth.authed ? 403 : 401, '42501', `permission denied to set role "${auth.role}"`);
      }
      const out = await fn(tx, cache);
      const end = txEnd(cache, parsePrefer(req.headers.prefer).tx);
      if (end.applied)
        out.headers['Preference-Applied'] = [out.headers['Preference-Applied'], `tx=${end.applied}`]
          .filter(Boolean)
          .join(', ');
      if (end.rollback) throw new Rollback(out);
      return out;
    });
  }

  const newEnv = (cache: SchemaCache, schema: string, q: QueryParts, media: Media): Env => {
    // PostgREST's in-database configuration (settings of the authenticator role) switches these on
    const setting = (k: string) => cache.roleSettings.get('authenticator')?.[k] === 'true';
    if (media.kind === 'plan' && !setting('pgrst.db_plan_enabled')) {
      const p = media.plan!;
      throw restError(
        406,
        'PGRST107',
        `None of these media types are available: application/vnd.pgrst.plan+${p.format}; for="${p.for}"; options=${p.options.join('|')};`,
      );
    }
    return {
      cache,
      schema,
      params: new Params(),
      nodes: q.nodes,
      usedPaths: new Set(),
      n: 0,
      aggregates: setting('pgrst.db_aggregates_enabled'),
      plan: media.plan,
    };
  };

  function readWindow(req: Req, q: QueryParts): { limit: number; offset: number } {
    const root = q.nodes.get('')!;
    let offset = root.offset ?? 0;
    let limit = root.limit ?? Infinity;
    const range = single(req.headers.range);
    const m = range ? /^(?:items=)?(\d+)-(\d*)$/.exec(range.trim()) : null;
    if (m && req.method !== 'POST') {
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
    return { limit: Math.min(limit, ctx.config.api.maxRows), offset };
  }

  async function readResponse(
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
    const body = media.kind === 'object' ? singleObject(r) : media.kind === 'csv' ? await toCsv(tx, r.body) : r.body;
    return { status, headers, body: head ? undefined : body };
  }

  async function tableRequest(req: Req): Promise<Outcome> {
    const method = (req.method ?? 'GET').toUpperCase();
    const auth = authenticate(req, secret);
    const schema = pickSchema(req, ctx.config.api.schemas);
    const media = negotiate(single(req.headers.accept));
    const prefs = parsePrefer(req.headers.prefer);
    if (prefs.handling === 'strict' && prefs.invalid.length)
      throw restError(
        400,
        'PGRST122',
        'Invalid preferences given with handling=strict',
        `Invalid preferences: ${prefs.invalid.join(', ')}`,
      );
    const q = parseQuery(req.query);
    const name = req.params.table!;
    const path = `/${name}`;
    const read = method === 'GET' || method === 'HEAD';
    const body = method === 'POST' || method === 'PATCH' ? parseJsonBody(await readBody(req), false) : undefined;

    return inTx(req, auth, schema, path, read, async (tx, cache) => {
      const table = lookupTable(cache, schema, name);
      const env = newEnv(cache, schema, q, media);
      const src: Source = { table, from: qualified(schema, table.name), alias: table.name };
      if (read) {
        const { limit, offset } = readWindow(req, q);
        const sql = buildRead(env, src, q.select, { count: !!prefs.count, limit, offset, stripNulls: media.strip });
        const r = await runRead(tx, sql, env);
        return readResponse(tx, r, offset, media, prefs, schema, method === 'HEAD', 'read');
      }
      const wantRows = prefs.return === 'representation';
      const target = `${qualified(schema, table.name)} as ${ident(table.name)}`;
      const rowType = qualified(schema, table.name);
      const p = env.params;
      let dml: string;
      let kind: 'insert' | 'update' | 'delete';
      let resolutionApplied = false;
      if (method === 'POST') {
        kind = 'insert';
        if (!isObj(body) && !(Array.isArray(body) && body.every(isObj))) throw badBody();
        const rows = (Array.isArray(body) ? body : [body]) as Record<string, unknown>[];
        let cols: string[];
        if (q.columns) cols = q.columns;
        else {
          cols = rows.length ? Object.keys(rows[0]!) : [];
          const keySig = (r: Record<string, unknown>) => Object.keys(r).sort().join('\u0000');
          const first = rows.length ? keySig(rows[0]!) : '';
          if (rows.some((r) => keySig(r) !== first)) throw badBody('All object keys must match');
        }
        for (const c of cols) if (!table.columns.has(c)) throw unknownColumn(table, c);
        const colList = cols.map(ident).join(', ');
        if (rows.length === 0) {
          dml = `insert into ${target} select * from json_populate_recordset(null::${rowType}, ${p.add('[]')}::json) where false`;
        } else if (cols.length === 0) {
          const first = [...table.columns.keys()][0];
          if (!first) throw badBody();
          dml = `insert into ${target} (${ident(first)}) values ${rows.map(() => '(default)').join(', ')}`;
        } else if (prefs.missing === 'default' && rows.some((r) => cols.some((c) => !(c in r)))) {
          const values = rows.map((r) => {
            // the row's parameter is added only when one of its cells uses it (unused parameters are an error)
            let rp: string | null = null;
            const cell = (c: string) =>
              `(json_populate_record(null::${rowType}, ${(rp ??= p.add(JSON.stringify(r)))}::json)).${ident(c)}`;
            return `(${cols.map((c) => (c in r ? cell(c) : 'default')).join(', ')})`;
          });
          dml = `insert into ${target} (${colList}) values ${values.join(', ')}`;
        } else {
          dml = `insert into ${target} (${colList}) select ${colList} from json_populate_recordset(null::${rowType}, ${p.add(JSON.stringify(rows))}::json)`;
        }
        if (prefs.resolution && rows.length > 0) {
          const conflict = q.onConflict ?? table.pk;
          if (conflict.length) {
            resolutionApplied = true;
            const sets = cols.map((c) => `${ident(c)} = excluded.${ident(c)}`);
            dml += ` on conflict (${conflict.map(ident).join(', ')}) do ${prefs.resolution === 'ignore-duplicates' || !sets.length ? 'nothing' : `update set ${sets.join(', ')}`}`;
          }
        }
      } else if (method === 'PATCH') {
        kind = 'update';
        if (!isObj(body)) throw badBody();
        const cols = Object.keys(body);
        for (const c of cols) if (!table.columns.has(c)) throw unknownColumn(table, c);
        const where = buildNode(env, src, [], '').where;
        if (!cols.length) where.push('false');
        const sets = cols.length
          ? cols.map((c) => `${ident(c)} = ${ident('pgrst_body')}.${ident(c)}`)
          : [
              `${ident([...table.columns.keys()][0] ?? 'id')} = ${ident(table.name)}.${ident([...table.columns.keys()][0] ?? 'id')}`,
            ];
        dml = `update ${target} set ${sets.join(', ')} from (select * from json_populate_record(null::${rowType}, ${p.add(JSON.stringify(body))}::json)) as ${ident('pgrst_body')}${where.length ? ` where ${where.join(' and ')}` : ''}`;
      } else {
        kind = 'delete';
        const where = buildNode(env, src, [], '').where;
        dml = `delete from ${target}${where.length ? ` where ${where.join(' and ')}` : ''}`;
      }
      // root filters belong to the write, not to the representation of the written rows
      env.nodes.set('', { conditions: [] });
      let n: number;
      let repr: ReadResult | null = null;
      if (wantRows || media.kind === 'object') {
        const pre = `with ${ident('pgrst_source')} as (${dml} returning ${ident(table.name)}.*) `;
        const sql = buildRead(
          env,
          { table, from: ident('pgrst_source'), alias: table.name },
          q.select,
          { count: false, limit: null, offset: 0, stripNulls: media.strip },
          pre,
        );
        repr = await runRead(tx, sql, env);
        n = repr.page;
        if (media.kind === 'object' && n !== 1) singleObject(repr);
      } else {
        n = (await tx.query(dml, p.values)).affectedRows;
      }
      // PostgREST: with handling=strict, an update or delete touching more rows than max-affected fails (and rolls back)
      if (
        kind !== 'insert' &&
        prefs.handling === 'strict' &&
        prefs.maxAffected !== undefined &&
        n > prefs.maxAffected
      ) {
        throw tooManyAffected(n);
      }
      const headers: Record<string, string> = { 'Content-Profile': schema };
      const total = prefs.count ? n : null;
      headers['Content-Range'] = kind === 'update' ? contentRange(0, n - 1, total) : contentRange(1, 0, total);
      const pa = prefApplied(prefs, kind, resolutionApplied);
      if (pa) headers['Preference-Applied'] = pa;
      if (repr && wantRows) {
        headers['Content-Type'] = contentType(media);
        const out =
          media.kind === 'object' ? singleObject(repr) : media.kind === 'csv' ? await toCsv(tx, repr.body) : repr.body;
        return { status: kind === 'insert' ? 201 : 200, headers, body: out };
      }
      return { status: kind === 'insert' ? 201 : 204, headers };
    });
  }

  async function rpcRequest(req: Req): Promise<Outcome> {
    const method = (req.method ?? 'GET').toUpperCase();
    const auth = authenticate(req, secret);
    const schema = pickSchema(req, ctx.config.api.schemas);
    const media = negotiate(single(req.headers.accept));
    const prefs = parsePrefer(req.headers.prefer);
    const fnName = req.params.fn!;
    const read = method === 'GET' || method === 'HEAD';
    const rawBody = method === 'POST' ? await readBody(req) : null;
    // text/plain, text/xml and application/octet-stream bodies go whole to a single unnamed text/xml/bytea parameter
    const rawType =
      method === 'POST'
        ? RAW_BODY_TYPES[(single(req.headers['content-type']) ?? '').split(';')[0]!.trim().toLowerCase()]
        : undefined;
    const body = rawBody && !rawType ? parseJsonBody(rawBody, true) : undefined;
    return inTx(req, auth, schema, `/rpc/${fnName}`, read, async (tx, cache) => {
      const candidates = cache.routines.get(qkey(schema, fnName)) ?? [];
      const argNames = new Set(candidates.flatMap((r) => r.args.map((a) => a.name)));
      const q = parseQuery(req.query, read ? { rpcArgNames: argNames } : {});
      let args: Record<string, unknown>;
      if (read) args = Object.fromEntries(q.rpcArgs);
      else args = isObj(body) ? body : {};
      const keys = Object.keys(args).sort();
      let routine: Routine | undefined;
      // PostgREST's resolution: the overloads whose parameters the argument names satisfy; if none, over POST
      // with JSON, one with a single unnamed json/jsonb parameter (it gets the whole body). No tie-breaking.
      const fits = candidates.filter((r) =>
        r.args.length === 0
          ? keys.length === 0 && !rawType
          : keys.every((k) => r.args.some((a) => a.name === k)) &&
            r.args.every((a) => a.hasDefault || keys.includes(a.name)),
      );
      const fallbackTypes = rawType ? [rawType] : ['json', 'jsonb'];
      const fallback =
        method === 'POST'
          ? candidates.filter(
              (r) => r.args.length === 1 && r.args[0]!.name === '' && fallbackTypes.includes(r.args[0]!.type),
            )
          : [];
      const found = fits.length ? fits : fallback;
      if (found.length === 1) routine = found[0];
      else if (found.length > 1) {
        const sigs = found.map(
          (r) => `${r.schema}.${r.name}(${r.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`,
        );
        throw restError(
          300,
          'PGRST203',
          `Could not choose the best candidate function between: ${sigs.join(', ')}`,
          null,
          'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
        );
      }
      // a single unnamed parameter is passed positionally: the whole JSON body (or the query arguments as JSON)
      const positional = routine?.args.length === 1 && routine.args[0]!.name === '';
      if (!routine && body !== undefined && !isObj(body)) throw badBody();
      if (!routine) {
        const func = `${schema}.${fnName}`;
        const allNames = [...cache.routines.values()]
          .flat()
          .filter((r) => r.schema === schema)
          .map((r) => r.name);
        // no function of that name: the closest name; overloads exist: the closest parameter list (as PostgREST hints)
        const prmList = (names: string[]) => `(${[...names].sort().join(', ')})`;
        const guess = candidates.length
          ? (() => {
              const m = fuzzyMatch(
                prmList(keys),
                candidates.map((r) => prmList(r.args.map((a) => a.name))),
                0.33,
              );
              return m === null ? null : fnName + m;
            })()
          : fuzzyMatch(fnName, allNames);
        const prms = keys.length
          ? ` with parameter${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
          : ' without parameters';
        if (rawType) {
          throw restError(
            404,
            'PGRST202',
            `Could not find the function ${func} in the schema cache`,
            `Searched for the function ${func} with a single unnamed ${rawType} parameter, but no matches were found in the schema cache.`,
          );
        }
        throw restError(
          404,
          'PGRST202',
          `Could not find the function ${func}${keys.length ? `(${keys.join(', ')})` : ' without parameters'} in the schema cache`,
          `Searched for the function ${func}${prms}${method === 'POST' ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
          guess ? `Perhaps you meant to call the function ${schema}.${guess}` : null,
        );
      }
      const strictMax = prefs.handling === 'strict' ? prefs.maxAffected : undefined;
      if (strictMax !== undefined && !routine.returnsSet)
        throw restError(
          400,
          'PGRST128',
          'Function must return SETOF or TABLE when max-affected preference is used with handling=strict',
        );
      // POST runs STABLE and IMMUTABLE functions read-only too, as PostgREST does (only VOLATILE may write)
      if (!read && routine.volatility !== 'v') await tx.query(`select set_config('transaction_read_only', 'on', true)`);
      const env = newEnv(cache, schema, q, media);
      const p = env.params;
      const fq = qualified(schema, routine.name);
      let preFrom = '';
      let call: string;
      if (positional) {
        const arg =
          rawType === 'bytea'
            ? rawBody
            : rawType || body !== undefined
              ? rawBody!.toString('utf8')
              : JSON.stringify(args);
        call = `${fq}(${p.add(arg)}::${routine.args[0]!.type})`;
      } else {
        const used = routine.args.filter((a) => keys.includes(a.name));
        if (used.length) {
          // a POSTed object goes to Postgres as sent, so numbers keep their precision (bigints beyond 2^53)
          const argsJson = !read && isObj(body) ? rawBody!.toString('utf8') : JSON.stringify(args);
          preFrom = `json_to_record(${p.add(argsJson)}::json) as ${ident('pgrst_args')}(${used.map((a) => `${ident(a.name)} ${a.type}`).join(', ')})`;
        }
        call = `${fq}(${used.map((a) => `${a.variadic ? 'variadic ' : ''}${ident(a.name)} := ${ident('pgrst_args')}.${ident(a.name)}`).join(', ')})`;
      }
      const head = method === 'HEAD';
      const fromClause = preFrom ? ` from ${preFrom}` : '';
      const lateral = (item: string) => (preFrom ? `${preFrom} cross join lateral ${item}` : item);
      if (routine.returnKind === 'void') {
        await tx.query(`select ${call}${fromClause}`, p.values);
        return { status: 204, headers: { 'Content-Profile': schema } };
      }
      if (routine.returnKind === 'scalar' && !routine.returnsSet) {
        const r = await tx.query<{ body: string | null }>(
          `select to_json(${call})::text as body${fromClause}`,
          p.values,
        );
        const out = r.rows[0]?.body ?? 'null';
        const headers: Record<string, string> = {
          'Content-Profile': schema,
          'Content-Range': contentRange(0, 0, prefs.count ? 1 : null),
          'Content-Type': contentType({ kind: 'json', strip: false }),
        };
        return { status: 200, headers, body: head ? undefined : out };
      }
      const { limit, offset } = readWindow(req, q);
      let r: ReadResult;
      if (routine.returnKind === 'scalar') {
        const from = lateral(`${call} as ${ident('pgrst_scalar')}(${ident('v')})`);
        const lim = p.add(limit);
        const off = p.add(offset);
        const sql = `select ${prefs.count ? `(select count(*) from ${from})` : 'null::bigint'}::text as total, count(*)::int as page, coalesce(json_agg(${ident('pgrst_r')}.v), '[]')::text as body from (select ${ident('pgrst_scalar')}.v from ${from} limit ${lim}::bigint offset ${off}::bigint) as ${ident('pgrst_r')}`;
        r = await runRead(tx, sql, env);
      } else {
        const table = routine.returnTable ?? pseudoTable(schema, routine.name, routine.returnColumns);
        const src: Source = { table, from: lateral(call), alias: routine.name };
        const sql = buildRead(env, src, q.select, { count: !!prefs.count, limit, offset, stripNulls: media.strip });
        r = await runRead(tx, sql, env);
        if (!routine.returnsSet && media.kind !== 'csv') {
          const headers: Record<string, string> = {
            'Content-Profile': schema,
            'Content-Range': contentRange(0, r.page - 1, r.total),
            'Content-Type': contentType({ kind: 'json', strip: media.strip }),
          };
          return { status: 200, headers, body: head ? undefined : r.page === 1 ? r.body.slice(1, -1) : 'null' };
        }
      }
      if (strictMax !== undefined && r.page > strictMax) throw tooManyAffected(r.page);
      return readResponse(tx, r, offset, media, prefs, schema, head, 'rpc');
    });
  }

  const wrap = (fn: (req: Req) => Promise<Outcome>) => async (req: Req, res: Res) => {
    let authed = false;
    try {
      try {
        authed = authenticate(req, secret).authed;
      } catch {
        authed = false;
      }
      // Postgres text cannot hold NUL: refuse it before it reaches the database protocol
      if (/%00/i.test(req.url ?? '') || (req.url ?? '').includes('\u0000'))
        throw restError(400, 'PGRST100', 'failed to parse request', 'NUL characters are not allowed in the URL');
      const out = await fn(req);
      endBody(
        req,
        res,
        out.status,
        out.headers,
        out.status === 204 || req.method === 'HEAD' ? undefined : (out.body ?? ''),
      );
    } catch (e) {
      let err: RestError;
      if (e instanceof RestError) err = e;
      else if (isPgError(e)) err = fromPgError(e, authed);
      else throw e;
      res.writeHead(err.status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Proxy-Status': `PostgREST; error=${err.body.code}`,
        ...err.headers,
      });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(err.body));
    }
  };

  ctx.router.add(['GET', 'POST'], '/rest/v1/rpc/:fn', wrap(rpcRequest));
  ctx.router.add(['GET', 'POST', 'PATCH', 'DELETE'], '/rest/v1/:table', wrap(tableRequest));
  ctx.router.add('GET', '/rest/v1', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/openapi+json; charset=utf-8' });
    res.end(JSON.stringify({ swagger: '2.0', info: { title: 'Guestmap local REST', version: '14' }, paths: {} }));
  });
}
