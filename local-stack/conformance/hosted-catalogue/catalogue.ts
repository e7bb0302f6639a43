// The catalogue facts compared with hosted Supabase's (issue 42, item 2): read from a live database by the
// same queries whether it is the throwaway server extract.ts builds from the upstream sources or a running
// stack (tests/conformance/hosted-catalogue.test.ts), then flattened into one line per fact and compared.

/** Whatever runs one read: a pg client, the stack's Db. */
export type Query = <T>(sql: string) => Promise<{ rows: T[] }>;

export interface RoleFacts {
  superuser: boolean;
  inherit: boolean;
  createrole: boolean;
  createdb: boolean;
  login: boolean;
  replication: boolean;
  bypassrls: boolean;
}

export interface ColumnFacts {
  type: string;
  nullable: boolean;
}

export interface TableFacts {
  rls: boolean;
  columns: Record<string, ColumnFacts>;
}

export interface CatalogueFacts {
  /** Every role but PostgreSQL's own `pg_*` ones. */
  roles: Record<string, RoleFacts>;
  /** `role <- member` (with ` (admin)` when the member may grant it on), members other than `pg_*` roles. */
  memberships: string[];
  /** `pg_db_role_setting` of each role, for all databases or (key suffixed ` (this database)`) this one. */
  roleSettings: Record<string, Record<string, string>>;
  /** `ALTER DATABASE … SET` of this database. */
  databaseSettings: Record<string, string>;
  /** `pg_default_acl` entries granting something to an API role: `owner | schema | object type | grantee` → privileges. */
  defaultAcls: Record<string, string>;
  /** Owners of the schemas below (absent: no such schema). */
  schemaOwners: Record<string, string>;
  /** Tables (plain and partitioned, not partitions) of the schemas in TABLE_SCHEMAS. */
  tables: Record<string, TableFacts>;
}

export const OWNED_SCHEMAS = ['auth', 'extensions', 'public', 'realtime', 'storage'];
export const TABLE_SCHEMAS = ['auth', 'realtime', 'storage'];
export const API_ROLES = ['anon', 'authenticated', 'service_role'];

const sorted = <V>(o: Record<string, V>): Record<string, V> =>
  Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
const list = (names: string[]) => names.map((n) => `'${n}'`).join(', ');

export async function readCatalogue(q: Query): Promise<CatalogueFacts> {
  const roles: Record<string, RoleFacts> = {};
  for (const r of (
    await q<{
      rolname: string;
      rolsuper: boolean;
      rolinherit: boolean;
      rolcreaterole: boolean;
      rolcreatedb: boolean;
      rolcanlogin: boolean;
      rolreplication: boolean;
      rolbypassrls: boolean;
    }>(`select rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin, rolreplication, rolbypassrls
          from pg_roles where rolname !~ '^pg_'`)
  ).rows) {
    roles[r.rolname] = {
      superuser: r.rolsuper,
      inherit: r.rolinherit,
      createrole: r.rolcreaterole,
      createdb: r.rolcreatedb,
      login: r.rolcanlogin,
      replication: r.rolreplication,
      bypassrls: r.rolbypassrls,
    };
  }

  const memberships = (
    await q<{ line: string }>(
      `select r.rolname || ' <- ' || m.rolname || case when a.admin_option then ' (admin)' else '' end as line
         from pg_auth_members a join pg_roles r on r.oid = a.roleid join pg_roles m on m.oid = a.member
        where m.rolname !~ '^pg_'`,
    )
  ).rows
    .map((r) => r.line)
    .sort();

  const roleSettings: Record<string, Record<string, string>> = {};
  const databaseSettings: Record<string, string> = {};
  for (const s of (
    await q<{ role: string | null; here: boolean; key: string; value: string }>(
      `select r.rolname as role, s.setdatabase <> 0 as here,
              split_part(c, '=', 1) as key, substr(c, strpos(c, '=') + 1) as value
         from pg_db_role_setting s left join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) c
        where s.setdatabase in (0, (select oid from pg_database where datname = current_database()))`,
    )
  ).rows) {
    if (s.role === null) {
      if (s.here) databaseSettings[s.key] = s.value;
      continue;
    }
    (roleSettings[s.role] ??= {})[s.here ? `${s.key} (this database)` : s.key] = s.value;
  }
  for (const k of Object.keys(roleSettings)) roleSettings[k] = sorted(roleSettings[k]!);

  const defaultAcls: Record<string, string> = {};
  for (const a of (
    await q<{ key: string; privs: string }>(
      `select o.rolname || ' | ' || coalesce(n.nspname, '(all schemas)') || ' | ' ||
              case d.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences' when 'f' then 'functions'
                when 'T' then 'types' when 'n' then 'schemas' else d.defaclobjtype::text end || ' | ' ||
              g.rolname as key,
              string_agg(x.privilege_type || case when x.is_grantable then ' (grantable)' else '' end, ', '
                         order by x.privilege_type) as privs
         from pg_default_acl d
         join pg_roles o on o.oid = d.defaclrole
         left join pg_namespace n on n.oid = d.defaclnamespace
         cross join lateral aclexplode(d.defaclacl) x
         join pg_roles g on g.oid = x.grantee
        where g.rolname in (${list(API_ROLES)})
        group by 1`,
    )
  ).rows) {
    defaultAcls[a.key] = a.privs;
  }

  const schemaOwners: Record<string, string> = {};
  for (const s of (
    await q<{ nspname: string; owner: string }>(
      `select n.nspname, r.rolname as owner from pg_namespace n join pg_roles r on r.oid = n.nspowner
        where n.nspname in (${list(OWNED_SCHEMAS)})`,
    )
  ).rows) {
    schemaOwners[s.nspname] = s.owner;
  }

  const tables: Record<string, TableFacts> = {};
  for (const c of (
    await q<{ tbl: string; rls: boolean; col: string | null; type: string | null; notnull: boolean | null }>(
      `select n.nspname || '.' || c.relname as tbl, c.relrowsecurity as rls,
              a.attname as col, a.attnotnull as notnull,
              -- Types outside pg_catalog with their schema, whatever the session's search_path.
              case when bn.nspname = 'pg_catalog' then format_type(a.atttypid, a.atttypmod)
                   else bn.nspname || '.' || b.typname || case when b.oid <> t.oid then '[]' else '' end end as type
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         left join pg_type t on t.oid = a.atttypid
         left join pg_type b on b.oid = case when t.typcategory = 'A' then t.typelem else t.oid end
         left join pg_namespace bn on bn.oid = b.typnamespace
        where n.nspname in (${list(TABLE_SCHEMAS)}) and c.relkind in ('r', 'p') and not c.relispartition`,
    )
  ).rows) {
    const t = (tables[c.tbl] ??= { rls: c.rls, columns: {} });
    if (c.col !== null) t.columns[c.col] = { type: c.type!, nullable: !c.notnull };
  }
  for (const t of Object.values(tables)) t.columns = sorted(t.columns);

  return {
    roles: sorted(roles),
    memberships,
    roleSettings: sorted(roleSettings),
    databaseSettings: sorted(databaseSettings),
    defaultAcls: sorted(defaultAcls),
    schemaOwners: sorted(schemaOwners),
    tables: sorted(tables),
  };
}

