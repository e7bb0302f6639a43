// What the REST service knows about the exposed schemas: tables and views with their columns,
// primary/unique keys, relationships derived from foreign keys, functions, and the per-role
// settings PostgREST applies. Read from pg_catalog; reloaded whenever a DDL event trigger has
// bumped a counter (read at the start of every request, inside its transaction), so tables
// created after the stack started are seen by the next request.
import type { Db, Queryable } from '../db/db.ts';
import type { MediaHandler } from './media-type.ts';

export interface Column {
  name: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  generated: boolean;
  tsvector: boolean;
  /** The default expression as PostgREST's schema cache reads it (identity: nextval of its sequence); null when none. */
  default?: string | null;
}

export interface Table {
  schema: string;
  name: string;
  kind: string;
  columns: Map<string, Column>;
  pk: string[];
  uniques: string[][];
  /**
   * A write on it may run SQL that sets response.status/headers (PostgREST's response GUCs): it has triggers or
   * rules of its own, is a view, foreign or partitioned table (whose base tables or partitions may have them), or
   * its rows have foreign keys pointing at them with cascading actions (the referencing tables' triggers fire).
   */
  mayRespond?: boolean;
}

export interface Relationship {
  cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';
  table: Table;
  foreign: Table;
  constraint: string;
  /** (column of `table`, column of `foreign`) pairs; for many-to-many empty. */
  cols: [string, string][];
  junction?: { table: Table; cons1: string; cons2: string; srcCols: [string, string][]; tgtCols: [string, string][] };
  isSelf: boolean;
  /** A computed relationship: a function taking a row of `table` and returning rows of `foreign` (named as the function). */
  computed?: { schema: string; name: string };
}

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

export interface SchemaCache {
  tables: Map<string, Table>;
  rels: Map<string, Relationship[]>;
  routines: Map<string, Routine[]>;
  /** Computed fields: per table (qkey), functions f(row of it) returning a scalar, usable as a column named f. */
  computed: Map<string, Map<string, ComputedField>>;
  roleSettings: Map<string, Record<string, string>>;
  /** Roles the API may switch to (those granted to authenticator). */
  apiRoles: Set<string>;
  /** Media type handlers (PostgREST v12+), by handlerKey(relation or function, media type); empty in most projects. */
  mediaHandlers: Map<string, MediaHandler>;
  /** Data representations: implicit casts of a domain to/from json (and from text), by repKey(source, target) type names. */
  reps: Map<string, { schema: string; name: string }>;
}

/** The key of a data representation: source and target type names as format_type writes them (as Column.type). */
export const repKey = (source: string, target: string) => `${source}\u0001${target}`;

/**
 * Data representations as PostgREST reads them: implicit casts done by a function (executable by the role) from a
 * domain to json (output), or from json or text to a domain (request bodies, filter values).
 */
async function loadReps(q: Queryable): Promise<Map<string, { schema: string; name: string }>> {
  const r = await q.query<{ source: string; target: string; schema: string; name: string }>(
    `select format_type(c.castsource, null) as source, format_type(c.casttarget, null) as target,
       n.nspname::text as schema, p.proname::text as name
     from pg_cast c join pg_type s on s.oid = c.castsource join pg_type t on t.oid = c.casttarget
     join pg_proc p on p.oid = c.castfunc join pg_namespace n on n.oid = p.pronamespace
     where c.castcontext = 'i' and c.castmethod = 'f' and has_function_privilege(c.castfunc, 'execute')
       and ((s.typtype = 'd' and c.casttarget in ('json'::regtype, 'text'::regtype))
         or (t.typtype = 'd' and c.castsource in ('json'::regtype, 'text'::regtype)))`,
  );
  return new Map(r.rows.map((x) => [repKey(x.source, x.target), { schema: x.schema, name: x.name }]));
}

/** The key of a media type handler: a table/view (or a function returning a media type domain), or `*` (anyelement). */
export const handlerKey = (rel: string, mediaType: string) => `${rel}\u0001${mediaType}`;

/**
 * Media type handlers as PostgREST's schema cache reads them: domains named `type/subtype` (or `*\/*`); aggregates
 * of one argument (a table's row type or anyelement) returning one, and functions (not set-returning) returning one.
 */
