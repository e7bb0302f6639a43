// Plan (PostgREST's PostgREST.Plan): from the ApiRequest and the schema cache to what will run: the
// target table (PGRST205 when unknown), the read (read-plan.ts, with the relationships of its embeds from
// relationships.ts), the write (mutate-plan.ts) and the function to call (call-plan.ts). Nothing here writes
// SQL or imports from query/ (the lint's plan → query zone): query/ renders the plans this step makes.
import type { ApiRequest } from '../api-request/index.ts';
import { fuzzyMatch, restError } from '../errors.ts';
import { readWindow } from '../range.ts';
import { qkey, type SchemaCache, type Table } from '../schema-cache/index.ts';
import { readPlan, type PlanContext, type ReadPlan } from './read-plan.ts';

export { findRel } from './relationships.ts';
export { mutatePlan, type MutatePlan } from './mutate-plan.ts';
export { callPlan, callRead, type CallPlan, type CallRead } from './call-plan.ts';
export { planContext, readPlan, wherePlan, type PlanContext, type ReadPlan } from './read-plan.ts';

/** GET/HEAD on a table: the read of its select, the top level's window from `limit`/`offset` and `Range`. */
export function tableReadPlan(ctx: PlanContext, table: Table, api: ApiRequest, maxRows: number): ReadPlan {
  const window = readWindow(api.query!.nodes.get('')!, api.range, api.method, maxRows);
  return readPlan(ctx, table, api.query!.select, { window });
}

/**
 * The rows a write answers with, read back from what it wrote (`return=representation`, a single object, an
 * execution plan; else none): its select, every row (the top level's filters belong to the write), ordered by
 * the top level's `order` (PostgREST).
 */
export function representPlan(ctx: PlanContext, table: Table, api: ApiRequest): ReadPlan | null {
  const { media, prefs } = api;
  if (!(prefs.return === 'representation' || media.kind === 'object' || media.plan)) return null;
  const order = api.query!.nodes.get('')!.order;
  return readPlan(ctx, table, api.query!.select, { root: { conditions: [], order } });
}

export function lookupTable(cache: SchemaCache, schema: string, name: string): Table {
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
