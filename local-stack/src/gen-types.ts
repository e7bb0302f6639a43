// Generates supabase/types/database.ts from the migrated schema: an in-memory database gets the
// bootstrap and the project's migrations, then the catalog of schema `public` is rendered in the
// shape supabase-js's `Database` generic expects (as `supabase gen types typescript` does).
import fs from 'node:fs';
import path from 'node:path';
import { openDb, type Queryable } from './db/db.ts';
import { migrate } from './db/migrate.ts';

const SCHEMA = 'public';

interface Column {
  rel: string;
  kind: string;
  name: string;
  type: string;
  typtype: string;
  elemType: string | null;
  elemTyptype: string | null;
  notNull: boolean;
  hasDefault: boolean;
  identity: string;
  generated: string;
  updatable: boolean;
}

interface Fk {
  rel: string;
  name: string;
  columns: string[];
  refRel: string;
  refColumns: string[];
  oneToOne: boolean;
}

interface Fn {
  name: string;
  argNames: string[] | null;
  argTypes: string[];
  argModes: string[] | null;
  nDefaults: number;
  returnType: string;
  returnTyptype: string;
  returnRel: string | null;
  returnsSet: boolean;
  tableColumns: { name: string; type: string }[] | null;
}

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const STRING = new Set([
  'text',
  'varchar',
  'bpchar',
  'uuid',
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
  'citext',
  'bytea',
  'inet',
  'cidr',
  'name',
]);

function scalar(type: string, typtype: string | null, enums: Set<string>): string {
  if (typtype === 'e' || enums.has(type)) return `Database["${SCHEMA}"]["Enums"]["${type}"]`;
  if (type === 'bool') return 'boolean';
  if (NUMBER.has(type)) return 'number';
  if (STRING.has(type)) return 'string';
  if (type === 'json' || type === 'jsonb') return 'Json';
  if (type === 'void') return 'undefined';
  if (type === 'record') return 'Record<string, unknown>';
  return 'unknown';
}

function tsType(
  type: string,
  typtype: string,
  elemType: string | null,
  elemTyptype: string | null,
  enums: Set<string>,
): string {
  if (elemType) return `${scalar(elemType, elemTyptype, enums)}[]`;
  return scalar(type, typtype, enums);
}

const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const indent = (text: string, n: number) =>
  text
    .split('\n')
    .map((l) => (l ? ' '.repeat(n) + l : l))
    .join('\n');

