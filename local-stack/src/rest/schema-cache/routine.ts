// SchemaCache/Routine (PostgREST's PostgREST.SchemaCache.Routine and the function part of its loader): the
// functions of the exposed schemas a call may reach (with their overloads in PostgREST's order), and those
// taking a table's row: computed fields (returning a scalar) and computed relationships (returning rows of a
// table, added to the relationships).
import type { Queryable } from '../../db/db.ts';
import { addRel, type Relationships } from './relationship.ts';
import { qkey, type Column, type Table } from './table.ts';

export interface RoutineArg {
  name: string;
  type: string;
  hasDefault: boolean;
  variadic: boolean;
}

export interface Routine {
  schema: string;
  name: string;
  args: RoutineArg[];
  returnsSet: boolean;
  returnKind: 'void' | 'scalar' | 'composite';
  /** For composite results: the table/view whose row type is returned, if any. */
  returnTable: Table | null;
  /** Columns of the composite result (a table's, or the OUT/TABLE parameters). */
  returnColumns: Map<string, Column>;
  volatility: 'i' | 's' | 'v';
}

/** A computed field: f(row) in `schema`; `tsvector`: it returns one (full-text filters take it as it is). */
export interface ComputedField {
  schema: string;
  name: string;
  tsvector?: boolean;
}

/** Computed fields: per table (qkey), functions f(row of it) returning a scalar, usable as a column named f. */
export type ComputedFields = Map<string, Map<string, ComputedField>>;

/**
 * The functions of the schemas `sch` (a Postgres array literal) by qkey, callable ones only, and the computed
 * fields of the exposed `tables`; computed relationships are added to `rels`.
 */
