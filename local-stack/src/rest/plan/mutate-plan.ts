// Plan/MutatePlan (PostgREST's PostgREST.Plan.MutatePlan): what an insert, upsert, update or delete
// writes: the rows and their columns (`?columns=` or the first object's keys, which every object must
// share), the conflict target of an upsert, the columns set by an update. Checks the body and the
// columns against the schema cache; the SQL is made by query/query-builder.ts.
import { badBody } from '../errors.ts';
import { isObj, type ApiRequest } from '../api-request/index.ts';
import type { Table } from '../schema-cache.ts';
import { unknownColumn } from '../query/query-builder.ts';

export type MutatePlan =
  | {
      kind: 'insert';
      rows: Record<string, unknown>[];
      cols: string[];
      /** `Prefer: resolution=…` with a conflict target (`?on_conflict=` or the primary key). */
      onConflict?: { resolution: 'merge-duplicates' | 'ignore-duplicates'; cols: string[] };
      missingDefault: boolean;
    }
  | { kind: 'update'; body: Record<string, unknown>; cols: string[] }
  | { kind: 'delete' };

export function mutatePlan(table: Table, api: ApiRequest): MutatePlan {
  const { body, prefs } = api;
  const q = api.query!;
  if (api.method === 'POST') {
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
    let onConflict: { resolution: 'merge-duplicates' | 'ignore-duplicates'; cols: string[] } | undefined;
    if (prefs.resolution && rows.length > 0) {
      const conflict = q.onConflict ?? table.pk;
      if (conflict.length) onConflict = { resolution: prefs.resolution, cols: conflict };
    }
    return { kind: 'insert', rows, cols, onConflict, missingDefault: prefs.missing === 'default' };
  }
  if (api.method === 'PATCH') {
    if (!isObj(body)) throw badBody();
    const cols = Object.keys(body);
    for (const c of cols) if (!table.columns.has(c)) throw unknownColumn(table, c);
    return { kind: 'update', body, cols };
  }
  return { kind: 'delete' };
}