async function loadMediaHandlers(q: Queryable, sch: string): Promise<Map<string, MediaHandler>> {
  const r = await q.query<{
    kind: 'agg' | 'fn';
    h_schema: string;
    h_name: string;
    t_schema: string | null;
    t_name: string;
    media_type: string;
    typname: string;
    base: string;
  }>(
    `with media_types as (
       select t.oid, lower(t.typname) as media_type, t.typname::text as typname, tn.nspname::text as type_schema,
         format_type(t.typbasetype, null) as base
       from pg_type t join pg_namespace tn on tn.oid = t.typnamespace
       where t.typbasetype <> 0 and (t.typname ~* '^[A-Za-z0-9.-]+/[A-Za-z0-9.+-]+$' or t.typname = '*/*'))
     select 'agg' as kind, pn.nspname::text as h_schema, p.proname::text as h_name,
       case when at.typname = 'anyelement' then null else atn.nspname::text end as t_schema, at.typname::text as t_name,
       mt.media_type, mt.typname, mt.base
     from media_types mt join pg_proc p on p.prorettype = mt.oid join pg_aggregate a on a.aggfnoid = p.oid
     join pg_namespace pn on pn.oid = p.pronamespace
     join pg_type at on at.oid = p.proargtypes[0] join pg_namespace atn on atn.oid = at.typnamespace
     where pn.nspname = any($1::text[]) and p.pronargs = 1
       and (at.typname = 'anyelement' or exists (select 1 from pg_class c where c.reltype = at.oid and c.relkind in ('v','r','m','f','p')))
     union all
     select 'fn', mt.type_schema, mt.typname, pn.nspname::text, p.proname::text, mt.media_type, mt.typname, mt.base
     from pg_proc p join pg_namespace pn on pn.oid = p.pronamespace join media_types mt on mt.oid = p.prorettype
     where pn.nspname = any($1::text[]) and not p.proretset and p.prokind = 'f'`,
    [sch],
  );
  const out = new Map<string, MediaHandler>();
  for (const h of r.rows) {
    const rel = h.t_schema === null ? '*' : qkey(h.t_schema, h.t_name);
    out.set(handlerKey(rel, h.media_type), {
      kind: h.kind,
      schema: h.h_schema,
      name: h.h_name,
      target: h.kind === 'agg' && h.t_schema !== null ? { schema: h.t_schema, name: h.t_name } : null,
      base: h.base,
      mime: h.typname === '*/*' ? 'application/octet-stream' : h.typname,
    });
  }
  return out;
}

export const qkey = (schema: string, name: string) => `${schema}\u0000${name}`;

/** Every schema but Postgres's own (for keys and view dependencies, which may cross into private schemas). */
const allSchemas = (n: string) =>
  `${n}.nspname <> all (array['pg_catalog', 'information_schema']) and ${n}.nspname !~ '^pg_(toast|temp_)'`;

const arrayLiteral = (xs: string[]) =>
  `{${xs.map((x) => `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

