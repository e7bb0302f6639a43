// Query/SqlFragment (PostgREST's PostgREST.Query.SqlFragment): the smallest pieces of SQL text the
// builder emits: quoted identifiers, bound parameters, type names of casts, array literals.
import { badQuery } from '../errors.ts';

export const ident = (id: string) => `"${id.replace(/"/g, '""')}"`;
export const qualified = (schema: string, name: string) => `${ident(schema)}.${ident(name)}`;

/**
 * SQL-standard spellings of built-in types that are not names in pg_type (`int`, `boolean`, …): as
 * Postgres' grammar reads them unquoted. `char`/`character`/`bit` mean one character/bit there.
 */
const TYPE_SPELLINGS: Record<string, string> = {
  int: '"int4"',
  integer: '"int4"',
  smallint: '"int2"',
  bigint: '"int8"',
  real: '"float4"',
  float: '"float8"',
  boolean: '"bool"',
  decimal: '"numeric"',
  dec: '"numeric"',
  char: '"bpchar"(1)',
  character: '"bpchar"(1)',
  bit: '"bit"(1)',
};

/** A cast's type (one name as the parser accepts it, optionally `[]`) as SQL: a quoted identifier, never raw text. */
export function castSql(cast: string): string {
  const m = /^([A-Za-z_][A-Za-z0-9_$]*)(\[\])?$/.exec(cast);
  if (!m) throw badQuery(`failed to parse cast (${cast})`, 'unexpected text expecting a type name');
  const name = m[1]!.toLowerCase();
  return `${TYPE_SPELLINGS[name] ?? ident(name)}${m[2] ?? ''}`;
}

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** A Postgres array literal `{"a","b"}` from strings (sent as one text parameter). */
export const pgArray = (xs: string[]) =>
  `{${xs.map((x) => `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/** Select-list items reading `response.headers` / `response.status` after the statement's own work (PostgREST). */
export const GUCS_SQL = `nullif(current_setting('response.headers', true), '') as gh, nullif(current_setting('response.status', true), '') as gs`;
