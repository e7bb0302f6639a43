// Plan (PostgREST's PostgREST.Plan): from the ApiRequest and the schema cache to what will run: the
// target table (PGRST205 when unknown), relationships for embeds (relationships.ts), the write
// (mutate-plan.ts) and the function to call (call-plan.ts).
import { fuzzyMatch, restError } from '../errors.ts';
import { qkey, type SchemaCache, type Table } from '../schema-cache.ts';

export { findRel } from './relationships.ts';
export { mutatePlan, type MutatePlan } from './mutate-plan.ts';
export { callPlan, type CallPlan } from './call-plan.ts';

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
