// SchemaCache/Table (PostgREST's PostgREST.SchemaCache.Table and Identifiers): the tables, views, foreign and
// partitioned tables of the database with their columns (types, defaults), primary and unique keys, and the
// foreign keys between them, read from pg_catalog; `qkey` names a relation or function in the cache's maps.
import type { Queryable } from '../../db/db.ts';

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

/** A foreign key as pg_catalog has it: the columns of `table` that reference `refCols` of `ref`. */
export interface ForeignKey {
  name: string;
  table: Table;
  cols: string[];
  ref: Table;
  refCols: string[];
  /** Its columns are a key of `table` too: a one-to-one relationship. */
  o2o?: boolean;
}

export const qkey = (schema: string, name: string) => `${schema}\u0000${name}`;

/** Every schema but Postgres's own (for keys and view dependencies, which may cross into private schemas). */
export const allSchemas = (n: string) =>
  `${n}.nspname <> all (array['pg_catalog', 'information_schema']) and ${n}.nspname !~ '^pg_(toast|temp_)'`;

/**
 * Every table (`all`, keyed by qkey) with its columns, keys and whether a write on it may set response GUCs, the
 * exposed schemas' ones (`exposed`: the only ones served), and the foreign keys between any of them.
 */
export async function loadTables(
  q: Queryable,
  schemas: string[],
): Promise<{ all: Map<string, Table>; exposed: Map<string, Table>; fks: ForeignKey[] }> {
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
  const fks: ForeignKey[] = [];
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
  return { all: allTables, exposed: tables, fks };
}
