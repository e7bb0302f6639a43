// Query (PostgREST's PostgREST.Query: readQuery, createQuery/updateQuery/deleteQuery, invokeQuery):
// runs a request's plan inside its transaction (transaction.ts) and hands the result to response.ts.
import type { Queryable } from '../../db/db.ts';
import { isObj, type ApiRequest } from '../api-request/index.ts';
import { restError, tooManyAffected } from '../errors.ts';
import { contentType } from '../media-type.ts';
import type { CallPlan, CallRead } from '../plan/call-plan.ts';
import type { MutatePlan } from '../plan/mutate-plan.ts';
import type { ReadPlan } from '../plan/read-plan.ts';
import { contentRange } from '../range.ts';
import { customBody, mutateResponse, readResponse, singleObject, withResponseGucs, type Outcome } from '../response.ts';
import type { Table } from '../schema-cache/index.ts';
import type { SelectItem } from '../api-request/query-params.ts';
import {
  buildRead,
  handlerSql,
  ident,
  mutateSql,
  qualified,
  type Env,
  type Params,
  type Source,
} from './query-builder.ts';
import { geoJsonFunction, GUCS_SQL, lastQuery, plannedTotal, runRead, type ReadResult } from './statements.ts';
import type { Prefs } from '../api-request/preferences.ts';

/** How the count is taken: exact (all rows), estimated (at most max-rows + 1, then the planner), planned (no count here). */
function countOpt(count: Prefs['count'], maxRows: number): boolean | number {
  if (count === 'exact') return true;
  if (count === 'estimated') return Number.isFinite(maxRows) ? maxRows + 1 : true;
  return false;
}

/** The body's rendering in SQL for CSV and GeoJSON, as PostgREST's statements render them. */
async function bodyOpts(tx: Queryable, api: ApiRequest) {
  const { media } = api;
  return {
    stripNulls: media.strip,
    csv: media.kind === 'csv',
    geojson: media.kind === 'geojson' ? await geoJsonFunction(tx) : undefined,
    handler: media.kind === 'custom' ? media.handler : undefined,
  };
}

/** The body is already in the negotiated media type (not a JSON array to render). */
const rendered = (media: ApiRequest['media']) =>
  media.kind === 'csv' || media.kind === 'geojson' || media.kind === 'custom';

/** How many rows a merge-duplicates upsert updated (the conflict's DO UPDATE counts them in this setting). */
const UPDATED_SQL = `nullif(current_setting('pgrst.updated', true), '')::int as u`;

/** PUT whose body does not carry the URL's primary key (PostgREST's PutMatchingPkError); the transaction rolls back. */
const putMismatch = () => restError(400, 'PGRST115', 'Payload values do not match URL in primary key column(s)');

/** GET/HEAD on a table or view: its read plan (the top level's window included). */
export async function readQuery(
  tx: Queryable,
  env: Env,
  plan: ReadPlan,
  api: ApiRequest,
  maxRows: number,
): Promise<Outcome> {
  const { media, prefs } = api;
  const { table } = plan;
  const src: Source = { table, from: qualified(api.schema, table.name), alias: table.name };
  const offset = plan.offset ?? 0;
  const sql = buildRead(env, src, plan, {
    ...(await bodyOpts(tx, api)),
    count: countOpt(prefs.count, maxRows),
  });
  // the last statement unless a planned count follows it (a read-only transaction: committing is rolling back)
  const r = await runRead(tx, sql, env, prefs.count !== 'planned' && prefs.count !== 'estimated');
  r.rendered = rendered(api.media);
  // PostgREST: planned = the planner's estimate; estimated = exact up to max-rows, past it the larger of both
  if (prefs.count === 'planned') r.total = await plannedTotal(tx, env);
  else if (prefs.count === 'estimated' && r.total !== null && r.total > maxRows)
    r.total = Math.max(r.total, (await plannedTotal(tx, env)) ?? 0);
  return withResponseGucs(
    await readResponse(tx, r, offset, media, prefs, api.schema, api.method === 'HEAD', 'read'),
    r,
  );
}

/**
 * The RETURNING list of a write read back for its representation: only the columns the read uses (the
 * select's columns, embeds' join columns, filters, order), as PostgREST returns only what the select asks
 * for, so a role granted SELECT on some columns gets them; the whole row when the read takes it whole
 * (`*`, computed fields).
 */
function returning(table: Table, read: string): string {
  const alias = ident(table.name);
  if (read.includes(`${alias}.*`)) return `${alias}.*`;
  const cols = [...table.columns.keys()].filter((c) => read.includes(`${alias}.${ident(c)}`));
  return cols.length ? cols.map((c) => `${alias}.${ident(c)}`).join(', ') : `${alias}.*`;
}

