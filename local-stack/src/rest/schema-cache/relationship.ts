// SchemaCache/Relationship (PostgREST's PostgREST.SchemaCache.Relationship and the relationship part of its
// loader): what an embed may go through. Each foreign key gives a many-to-one relationship and its inverse
// (one-to-one when its columns are a key), carried over to views that show its columns (also renamed, also
// through views of views); a junction table whose primary key holds two foreign keys gives many-to-many.
// Computed relationships (functions) are added by routine.ts.
import type { Queryable } from '../../db/db.ts';
import { allSchemas, qkey, type ForeignKey, type Table } from './table.ts';

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

/** Relationships by the qkey of the table they start from. */
export type Relationships = Map<string, Relationship[]>;

export function addRel(rels: Relationships, r: Relationship): void {
  const k = qkey(r.table.schema, r.table.name);
  const list = rels.get(k) ?? [];
  list.push(r);
  rels.set(k, list);
}

/**
 * The relationships of the foreign keys `fks` between `allTables` (views included); views that show all of a
 * table's primary key get it as theirs (PostgREST's addViewPrimaryKeys).
 */
export async function loadRelationships(
  q: Queryable,
  allTables: Map<string, Table>,
  fks: ForeignKey[],
): Promise<Relationships> {
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
  const rels: Relationships = new Map();
  for (const fk of fks) {
    const oneToOne = !!fk.o2o;
    const pairs = fk.cols.map((c, i): [string, string] => [c, fk.refCols[i]!]);
    const isSelf = fk.table === fk.ref;
    addRel(rels, {
      cardinality: oneToOne ? 'one-to-one' : 'many-to-one',
      table: fk.table,
      foreign: fk.ref,
      constraint: fk.name,
      cols: pairs,
      isSelf,
    });
    addRel(rels, {
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
        addRel(rels, {
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
  return rels;
}

/**
 * As PostgREST's removeInternal: only relationships between exposed tables, through exposed junctions; a
 * computed relationship named as a table overrides the foreign-key relationships to that table.
 */
export function removeInternal(rels: Relationships, exposed: Set<string>): void {
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
}