export async function loadSchemaCache(q: Queryable, schemas: string[]): Promise<SchemaCache> {
  const sch = arrayLiteral(schemas);
  const tablesRes = await q.query<{ schema: string; name: string; kind: string; columns: string }>(
    `select n.nspname as schema, c.relname as name, c.relkind::text as kind,
       coalesce(json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
         'nullable', not a.attnotnull, 'hasDefault', a.atthasdef, 'generated', a.attgenerated <> '',
         'tsvector', exists (with recursive chain(t) as (select a.atttypid union all select ty.typbasetype from pg_type ty join chain on ty.oid = chain.t where ty.typtype = 'd') select 1 from chain where chain.t = 'tsvector'::regtype),
         'default', case when a.attidentity = 'd' then format('nextval(%L)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
           when a.attgenerated = 's' then null
           else coalesce(pg_get_expr(ad.adbin, ad.adrelid), (select dt.typdefault from pg_type dt where dt.oid = a.atttypid and dt.typtype = 'd')) end) order by a.attnum) filter (where a.attname is not null), '[]')::text as columns
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
     where c.relkind in ('r','v','m','f','p') and not c.relispartition and ${allSchemas('n')}
     group by n.nspname, c.relname, c.relkind`,
  );
  // As PostgREST, keys and view dependencies are read in every schema (a view in an exposed schema may read
  // a table of a private one and inherit its foreign keys); only the exposed schemas' tables are served.
  const allTables = new Map<string, Table>();
  const tables = new Map<string, Table>();
  const exposed = new Set(schemas);
  for (const r of tablesRes.rows) {
    const cols = JSON.parse(r.columns) as Column[];
    allTables.set(qkey(r.schema, r.name), {
      schema: r.schema,
      name: r.name,
      kind: r.kind,
      columns: new Map(cols.map((c) => [c.name, c])),
      pk: [],
      uniques: [],
    });
    if (exposed.has(r.schema)) tables.set(qkey(r.schema, r.name), allTables.get(qkey(r.schema, r.name))!);
  }

  // the tables a write may reach SQL from (triggers, rules, views, cascading keys): only writes on them read
  // response.status/headers afterwards (see Table.mayRespond)
  const responding = await q.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r','v','m','f','p') and ${allSchemas('n')} and (c.relkind in ('v','f','p')
        or exists (select 1 from pg_trigger tg where tg.tgrelid = c.oid and not tg.tgisinternal)
        or exists (select 1 from pg_rewrite rw where rw.ev_class = c.oid and rw.rulename <> '_RETURN')
        or exists (select 1 from pg_constraint fk where fk.contype = 'f' and fk.confrelid = c.oid
          and (fk.confdeltype not in ('a', 'r') or fk.confupdtype not in ('a', 'r'))))`,
  );
  for (const r of responding.rows) {
    const t = allTables.get(qkey(r.schema, r.name));
    if (t) t.mayRespond = true;
  }

  const consRes = await q.query<{
    name: string;
    type: string;
    schema: string;
    table: string;
    cols: string;
    ref_schema: string | null;
    ref_table: string | null;
    ref_cols: string | null;
  }>(
    `select con.conname as name, con.contype::text as type, n1.nspname as schema, c1.relname as table,
       (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(n, ord)
          join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n)::text as cols,
       n2.nspname as ref_schema, c2.relname as ref_table,
       (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(n, ord)
          join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n)::text as ref_cols
     from pg_constraint con
     join pg_class c1 on c1.oid = con.conrelid join pg_namespace n1 on n1.oid = c1.relnamespace
     left join pg_class c2 on c2.oid = con.confrelid left join pg_namespace n2 on n2.oid = c2.relnamespace
     where con.contype in ('p','u','f') and ${allSchemas('n1')}
     order by con.conname`,
  );
  const fks: { name: string; table: Table; cols: string[]; ref: Table; refCols: string[]; o2o?: boolean }[] = [];
  for (const c of consRes.rows) {
    const t = allTables.get(qkey(c.schema, c.table));
    if (!t) continue;
    const cols = JSON.parse(c.cols ?? '[]') as string[];
    if (c.type === 'p') t.pk = cols;
    if (c.type === 'p' || c.type === 'u') t.uniques.push(cols);
    if (c.type === 'f' && c.ref_schema && c.ref_table) {
      const ref = allTables.get(qkey(c.ref_schema, c.ref_table));
      if (ref) fks.push({ name: c.name, table: t, cols, ref, refCols: JSON.parse(c.ref_cols ?? '[]') as string[] });
    }
  }
  // Views: which view column is which base-table column, so the base table's foreign keys carry over to
  // the view, also through renamed columns (as PostgREST does). A view column naming a column the view
  // reads is taken to be it; the view's query tree (its target entries' resorigtbl/resorigcol, which
  // PostgREST reads too) maps renamed ones.
  const viewRes = await q.query<{
    schema: string;
    view: string;
    vcol: string;
    tschema: string;
    table: string;
    col: string;
  }>(
    `select distinct vn.nspname as schema, v.relname as view, a.attname as vcol, tn.nspname as tschema, t.relname as table, a.attname as col
     from pg_class v join pg_namespace vn on vn.oid = v.relnamespace
     join pg_rewrite r on r.ev_class = v.oid
     join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
     join pg_class t on t.oid = d.refobjid and t.oid <> v.oid join pg_namespace tn on tn.oid = t.relnamespace
     join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where v.relkind in ('v', 'm') and ${allSchemas('vn')}
     union
     select vn.nspname, v.relname, m[1], tn.nspname, t.relname, a.attname
     from pg_class v join pg_namespace vn on vn.oid = v.relnamespace
     join pg_rewrite r on r.ev_class = v.oid,
     lateral regexp_matches(r.ev_action::text, ':resname (\\S+) :ressortgroupref \\d+ :resorigtbl (\\d+) :resorigcol (\\d+)', 'g') m
     join pg_class t on t.oid = m[2]::oid join pg_namespace tn on tn.oid = t.relnamespace
     join pg_attribute a on a.attrelid = t.oid and a.attnum = m[3]::int
     where v.relkind in ('v', 'm') and ${allSchemas('vn')} and t.oid <> v.oid`,
  );
  // base table → view → (base column → view column); a same-named view column wins over a renamed one
  const viewsOf = new Map<Table, Map<Table, Map<string, string[]>>>();
  for (const r of viewRes.rows) {
    const v = allTables.get(qkey(r.schema, r.view));
    const t = allTables.get(qkey(r.tschema, r.table));
    if (!v || !t || !v.columns.has(r.vcol)) continue;
    // a base column a view shows more than once (`select id as a, id as b`) is each of them (PostgREST)
    const m = viewsOf.get(t) ?? new Map<Table, Map<string, string[]>>();
    const cols = m.get(v) ?? new Map<string, string[]>();
    const seenAs = cols.get(r.col) ?? [];
    if (!seenAs.includes(r.vcol)) seenAs.push(r.vcol);
    cols.set(r.col, seenAs);
    m.set(v, cols);
    viewsOf.set(t, m);
  }
  // a table's columns as seen by every view over it, also through chains of views (view of a view …)
  const alias = (t: Table, cols: string[], seen = new Set<string>()): { table: Table; cols: string[] }[] => {
    const out = [{ table: t, cols }];
    for (const [v, c] of viewsOf.get(t) ?? new Map<Table, Map<string, string[]>>()) {
      if (!cols.every((x) => c.has(x))) continue;
      let combos: string[][] = [[]];
      for (const x of cols) combos = combos.flatMap((pre) => c.get(x)!.map((vc) => [...pre, vc]));
      for (const combo of combos) {
        const k = `${qkey(v.schema, v.name)}\u0000${combo.join('\u0000')}`;
        if (seen.has(k)) continue;
        seen.add(k);
        out.push(...alias(v, combo, seen));
      }
    }
    return out;
  };
  const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));
  // views carry their base table's primary key when they show all its columns (PostgREST's addViewPrimaryKeys)
  for (const t of allTables.values()) {
    if (!t.pk.length || t.kind === 'v' || t.kind === 'm') continue;
    for (const v of alias(t, t.pk).slice(1)) if (!v.table.pk.length) v.table.pk = v.cols;
  }
  // a view's relationship keeps the cardinality of the foreign key it comes from
  for (const fk of fks) fk.o2o = fk.table.uniques.some((u) => sameSet(u, fk.cols));
  for (const fk of [...fks]) {
    for (const src of alias(fk.table, fk.cols)) {
      for (const dst of alias(fk.ref, fk.refCols)) {
        if (src.table !== fk.table || dst.table !== fk.ref)
          fks.push({ ...fk, table: src.table, cols: src.cols, ref: dst.table, refCols: dst.cols });
      }
    }
  }
  const rels = new Map<string, Relationship[]>();
  const addRel = (r: Relationship) => {
    const k = qkey(r.table.schema, r.table.name);
    const list = rels.get(k) ?? [];
    list.push(r);
    rels.set(k, list);
  };
  for (const fk of fks) {
    const oneToOne = !!fk.o2o;
    const pairs = fk.cols.map((c, i): [string, string] => [c, fk.refCols[i]!]);
    const isSelf = fk.table === fk.ref;
    addRel({
      cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
      table: fk.table,
      foreign: fk.ref,
      constraint: fk.name,
      cols: pairs,
      isSelf,
    });
    addRel({
      cardinality: oneToOne ? 'one-to-one' : 'one-to-many',
      table: fk.ref,
      foreign: fk.table,
      constraint: fk.name,
      cols: pairs.map(([a, b]): [string, string] => [b, a]),
      isSelf,
    });
  }
  // many-to-many: a junction with two many-to-one foreign keys whose columns are all in its primary key
  for (const j of allTables.values()) {
    const out = fks.filter((f) => f.table === j && !f.o2o);
    for (const f1 of out) {
      for (const f2 of out) {
        if (f1 === f2) continue;
        const jtCols = [...f1.cols, ...f2.cols];
        if (!jtCols.every((c) => j.pk.includes(c))) continue;
        addRel({
          cardinality: 'many-to-many',
          table: f1.ref,
          foreign: f2.ref,
          constraint: f1.name,
          cols: [],
          junction: {
            table: j,
            cons1: f1.name,
            cons2: f2.name,
            srcCols: f1.cols.map((c, i): [string, string] => [c, f1.refCols[i]!]),
            tgtCols: f2.cols.map((c, i): [string, string] => [c, f2.refCols[i]!]),
          },
          isSelf: f1.ref === f2.ref,
        });
      }
    }
  }

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
  const computed: SchemaCache['computed'] = new Map();
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
      addRel({
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

  const settingsRes = await q.query<{ role: string; key: string; value: string }>(
    `select r.rolname as role, split_part(c, '=', 1) as key, substr(c, strpos(c, '=') + 1) as value
     from pg_db_role_setting s join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) c
     where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
     order by s.setdatabase`,
  );
  const roleSettings = new Map<string, Record<string, string>>();
  for (const s of settingsRes.rows) roleSettings.set(s.role, { ...(roleSettings.get(s.role) ?? {}), [s.key]: s.value });
  const rolesRes = await q.query<{ rolname: string }>(
    `select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid join pg_roles u on u.oid = m.member where u.rolname = 'authenticator'`,
  );
  // As PostgREST's removeInternal: only relationships between exposed tables, through exposed junctions; a
  // computed relationship named as a table overrides the foreign-key relationships to that table.
  for (const [k, list] of rels) {
    const [s0] = k.split('\u0000');
    if (!exposed.has(s0!)) {
      rels.delete(k);
      continue;
    }
    const overridden = new Set(list.filter((r) => r.computed).map((r) => qkey(r.computed!.schema, r.computed!.name)));
    const kept = list.filter(
      (r) =>
        r.computed ||
        (exposed.has(r.foreign.schema) &&
          (!r.junction || exposed.has(r.junction.table.schema)) &&
          !overridden.has(qkey(r.foreign.schema, r.foreign.name))),
    );
    if (kept.length) rels.set(k, kept);
    else rels.delete(k);
  }
  return {
    tables,
    rels,
    routines,
    computed,
    roleSettings,
    apiRoles: new Set(rolesRes.rows.map((r) => r.rolname)),
    mediaHandlers: await loadMediaHandlers(q, sch),
    reps: await loadReps(q),
  };
}

const TRACKING_SQL = `
create schema if not exists _pgrst_cache;
create table if not exists _pgrst_cache.schema_version (id boolean primary key default true check (id), n bigint not null default 0);
insert into _pgrst_cache.schema_version (id, n) values (true, 0) on conflict (id) do nothing;
create or replace function _pgrst_cache.bump() returns event_trigger language plpgsql security definer set search_path = '' as $$
begin
  if current_setting('transaction_read_only') = 'on' then return; end if;
  update _pgrst_cache.schema_version set n = n + 1 where id; -- qualified: safeupdate (pg/safe-writes) refuses a bare UPDATE