/**
 * POST (insert/upsert), PATCH, DELETE on a table or view: the write's plan, its filters (the top level's), and
 * the read of the written rows when they are answered (a single object, an execution plan,
 * `return=representation`: plan/read-plan.ts, representPlan).
 */
export async function mutateQuery(
  tx: Queryable,
  env: Env,
  api: ApiRequest,
  plan: MutatePlan,
  filters: ReadPlan,
  represent: ReadPlan | null,
): Promise<Outcome> {
  const { media, prefs } = api;
  const { table } = filters;
  const src: Source = { table, from: qualified(api.schema, table.name), alias: table.name };
  // an upsert that may only merge: pgrst.updated, counted as its DO UPDATE runs, is read after it
  const merging = plan.kind === 'insert' && plan.onConflict?.resolution === 'merge-duplicates' && plan.cols.length > 0;
  const dml = mutateSql(env, src, plan, filters);
  let n: number;
  let repr: ReadResult | null = null;
  let gucs: ReadResult | null = null;
  let updated: number | null = null;
  let folded = false;
  // response.status/headers can only be set by SQL the write runs: its table's triggers, rules, cascades (the
  // schema cache knows which tables have any) or the pre-request function; for other writes they are not read
  const responds = !!table.mayRespond || env.preRequest;
  // nothing after the write can roll it back (PUT's key check, max-affected, a single object): it may go with COMMIT
  const strict = plan.kind !== 'insert' && prefs.handling === 'strict' && prefs.maxAffected !== undefined;
  const last = !(plan.kind === 'insert' && plan.put) && !strict && media.kind !== 'object' && !env.plan;
  // an execution plan (PostgREST explains the whole write statement) is read through the same statement
  let location: string | null = null;
  // return=headers-only on an insert: the Location of the one row written, by its primary key (PostgREST)
  const locate = plan.kind === 'insert' && prefs.return === 'headers-only' && table.pk.length > 0;
  if (locate && !represent) {
    const alias = ident(table.name);
    const w = await tx.query<{ n: number; row: string | null }>(
      `with ${ident('pgrst_source')} as (${dml} returning ${table.pk.map((c) => `${alias}.${ident(c)}`).join(', ')})
        select count(*)::int as n, case when count(*) = 1 then (select row_to_json(${ident('s')})::text from ${ident('pgrst_source')} as ${ident('s')}) end as row
        from ${ident('pgrst_source')}`,
      env.params.values,
    );
    n = Number(w.rows[0]!.n);
    if (w.rows[0]!.row) location = locationOf(table, api.query!.select, JSON.parse(w.rows[0]!.row));
  } else if (represent) {
    // the written rows, read back: the top level's filters belong to the write, its `order` orders them (PostgREST)
    const read = buildRead(env, { table, from: ident('pgrst_source'), alias: table.name }, represent, {
      ...(await bodyOpts(tx, api)),
      count: false,
    });
    const sql = `with ${ident('pgrst_source')} as (${dml} returning ${returning(table, read)}) ${read}`;
    repr = await runRead(tx, sql, env, last && !merging);
    repr.rendered = rendered(media);
    n = repr.page;
    if (plan.kind === 'insert' && plan.put && n !== 1) throw putMismatch();
    if (media.kind === 'object' && n !== 1) singleObject(repr);
  } else {
    if (last && tx.commitWith) {
      // the write, what it (its triggers) left in response.headers/status and pgrst.updated, and COMMIT: one round trip
      const reads = [...(responds ? [GUCS_SQL] : []), ...(merging ? [UPDATED_SQL] : [])];
      const [w, g] = await tx.commitWith(
        dml,
        env.params.values,
        reads.length ? `select ${reads.join(', ')}` : undefined,
      );
      n = w.affectedRows;
      const row = (g?.rows[0] ?? {}) as { gh?: string | null; gs?: string | null; u?: number | null };
      if (responds) gucs = { total: null, page: n, body: '', gucHeaders: row.gh, gucStatus: row.gs };
      updated = row.u ?? null;
      folded = true;
    } else n = (await tx.query(dml, env.params.values)).affectedRows;
    if (plan.kind === 'insert' && plan.put && n !== 1) throw putMismatch();
  }
  // PostgREST: with handling=strict, an update or delete touching more rows than max-affected fails (and rolls back)
  if (plan.kind !== 'insert' && prefs.handling === 'strict' && prefs.maxAffected !== undefined && n > prefs.maxAffected)
    throw tooManyAffected(n);
  // merge-duplicates: did the upsert insert anything, or only merge existing rows (PostgREST: 200 then)
  let mergedOnly = false;
  if (merging) {
    if (!folded) updated = (await tx.query<{ u: number | null }>(`select ${UPDATED_SQL}`)).rows[0]?.u ?? null;
    mergedOnly = n - Number(updated ?? 0) <= 0;
  }
  // an upsert of no rows inserted none: 200 (PostgREST: merge-duplicates and nothing inserted)
  if (plan.kind === 'insert' && !plan.rows.length && prefs.resolution === 'merge-duplicates') mergedOnly = true;
  const out = await mutateResponse(
    tx,
    plan.kind,
    n,
    repr,
    media,
    prefs,
    api.schema,
    plan.kind === 'insert' && !!plan.onConflict,
    mergedOnly,
    plan.kind === 'insert' && plan.put,
  );
  // without a representation, what the write (its triggers) left in response.headers/status is read with
  // COMMIT (above), or when the transaction ends (transaction.ts): no round trip of its own
  if (location) out.headers.Location = location;
  if (!repr && !gucs && responds) return { ...out, gucsAtEnd: true };
  return withResponseGucs(out, repr ?? gucs);
}