const ROLE_ATTRS: [keyof RoleFacts, string][] = [
  ['superuser', 'superuser'],
  ['inherit', 'inherit'],
  ['createrole', 'createrole'],
  ['createdb', 'createdb'],
  ['login', 'login'],
  ['replication', 'replication'],
  ['bypassrls', 'bypassrls'],
];

/**
 * One line per fact: key → value. Facts under a role or table one side lacks are left out (the role or
 * table itself is the one difference), so a missing table is one line, not one per column.
 */
export function flatten(f: CatalogueFacts, other?: CatalogueFacts): Map<string, string> {
  const out = new Map<string, string>();
  const roleOnBoth = (r: string) => !other || (r in f.roles && r in other.roles);
  for (const [name, r] of Object.entries(f.roles)) {
    out.set(`role ${name}`, ROLE_ATTRS.map(([k, word]) => (r[k] ? word : `no${word}`)).join(' '));
  }
  for (const m of f.memberships) {
    const [role, rest] = m.split(' <- ') as [string, string];
    const member = rest.replace(/ \(admin\)$/, '');
    if (!roleOnBoth(role) || !roleOnBoth(member)) continue;
    out.set(`member ${role} <- ${member}`, rest.endsWith(' (admin)') ? 'with admin option' : 'granted');
  }
  for (const [role, settings] of Object.entries(f.roleSettings)) {
    if (!roleOnBoth(role)) continue;
    for (const [k, v] of Object.entries(settings)) out.set(`role setting ${role}: ${k}`, v);
  }
  for (const [k, v] of Object.entries(f.databaseSettings)) out.set(`database setting ${k}`, v);
  for (const [k, v] of Object.entries(f.defaultAcls)) {
    const owner = k.split(' | ')[0]!;
    if (!roleOnBoth(owner)) continue;
    out.set(`default acl ${k}`, v);
  }
  for (const [k, v] of Object.entries(f.schemaOwners)) out.set(`schema owner ${k}`, v);
  for (const [name, t] of Object.entries(f.tables)) {
    out.set(`table ${name}`, t.rls ? 'rls on' : 'rls off');
    if (other && !(name in other.tables)) continue;
    for (const [col, c] of Object.entries(t.columns)) {
      out.set(`column ${name}.${col}`, `${c.type}${c.nullable ? '' : ' not null'}`);
    }
  }
  return out;
}

/**
 * The differences between hosted's facts and the stack's, one line each, sorted:
 * `<key>: hosted <value> | stack <value>` (`(none)` where a side lacks it).
 */
export function differences(hosted: CatalogueFacts, stack: CatalogueFacts): string[] {
  const h = flatten(hosted, stack);
  const s = flatten(stack, hosted);
  const lines: string[] = [];
  for (const key of new Set([...h.keys(), ...s.keys()])) {
    const hv = h.get(key);
    const sv = s.get(key);
    if (hv !== sv) lines.push(`${key}: hosted ${hv ?? '(none)'} | stack ${sv ?? '(none)'}`);
  }
  return lines.sort();
}
