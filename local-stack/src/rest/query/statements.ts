// Query/Statements (PostgREST's PostgREST.Query.Statements): running a built statement and reading
// its result row (total, page size, body), or its execution plan; CSV rendered by Postgres.
import type { Queryable, QueryResult } from '../../db/db.ts';
import { restError } from '../errors.ts';
import { contentType } from '../media-type.ts';
import { ident } from './sql-fragment.ts';
import type { Env } from './query-builder.ts';
import { Rollback } from './rollback.ts';

export interface ReadResult {
  total: number | null;
  page: number;
  body: string;
  /** The body is already in the negotiated media type (CSV, GeoJSON), not a JSON array. */
  rendered?: boolean;
  gucHeaders?: string | null;
  gucStatus?: string | null;
}

export { GUCS_SQL } from './sql-fragment.ts';

/**
 * The request's last statement: on PostgreSQL, when the transaction is to commit whatever it answers
 * (`last`, and transaction.ts left `commitWith` to the request), sent with COMMIT in one round trip.
 */
export async function lastQuery<T>(
  tx: Queryable,
  sql: string,
  params: unknown[],
  last: boolean,
): Promise<QueryResult<T>> {
  return last && tx.commitWith ? (await tx.commitWith<T>(sql, params))[0] : tx.query<T>(sql, params);
}

/** `last`: nothing after this statement may roll the transaction back (see lastQuery). */
export async function runRead(tx: Queryable, sql: string, env: Env, last = false): Promise<ReadResult> {
  if (env.plan) {
    // the execution plan instead of the rows (analyze runs the query: the transaction is rolled back)
    const p = env.plan;
    const opts = [`format ${p.format}`, ...p.options].join(', ');
    if (p.options.includes('verbose')) {
      // as on hosted (pg_stat_statements computes it), a verbose plan carries its Query Identifier; the
      // setting is superuser-only, so it is set as the connection's own role, then the request's role again
      const who = (await tx.query<{ u: string }>(`select current_user::text as u`)).rows[0]!.u;
      await tx.query(
        `select set_config('role', 'none', true), set_config('compute_query_id', 'on', true), set_config('role', $1, true)`,
        [who],
      );
    }
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
  const r = await lastQuery<{
    total: string | null;
    page: number | string;
    body: string;
    gh?: string | null;
    gs?: string | null;
  }>(tx, sql, env.params.values, last);
  const row = r.rows[0]!;
  // a media type handler's aggregate over no row may give null (an empty body)
  return {
    total: row.total === null ? null : Number(row.total),
    page: Number(row.page),
    body: row.body as string,
    gucHeaders: row.gh,
    gucStatus: row.gs,
  };
}

// CSV is rendered by Postgres from the JSON page, so values keep their exact text (8.0 stays 8.0).
const CSV_CELL = (v: string) =>
  `case when ${v} is null then '' when ${v} ~ '[",\r\n]' then '"' || replace(${v}, '"', '""') || '"' else ${v} end`;
const CSV_SQL = `select coalesce((select string_agg(${CSV_CELL('k.key')}, ',' order by k.ord) from json_each_text($1::json -> 0) with ordinality as k(key, value, ord)), '')
  || coalesce((select string_agg(E'\\n' || (select string_agg(${CSV_CELL('c.value')}, ',' order by c.ord) from json_each_text(e.value) with ordinality as c(key, value, ord)), '' order by e.ord)
     from json_array_elements($1::json) with ordinality as e(value, ord)), '') as csv`;

export async function toCsv(tx: Queryable, jsonArray: string): Promise<string> {
  return (await tx.query<{ csv: string }>(CSV_SQL, [jsonArray])).rows[0]!.csv;
}

/**
 * `Prefer: count=planned` (and estimated past max-rows): the planner's row estimate of the count query,
 * as PostgREST reads it (`EXPLAIN (FORMAT JSON)`, the top plan's "Plan Rows"). Parameters the count query
 * does not use are selected as text so the statement keeps all of the request's values (the select list
 * does not change the estimate).
 */
export async function plannedTotal(tx: Queryable, env: Env): Promise<number | null> {
  if (!env.countFrom) return null;
  const used = new Set([...env.countFrom.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  const unused = env.params.values.map((_, i) => i + 1).filter((i) => !used.has(i));
  const r = await tx.query<Record<string, unknown>>(
    `explain (format json) select 1${unused.map((i) => `, $${i}::text`).join('')} ${env.countFrom}`,
    env.params.values,
  );
  const raw = Object.values(r.rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan?: { 'Plan Rows'?: number } }[];
  const rows = plan?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : null;
}

/**
 * PostGIS's `ST_AsGeoJSON(record)`, qualified, which PostgREST uses for `application/geo+json`; without it
 * (no postgis extension, as on PGlite) the media type is not available: 406, naming the extension.
 */
export async function geoJsonFunction(tx: Queryable): Promise<string> {
  const r = await tx.query<{ schema: string }>(
    `select n.nspname::text as schema from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where p.proname = 'st_asgeojson' and p.pronargs >= 1 and p.proargtypes[0] = 'record'::regtype limit 1`,
  );
  const schema = r.rows[0]?.schema;
  if (!schema)
    throw restError(
      406,
      'PGRST107',
      'None of these media types are available: application/geo+json',
      "application/geo+json is written by PostGIS's ST_AsGeoJSON(record), and this database has no postgis extension (PGlite has none).",
      'Serve the project from a PostgreSQL server with PostGIS (DATABASE_URL=postgresql://…, then create extension postgis).',
    );
  return `${ident(schema)}."st_asgeojson"`;
}