export async function renderTypes(db: Queryable): Promise<string> {
  const { rows: enumRows } = await db.query<{ name: string; labels: string[] }>(
    `select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder)::text[] as labels
     from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = $1 group by t.typname order by t.typname`,
    [SCHEMA],
  );
  const enums = new Set(enumRows.map((e) => e.name));

  const { rows: columns } = await db.query<Column>(
    `select c.relname as rel, c.relkind::text as kind, a.attname as name, t.typname as type, t.typtype::text as typtype,
            et.typname as "elemType", et.typtype::text as "elemTyptype",
            a.attnotnull as "notNull", a.atthasdef as "hasDefault", a.attidentity::text as identity, a.attgenerated::text as generated,
            (c.relkind <> 'v' or pg_column_is_updatable(c.oid, a.attnum, false)) as updatable
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     join pg_type t on t.oid = a.atttypid
     left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
     where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm')
     order by c.relname, a.attnum`,
    [SCHEMA],
  );

  const { rows: fks } = await db.query<Fk>(
    `select c.relname as rel, con.conname as name,
            (select array_agg(a.attname order by k.ord)::text[] from unnest(con.conkey) with ordinality k(n, ord)
               join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as columns,
            rc.relname as "refRel",
            (select array_agg(a.attname order by k.ord)::text[] from unnest(con.confkey) with ordinality k(n, ord)
               join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n) as "refColumns",
            exists (select 1 from pg_index i where i.indrelid = con.conrelid and (i.indisunique or i.indisprimary)
                      and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x) = (select array_agg(x order by x) from unnest(con.conkey) x)) as "oneToOne"
     from pg_constraint con
     join pg_class c on c.oid = con.conrelid
     join pg_namespace n on n.oid = c.relnamespace
     join pg_class rc on rc.oid = con.confrelid
     join pg_namespace rn on rn.oid = rc.relnamespace
     where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1
     order by c.relname, con.conname`,
    [SCHEMA],
  );

  const { rows: fns } = await db.query<Fn>(
    `select p.proname as name, p.proargnames::text[] as "argNames",
            coalesce((select array_agg(t.typname order by k.ord)::text[] from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(oid, ord)
               join pg_type t on t.oid = k.oid), '{}') as "argTypes",
            p.proargmodes::text[] as "argModes", p.pronargdefaults as "nDefaults",
            rt.typname as "returnType", rt.typtype::text as "returnTyptype",
            (select c.relname from pg_class c where c.oid = rt.typrelid and c.relkind in ('r', 'v', 'p')) as "returnRel",
            p.proretset as "returnsSet", null as "tableColumns"
     from pg_proc p
     join pg_namespace n on n.oid = p.pronamespace
     join pg_type rt on rt.oid = p.prorettype
     where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
     order by p.proname`,
    [SCHEMA],
  );

  const rels = new Map<string, Column[]>();
  for (const c of columns) {
    if (!rels.has(c.rel)) rels.set(c.rel, []);
    rels.get(c.rel)!.push(c);
  }
  const colType = (c: Column) => tsType(c.type, c.typtype, c.elemType, c.elemTyptype, enums);

  const relationships = (rel: string) => {
    const list = fks.filter((f) => f.rel === rel);
    if (list.length === 0) return 'Relationships: []';
    const items = list.map(
      (f) =>
        `{\n  foreignKeyName: ${JSON.stringify(f.name)}\n  columns: ${JSON.stringify(f.columns)}\n  isOneToOne: ${f.oneToOne}\n  referencedRelation: ${JSON.stringify(f.refRel)}\n  referencedColumns: ${JSON.stringify(f.refColumns)}\n},`,
    );
    return `Relationships: [\n${indent(items.join('\n'), 2)}\n]`;
  };

  const block = (name: string, body: string[]) => `${name}: {\n${indent(body.join('\n'), 2)}\n}`;

  const tableBlock = (rel: string, cols: Column[], isView: boolean) => {
    const row = cols.map((c) => `${key(c.name)}: ${colType(c)}${c.notNull && !isView ? '' : ' | null'}`);
    const parts = [block('Row', row)];
    const writable = !isView || cols.some((c) => c.updatable);
    if (writable) {
      const insert = cols.map((c) => {
        if (c.identity === 'a' || c.generated === 's') return `${key(c.name)}?: never`;
        const optional = !c.notNull || c.hasDefault || c.identity === 'd' || isView;
        return `${key(c.name)}${optional ? '?' : ''}: ${colType(c)}${c.notNull && !isView ? '' : ' | null'}`;
      });
      const update = cols.map((c) =>
        c.identity === 'a' || c.generated === 's'
          ? `${key(c.name)}?: never`
          : `${key(c.name)}?: ${colType(c)}${c.notNull && !isView ? '' : ' | null'}`,
      );
      parts.push(block('Insert', insert), block('Update', update));
    }
    parts.push(relationships(rel));
    return block(key(rel), parts);
  };

  const tables: string[] = [];
  const views: string[] = [];
  for (const [rel, cols] of rels) {
    const isView = cols[0]!.kind === 'v' || cols[0]!.kind === 'm';
    (isView ? views : tables).push(tableBlock(rel, cols, isView));
  }

  const functions: string[] = [];
  for (const f of fns) {
    const names = f.argNames ?? [];
    const modes = f.argModes ?? f.argTypes.map(() => 'i');
    const inputs: { name: string; type: string }[] = [];
    const outputs: { name: string; type: string }[] = [];
    f.argTypes.forEach((t, i) => {
      const arg = { name: names[i] ?? `arg${i}`, type: t };
      if (modes[i] === 'i' || modes[i] === 'b' || modes[i] === 'v') inputs.push(arg);
      if (modes[i] === 'o' || modes[i] === 'b' || modes[i] === 't') outputs.push(arg);
    });
    const firstDefault = inputs.length - f.nDefaults;
    const typOf = (t: string) => {
      const isArray = t.startsWith('_');
      const base = isArray ? t.slice(1) : t;
      const ts = scalar(base, enums.has(base) ? 'e' : null, enums);
      return isArray ? `${ts}[]` : ts;
    };
    const args =
      inputs.length === 0
        ? 'Args: never'
        : block(
            'Args',
            inputs.map((a, i) => `${key(a.name)}${i >= firstDefault ? '?' : ''}: ${typOf(a.type)}`),
          );
    let returns: string;
    let setof: string | null = null;
    if (outputs.length > 0) {
      returns = `${block(
        'Returns',
        outputs.map((o) => `${key(o.name)}: ${typOf(o.type)}`),
      )}${f.returnsSet ? '[]' : ''}`;
    } else if (f.returnRel) {
      const cols = rels.get(f.returnRel) ?? [];
      returns = `${block(
        'Returns',
        cols.map((c) => `${key(c.name)}: ${colType(c)}${c.notNull ? '' : ' | null'}`),
      )}${f.returnsSet ? '[]' : ''}`;
      setof = block('SetofOptions', [
        `from: "*"`,
        `to: ${JSON.stringify(f.returnRel)}`,
        `isOneToOne: ${!f.returnsSet}`,
        `isSetofReturn: ${f.returnsSet}`,
      ]);
    } else {
      returns = `Returns: ${typOf(f.returnType)}${f.returnsSet ? '[]' : ''}`;
    }
    functions.push(block(key(f.name), [args, returns, ...(setof ? [setof] : [])]));
  }

  const enumLines = enumRows.map((e) => `${key(e.name)}: ${e.labels.map((l) => JSON.stringify(l)).join(' | ')}`);
  const none = '{\n  [_ in never]: never\n}';
  const section = (name: string, items: string[]) => (items.length ? block(name, items) : `${name}: ${none}`);

  const schema = block(SCHEMA, [
    section('Tables', tables),
    section('Views', views),
    section('Functions', functions),
    section('Enums', enumLines),
    `CompositeTypes: ${none}`,
  ]);

  const constants = enumRows.map((e) => `${key(e.name)}: [${e.labels.map((l) => JSON.stringify(l)).join(', ')}],`);

  return `// Generated by \`pnpm --filter @guestmap/supabase gen:types\` from supabase/migrations. Do not edit by hand.
// A test (tests/database/90_types.test.ts) fails when this file is out of date.

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  // Tells supabase-js which PostgREST behaviour to type against.
  __InternalSupabase: {
    PostgrestVersion: "14.1"
  }
${indent(schema, 2)}
}

type PublicSchema = Database["${SCHEMA}"]
type TablesAndViews = PublicSchema["Tables"] & PublicSchema["Views"]

/** A row of a table or view: \`Tables<"customers">\`. */
export type Tables<T extends keyof TablesAndViews> = TablesAndViews[T] extends { Row: infer R } ? R : never

/** What an insert into a table accepts: \`TablesInsert<"activities">\`. */
export type TablesInsert<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Insert"]

/** What an update of a table accepts: \`TablesUpdate<"profiles">\`. */
export type TablesUpdate<T extends keyof PublicSchema["Tables"]> = PublicSchema["Tables"][T]["Update"]

/** The values of an enum: \`Enums<"activity_category">\`. */
export type Enums<T extends keyof PublicSchema["Enums"]> = PublicSchema["Enums"][T]

/** Arguments and result of an RPC: \`FunctionArgs<"create_customer">\`. */
export type FunctionArgs<T extends keyof PublicSchema["Functions"]> = PublicSchema["Functions"][T]["Args"]
export type FunctionReturns<T extends keyof PublicSchema["Functions"]> = PublicSchema["Functions"][T]["Returns"]

/** Enum values at run time (for selects and validation). */
export const Constants = {
  ${SCHEMA}: {
    Enums: {
${indent(constants.join('\n'), 6)}
    },
  },
} as const
`;
}

/** Migrates a fresh in-memory database and renders the types (nothing is written). */
export async function renderTypesFromMigrations(workdir: string): Promise<string> {
  const db = await openDb({ dataDir: null });
  try {
    await migrate(db, { migrationsDir: path.join(workdir, 'migrations'), seedFiles: [] });
    return await renderTypes(db);
  } finally {
    await db.close();
  }
}

export async function generateTypes(workdir: string): Promise<void> {
  const out = path.join(workdir, 'types', 'database.ts');
  const text = await renderTypesFromMigrations(workdir);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, text);
  console.log(`Wrote ${path.relative(process.cwd(), out) || out}`);
}