export async function loadRoutines(
  q: Queryable,
  sch: string,
  tables: Map<string, Table>,
  rels: Relationships,
): Promise<{ routines: Map<string, Routine[]>; computed: ComputedFields }> {
  const procRes = await q.query<{
    schema: string;
    name: string;
    volatility: 'i' | 's' | 'v';
    returns_set: boolean;
    ret_type: string;
    ret_typtype: string;
    ret_rel_schema: string | null;
    ret_rel: string | null;
    args: string;
    ndefaults: number;
    one_row: boolean;
    arg_rel_schema: string | null;
    arg_rel: string | null;
  }>(
    `select n.nspname as schema, p.proname as name, p.provolatile::text as volatility, p.proretset as returns_set,
       p.prorows = 1 as one_row,
       (select an.nspname from pg_type at join pg_class ac on ac.oid = at.typrelid join pg_namespace an on an.oid = ac.relnamespace
         where p.pronargs = 1 and at.oid = p.proargtypes[0]) as arg_rel_schema,
       (select ac.relname from pg_type at join pg_class ac on ac.oid = at.typrelid where p.pronargs = 1 and at.oid = p.proargtypes[0]) as arg_rel,
       format_type(p.prorettype, null) as ret_type, t.typtype::text as ret_typtype,
       rn.nspname as ret_rel_schema, rc.relname as ret_rel, p.pronargdefaults::int as ndefaults,
       (select coalesce(json_agg(json_build_object('name', coalesce(p.proargnames[i], ''),
          'type', format_type(coalesce(p.proallargtypes[i], p.proargtypes[i - 1]), null),
          'mode', coalesce(p.proargmodes[i]::text, 'i')) order by i), '[]')
        from generate_series(1, coalesce(array_length(p.proallargtypes, 1), p.pronargs)) i)::text as args
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     join pg_type rt on rt.oid = p.prorettype
     -- a domain over a composite type returns rows of that type (PostgREST: "returns domain of composite type")
     join pg_type t on t.oid = case when rt.typtype = 'd' then rt.typbasetype else rt.oid end
     left join pg_class rc on rc.oid = t.typrelid left join pg_namespace rn on rn.oid = rc.relnamespace
     where n.nspname = any($1::text[]) and p.prokind = 'f'`,
    [sch],
  );
  const routines = new Map<string, Routine[]>();
  const computed: ComputedFields = new Map();
  for (const p of procRes.rows) {
    const all = JSON.parse(p.args) as { name: string; type: string; mode: string }[];
    const inputs = all.filter((a) => ['i', 'b', 'v'].includes(a.mode));
    const outs = all.filter((a) => ['o', 'b', 't'].includes(a.mode));
    const args: RoutineArg[] = inputs.map((a, i) => ({
      name: a.name,
      type: a.type,
      hasDefault: i >= inputs.length - p.ndefaults,
      variadic: a.mode === 'v',
    }));
    // PostgREST cannot call a function with unnamed parameters, except one unnamed bytea/json/jsonb/text/xml
    // parameter (which receives the whole body): such functions are not in its schema cache at all
    const unnamed = args.filter((a) => a.name === '');
    const callable =
      unnamed.length === 0 ||
      (unnamed.length === 1 && ['bytea', 'json', 'jsonb', 'text', 'xml'].includes(unnamed[0]!.type));
    let returnKind: Routine['returnKind'] = 'scalar';
    let returnTable: Table | null = null;
    let returnColumns = new Map<string, Column>();
    if (p.ret_type === 'void') returnKind = 'void';
    else if (p.ret_typtype === 'c') {
      returnKind = 'composite';
      returnTable = p.ret_rel_schema && p.ret_rel ? (tables.get(qkey(p.ret_rel_schema, p.ret_rel)) ?? null) : null;
      if (returnTable) returnColumns = returnTable.columns;
    } else if (outs.length > 0) {
      // OUT/INOUT/TABLE parameters: rows of those columns, even a single OUT parameter (PostgREST answers
      // `{"num_plus_one": 6}`, not `6`; Postgres names the column after the parameter)
      returnKind = 'composite';
      returnColumns = new Map(
        outs.map((o) => [
          o.name,
          {
            name: o.name,
            type: o.type,
            nullable: true,
            hasDefault: false,
            generated: false,
            tsvector: o.type === 'tsvector',
          },
        ]),
      );
    }
    const r: Routine = {
      schema: p.schema,
      name: p.name,
      args,
      returnsSet: p.returns_set,
      returnKind,
      returnTable,
      returnColumns,
      volatility: p.volatility,
    };
    // f(row of a table or view) returning rows of another: a computed relationship named f, to-one
    // unless it returns a set that is not declared ROWS 1 (PostgREST's rule)
    const argTable = p.arg_rel_schema && p.arg_rel ? tables.get(qkey(p.arg_rel_schema, p.arg_rel)) : undefined;
    if (argTable && returnKind === 'scalar' && !p.returns_set) {
      const k = qkey(argTable.schema, argTable.name);
      const m = computed.get(k) ?? new Map<string, ComputedField>();
      if (!m.has(p.name) || p.schema === argTable.schema)
        m.set(p.name, { schema: p.schema, name: p.name, tsvector: p.ret_type === 'tsvector' });
      computed.set(k, m);
    }
    if (argTable && returnTable) {
      const toMany = p.returns_set && !p.one_row;
      addRel(rels, {
        cardinality: toMany ? 'one-to-many' : 'many-to-one',
        table: argTable,
        foreign: returnTable,
        constraint: p.name,
        cols: [],
        isSelf: false,
        computed: { schema: p.schema, name: p.name },
      });
    }
    if (!callable) continue;
    const k = qkey(p.schema, p.name);
    routines.set(k, [...(routines.get(k) ?? []), r]);
  }
  // overloads in PostgREST's order (its error messages list them so): fewer parameters first, then by names and types
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  for (const list of routines.values()) {
    list.sort((x, y) => {
      if (x.args.length !== y.args.length) return x.args.length - y.args.length;
      for (let i = 0; i < x.args.length; i++) {
        const c = cmp(x.args[i]!.name, y.args[i]!.name) || cmp(x.args[i]!.type, y.args[i]!.type);
        if (c) return c;
      }
      return 0;
    });
  }
  return { routines, computed };
}
