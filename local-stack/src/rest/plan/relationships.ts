// Plan: relationship resolution for embedding (PostgREST's PostgREST.Plan, findRel/addRels): which
// foreign key (or junction, or computed relationship) an embed `target!hint(...)` goes through;
// none → PGRST200, more than one → PGRST201 with PostgREST's details and hint.
import { fuzzyMatch, restError } from '../errors.ts';
import { qkey, type Relationship, type SchemaCache, type Table } from '../schema-cache/index.ts';

const relSummary = (r: Relationship) => {
  const els = (xs: string[]) => `(${xs.join(', ')})`;
  if (r.junction) {
    return {
      cardinality: r.cardinality,
      embedding: `${r.table.name} with ${r.foreign.name}`,
      relationship: `${r.junction.table.name} using ${r.junction.cons1}${els(r.junction.srcCols.map((x) => x[0]))} and ${r.junction.cons2}${els(r.junction.tgtCols.map((x) => x[0]))}`,
    };
  }
  return {
    cardinality: r.cardinality,
    embedding: `${r.table.name} with ${r.foreign.name}`,
    relationship: `${r.constraint} using ${r.table.name}${els(r.cols.map((x) => x[0]))} and ${r.foreign.name}${els(r.cols.map((x) => x[1]))}`,
  };
};

const isView = (t: Table) => t.kind === 'v' || t.kind === 'm';

/** The relationship the embed `target!hint` of `table` goes through, among those into the request's `schema`. */
export function findRel(
  cache: SchemaCache,
  schema: string,
  table: Table,
  target: string,
  hint: string | undefined,
): Relationship {
  const all = cache.rels.get(qkey(table.schema, table.name)) ?? [];
  const single = (r: Relationship, h: string) => r.cols.length === 1 && r.cols[0]![0] === h;
  const singleRef = (r: Relationship, h: string) => r.cols.length === 1 && r.cols[0]![1] === h;
  const rels = all.filter((r) => {
    // PostgREST looks a relationship up by the request's schema: the embedded resource lives in it
    if (r.computed) return r.computed.name === target && hint === undefined && r.computed.schema === schema;
    if (r.foreign.schema !== schema) return false;
    if (r.isSelf && !r.junction) {
      if (hint === undefined)
        return (
          (r.foreign.name === target && r.cardinality !== 'many-to-one') ||
          (single(r, target) && r.cardinality !== 'one-to-many')
        );
      return r.foreign.name === target && r.cardinality !== 'many-to-one' && singleRef(r, hint);
    }
    if (hint === undefined)
      // PostgREST: a target naming a constraint or an FK column reaches tables only, not views over them
      return (
        r.foreign.name === target ||
        (!r.junction && !isView(r.foreign) && (r.constraint === target || single(r, target)))
      );
    return (
      r.foreign.name === target &&
      (r.junction ? r.junction.table.name === hint : r.constraint === hint || single(r, hint) || singleRef(r, hint))
    );
  });
  if (rels.length === 1) return rels[0]!;
  if (rels.length === 0) {
    throw restError(
      400,
      'PGRST200',
      `Could not find a relationship between '${table.name}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${table.name}' and '${target}${hint !== undefined ? `' using the hint '${hint}` : ''}' in the schema '${schema}', but no matches were found.`,
      noRelHint(cache, schema, table, all, target),
    );
  }
  throw restError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${table.name}' and '${target}'`,
    rels.map(relSummary),
    `Try changing '${target}' to one of the following: ${rels.map((r) => `'${r.foreign.name}!${r.junction ? r.junction.table.name : r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

/** PostgREST's hint: a similar name among the table's related resources, or, for a table without any, a similar table that has some. */
function noRelHint(
  cache: SchemaCache,
  schema: string,
  table: Table,
  related: Relationship[],
  target: string,
): string | null {
  if (related.length) {
    // PostgREST's candidates are the related tables (a computed relationship's is the table it returns), never function names
    const names = related.map((r) => r.foreign.name);
    const guess = names.includes(target) ? null : fuzzyMatch(target, names, 0.33);
    return guess ? `Perhaps you meant '${guess}' instead of '${target}'.` : null;
  }
  const parents = [...cache.rels.entries()]
    .filter(([, rs]) => rs[0]?.table.schema === schema)
    .map(([, rs]) => rs[0]!.table.name);
  const guess = fuzzyMatch(table.name, parents, 0.33);
  return guess ? `Perhaps you meant '${guess}' instead of '${table.name}'.` : null;
}