/**
 * PostgREST's Location after an insert with `return=headers-only`: `/table?pk=eq.value&…` (`is.null` for a null
 * key), the key columns in the order its RETURNING list has them (the table's with `*` in the select, else
 * sorted by name), keys and values percent-encoded as its renderSimpleQuery does.
 */
function locationOf(table: Table, select: SelectItem[], row: Record<string, unknown>): string {
  const cols = [...table.columns.keys()];
  const pk = select.some((i) => i.type === 'star')
    ? [...table.pk].sort((a, b) => cols.indexOf(a) - cols.indexOf(b))
    : [...table.pk].sort();
  const enc = (v: string) =>
    [...Buffer.from(v, 'utf8')]
      .map((b) =>
        /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
          ? String.fromCharCode(b)
          : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
      )
      .join('');
  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const q = pk.map(
    (c) => `${enc(c)}=${enc(row[c] === null || row[c] === undefined ? 'is.null' : `eq.${text(row[c])}`)}`,
  );
  return `/${table.name}?${q.join('&')}`;
}

/** GET/POST /rpc/fn: the call's plan, and the read of its rows (plan/call-plan.ts, callRead). */
export async function invokeQuery(
  tx: Queryable,
  env: Env,
  api: ApiRequest,
  plan: CallPlan,
  rows: CallRead,
  maxRows: number,
): Promise<Outcome> {
  const { media, prefs, schema, read, rawType, rawBody, body, method } = api;
  const { routine, args, keys, positional } = plan;
  const strictMax = prefs.handling === 'strict' ? prefs.maxAffected : undefined;
  // the call may go with COMMIT unless a check after it may roll it back (max-affected, a single object of a write)
  const last = strictMax === undefined && !env.plan && (read || media.kind !== 'object');
  // POST runs STABLE and IMMUTABLE functions read-only too, as PostgREST does (only VOLATILE may write)
  if (!read && routine.volatility !== 'v') await tx.query(`select set_config('transaction_read_only', 'on', true)`);
  const p = env.params;
  const fq = qualified(schema, routine.name);
  let preFrom = '';
  let call: string;
  if (positional) {
    const arg =
      rawType === 'bytea' ? rawBody : rawType || body !== undefined ? rawBody!.toString('utf8') : JSON.stringify(args);
    call = `${fq}(${p.add(arg)}::${routine.args[0]!.type})`;
  } else {
    const used = routine.args.filter((a) => keys.includes(a.name));
    if (used.length) {
      // a POSTed object goes to Postgres as sent, so numbers keep their precision (bigints beyond 2^53)
      // (an array of objects: its first object, as PostgREST takes it)
      const posted =
        !read && (api.bodyKind ?? 'json') === 'json' && (isObj(body) || (Array.isArray(body) && isObj(body[0])));
      const argsJson = posted ? rawBody!.toString('utf8') : JSON.stringify(args);
      const argsSql = `${p.add(argsJson)}::json${Array.isArray(body) && posted ? ' -> 0' : ''}`;
      preFrom = `json_to_record(${argsSql}) as ${ident('pgrst_args')}(${used.map((a) => `${ident(a.name)} ${argType(a.type)}`).join(', ')})`;
    }
    call = `${fq}(${used.map((a) => `${a.variadic ? 'variadic ' : ''}${ident(a.name)} := ${ident('pgrst_args')}.${ident(a.name)}`).join(', ')})`;
  }
  const head = method === 'HEAD';
  const fromClause = preFrom ? ` from ${preFrom}` : '';
  const lateral = (item: string) => (preFrom ? `${preFrom} cross join lateral ${item}` : item);
  if (routine.returnKind === 'void') {
    const v = await lastQuery<{ gh: string | null; gs: string | null }>(
      tx,
      `select ${call}, ${GUCS_SQL}${fromClause}`,
      p.values,
      last,
    );
    const g = v.rows[0];
    return withResponseGucs(
      { status: 204, headers: { 'Content-Profile': schema } },
      g && { gucHeaders: g.gh, gucStatus: g.gs },
    );
  }
  if (routine.returnKind === 'scalar' && !routine.returnsSet && media.kind === 'custom')
    return scalarByHandler(
      tx,
      media,
      schema,
      head,
      `select ${handlerSql(media.handler!, call)} as body, ${GUCS_SQL}${fromClause}`,
      p,
      last,
    );
  if (routine.returnKind === 'scalar' && !routine.returnsSet) {
    const r = await lastQuery<{ body: string | null; gh: string | null; gs: string | null }>(
      tx,
      `select to_json(${call})::text as body, ${GUCS_SQL}${fromClause}`,
      p.values,
      last,
    );
    const g = r.rows[0];
    const out = r.rows[0]?.body ?? 'null';
    const headers: Record<string, string> = {
      'Content-Profile': schema,
      'Content-Range': contentRange(0, 0, prefs.count ? 1 : null),
      'Content-Type': singleType(media),
    };
    return withResponseGucs(
      { status: 200, headers, body: head ? undefined : out },
      g && { gucHeaders: g.gh, gucStatus: g.gs },
    );
  }
  const { limit, offset } = rows.window!;
  let r: ReadResult;
  if (routine.returnKind === 'scalar') {
    // the function in a select list (as PostgREST calls it), so `setof record` needs no column list
    const from = `(select ${call} as ${ident('v')}${fromClause}) as ${ident('pgrst_scalar')}`;
    const lim = p.add(limit);
    const off = p.add(offset);
    const sql = `select ${prefs.count ? `(select count(*) from ${from})` : 'null::bigint'}::text as total, count(*)::int as page, coalesce(json_agg(${ident('pgrst_r')}.v), '[]')::text as body, ${GUCS_SQL} from (select ${ident('pgrst_scalar')}.v from ${from} limit ${lim}::bigint offset ${off}::bigint) as ${ident('pgrst_r')}`;
    // (CSV of a set of scalars is rendered by a statement of its own after this one)
    r = await runRead(tx, sql, env, last && media.kind !== 'csv');
  } else {
    const src: Source = { table: rows.plan!.table, from: lateral(call), alias: routine.name };
    env.mayRespond = true;
    const sql = buildRead(env, src, rows.plan!, {
      ...(await bodyOpts(tx, api)),
      // PostgREST counts a call's rows exactly (planned: no total); an estimated count past max-rows is unknown
      count: countOpt(prefs.count, maxRows),
    });
    r = await runRead(tx, sql, env, last);
    r.rendered = rendered(media);
    if (prefs.count === 'estimated' && r.total !== null && r.total > maxRows) r.total = null;
    if (!routine.returnsSet && !rendered(media)) {
      const headers: Record<string, string> = {
        'Content-Profile': schema,
        'Content-Range': contentRange(0, r.page - 1, r.total),
        'Content-Type': singleType(media),
      };
      return withResponseGucs(
        { status: 200, headers, body: head ? undefined : r.page === 1 ? r.body.slice(1, -1) : 'null' },
        r,
      );
    }
  }
  if (strictMax !== undefined && r.page > strictMax) throw tooManyAffected(r.page);
  return withResponseGucs(await readResponse(tx, r, offset, media, prefs, schema, head, 'rpc'), r);
}

