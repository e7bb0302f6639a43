// Query/Statements (PostgREST's PostgREST.Query.Statements): running a built statement and reading
// its result row (total, page size, body), or its execution plan; CSV rendered by Postgres.
import type { Queryable } from '../../db/db.ts';
import { contentType } from '../media-type.ts';
import type { Env } from './query-builder.ts';
import { Rollback } from './transaction.ts';

export interface ReadResult {
  total: number | null;
  page: number;
  body: string;
}

export async function runRead(tx: Queryable, sql: string, env: Env): Promise<ReadResult> {
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

// CSV is rendered by Postgres from the JSON page, so values keep their exact text (8.0 stays 8.0).
const CSV_CELL = (v: string) =>
  `case when ${v} is null then '' when ${v} ~ '[",\r\n]' then '"' || replace(${v}, '"', '""') || '"' else ${v} end`;
const CSV_SQL = `select coalesce((select string_agg(${CSV_CELL('k.key')}, ',' order by k.ord) from json_each_text($1::json -> 0) with ordinality as k(key, value, ord)), '')
  || coalesce((select string_agg(E'\\n' || (select string_agg(${CSV_CELL('c.value')}, ',' order by c.ord) from json_each_text(e.value) with ordinality as c(key, value, ord)), '' order by e.ord)
     from json_array_elements($1::json) with ordinality as e(value, ord)), '') as csv`;

export async function toCsv(tx: Queryable, jsonArray: string): Promise<string> {
  return (await tx.query<{ csv: string }>(CSV_SQL, [jsonArray])).rows[0]!.csv;
}