end $$;
do $$ begin
  if not exists (select 1 from pg_event_trigger where evtname = '_pgrst_cache_ddl') then
    create event trigger _pgrst_cache_ddl on ddl_command_end execute function _pgrst_cache.bump();
  end if;
  if not exists (select 1 from pg_event_trigger where evtname = '_pgrst_cache_drop') then
    create event trigger _pgrst_cache_drop on sql_drop execute function _pgrst_cache.bump();
  end if;
end $$;
grant usage on schema _pgrst_cache to public;
grant select on _pgrst_cache.schema_version to public;
`;

export class SchemaCacheManager {
  cache: SchemaCache | null = null;
  /** The DDL counter the cache was read at (null when DDL is not tracked). */
  version: string | null = null;
  /** Whether the DDL event trigger is installed (else the cache is re-read on every request). */
  readonly tracking: Promise<boolean>;

  constructor(
    db: Db,
    private readonly schemas: string[],
    log: (m: string) => void,
  ) {
    this.tracking = db.exec(TRACKING_SQL).then(
      () => true,
      (e: unknown) => {
        log(
          `[rest] no DDL tracking (${e instanceof Error ? e.message : String(e)}); the schema cache is re-read on every request`,
        );
        return false;
      },
    );
  }

  /** Reads the cache inside the caller's transaction and remembers it as of DDL counter `version`. */
  async load(tx: Queryable, version: string | null): Promise<SchemaCache> {
    const c = await loadSchemaCache(tx, this.schemas);
    this.cache = c;
    this.version = version;
    return c;
  }
}

/** The DDL counter, readable by every role (a scalar subquery for the request prelude). */
export const VERSION_SQL = '(select n::text from _pgrst_cache.schema_version)';