/** A scalar function's value through a media type handler (a function returning `"text/plain"`, `"image/png"`…). */
async function scalarByHandler(
  tx: Queryable,
  media: ApiRequest['media'],
  schema: string,
  head: boolean,
  sql: string,
  p: Params,
  last: boolean,
): Promise<Outcome> {
  const r = await lastQuery<{ body: string | null; gh: string | null; gs: string | null }>(tx, sql, p.values, last);
  const headers: Record<string, string> = {
    'Content-Profile': schema,
    'Content-Range': contentRange(0, 0, null),
    'Content-Type': contentType(media),
  };
  // the function may name its own Content-Type (or status) through response.headers, as on PostgREST
  const g = r.rows[0];
  return withResponseGucs(
    { status: 200, headers, body: head ? undefined : customBody(media, r.rows[0]?.body ?? null) },
    g && { gucHeaders: g.gh, gucStatus: g.gs },
  );
}

/**
 * An argument's type as the call reads it: `character` and `bit` (which alone mean one character/bit) become
 * `character varying` and `bit varying`, as PostgREST does, so Postgres checks the length against the parameter's.
 */
const argType = (t: string) => t.replace(/^(character|bit)(\[\])?$/, '$1 varying$2');

/** A single value's Content-Type: `vnd.pgrst.object+json` when that was asked (PostgREST's single-JSON handler), else JSON. */
const singleType = (media: ApiRequest['media']) =>
  contentType(media.kind === 'object' ? media : { kind: 'json', strip: media.strip });
