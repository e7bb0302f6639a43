// Plan/MutatePlan (PostgREST's PostgREST.Plan.MutatePlan): what an insert, upsert, update or delete
// writes: the rows and their columns (`?columns=` or the first object's keys, which every object must
// share), the conflict target of an upsert, the columns set by an update. Checks the body and the
// columns against the schema cache; the SQL is made by query/query-builder.ts.
import { badBody, restError, unknownColumn } from '../errors.ts';
import { isObj, type ApiRequest } from '../api-request/index.ts';
import { repKey, type SchemaCache, type Table } from '../schema-cache/index.ts';
import type { Fn } from './read-plan.ts';

/** The columns whose domain a data representation parses from the body's JSON, with the function that does. */
export type BodyParsers = Map<string, Fn>;

export type MutatePlan =
  | {
      kind: 'insert';
      rows: Record<string, unknown>[];
      cols: string[];
      /** `Prefer: resolution=…` with a conflict target (`?on_conflict=` or the primary key). */
      onConflict?: { resolution: 'merge-duplicates' | 'ignore-duplicates'; cols: string[] };
      missingDefault: boolean;
      /** PUT (PostgREST's MutationSingleUpsert): the body's rows must match the URL's primary key filters. */
      put?: boolean;
      parsers: BodyParsers;
    }
  | { kind: 'update'; body: Record<string, unknown>; cols: string[]; missingDefault?: boolean; parsers: BodyParsers }
  | { kind: 'delete' };

/** Data representations as PostgREST applies them to bodies: an implicit cast from json into the column's domain. */
function bodyParsers(cache: SchemaCache, table: Table, cols: string[]): BodyParsers {
  const out: BodyParsers = new Map();
  if (cache.reps.size === 0) return out;
  for (const c of cols) {
    const type = table.columns.get(c)?.type;
    const fn = type !== undefined ? cache.reps.get(repKey('json', type)) : undefined;
    if (fn) out.set(c, fn);
  }
  return out;
}

export function mutatePlan(cache: SchemaCache, table: Table, api: ApiRequest): MutatePlan {
  const { body, prefs } = api;
  const q = api.query!;
  if (api.method === 'POST') {
    // an object is one row, an array of objects many; any other JSON value is refused (PostgREST takes it as no row)
    if (Array.isArray(body) && !body.every(isObj)) throw badBody(q.columns ? undefined : 'All object keys must match');
    if (!isObj(body) && !Array.isArray(body)) throw badBody();
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
    let onConflict: { resolution: 'merge-duplicates' | 'ignore-duplicates'; cols: string[] } | undefined;
    if (prefs.resolution && rows.length > 0) {
      const conflict = q.onConflict ?? table.pk;
      if (conflict.length) onConflict = { resolution: prefs.resolution, cols: conflict };
    }
    // `?columns=`: only those keys of each row are read (PostgREST parses no other, so their values cannot fail)
    const picked = q.columns ? rows.map((r) => pick(r, cols)) : rows;
    return {
      kind: 'insert',
      rows: picked,
      cols,
      onConflict,
      missingDefault: prefs.missing === 'default',
      parsers: bodyParsers(cache, table, cols),
    };
  }
  if (api.method === 'PUT') return putPlan(cache, table, api);
  if (api.method === 'PATCH') {
    // PostgREST: an array sets the first object's values (`[]`, `[{}]`, `{}` update nothing: 204);
    // `?columns=` picks the keys, `missing=default` gives the listed columns missing from the body their default
    if (Array.isArray(body) && !body.every(isObj)) throw badBody(q.columns ? undefined : 'All object keys must match');
    if (!isObj(body) && !Array.isArray(body)) throw badBody();
    const rows = (Array.isArray(body) ? body : [body]) as Record<string, unknown>[];
    if (!q.columns && rows.length > 1) {
      const keySig = (r: Record<string, unknown>) => Object.keys(r).sort().join('\u0000');
      if (rows.some((r) => keySig(r) !== keySig(rows[0]!))) throw badBody('All object keys must match');
    }
    const first = rows[0] ?? {};
    const cols = q.columns ?? Object.keys(first);
    for (const c of cols) if (!table.columns.has(c)) throw unknownColumn(table, c);
    return {
      kind: 'update',
      body: q.columns ? pick(first, cols) : first,
      cols,
      missingDefault: prefs.missing === 'default',
      parsers: bodyParsers(cache, table, cols),
    };
  }
  return { kind: 'delete' };
}

const invalidFilters = () =>
  restError(405, 'PGRST105', "Filters must include all and only primary key columns with 'eq' operators");

/**
 * PUT: an upsert of the one row the URL names by its whole primary key (PostgREST's MutationSingleUpsert):
 * no `limit`/`offset` (400 PGRST114), root filters exactly `eq` on every primary key column and nothing
 * else (405 PGRST105); the body's rows are inserted where they match those filters, merged on conflict.
 */
function putPlan(cache: SchemaCache, table: Table, api: ApiRequest): MutatePlan {
  const q = api.query!;
  const root = q.nodes.get('')!;
  if (root.limit !== undefined || root.offset !== undefined)
    throw restError(400, 'PGRST114', 'limit/offset querystring parameters are not allowed for PUT');
  const names = new Set<string>();
  for (const c of root.conditions) {
    if (c.type !== 'filter' || c.op !== 'eq' || c.negate || c.quant || c.field.path.length) throw invalidFilters();
    names.add(c.field.name);
  }
  const pk = new Set(table.pk);
  if (!pk.size || names.size !== pk.size || [...names].some((n) => !pk.has(n))) throw invalidFilters();
  const body = api.body;
  if (!isObj(body) && !(Array.isArray(body) && body.length && body.every(isObj))) throw badBody();
  const rows = (Array.isArray(body) ? body : [body]) as Record<string, unknown>[];
  let cols: string[];
  if (q.columns) cols = q.columns;
  else {
    cols = Object.keys(rows[0]!);
    const keySig = (r: Record<string, unknown>) => Object.keys(r).sort().join('\u0000');
    if (rows.some((r) => keySig(r) !== keySig(rows[0]!))) throw badBody('All object keys must match');
  }
  for (const c of cols) if (!table.columns.has(c)) throw unknownColumn(table, c);
  return {
    kind: 'insert',
    rows,
    cols,
    onConflict: { resolution: 'merge-duplicates', cols: table.pk },
    missingDefault: false,
    put: true,
    parsers: bodyParsers(cache, table, cols),
  };
}

/** The row's keys among `cols` only. */
const pick = (row: Record<string, unknown>, cols: string[]) =>
  Object.fromEntries(cols.filter((c) => c in row).map((c) => [c, row[c]]));
