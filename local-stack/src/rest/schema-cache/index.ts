// SchemaCache (PostgREST's PostgREST.SchemaCache): what the REST service knows about the exposed schemas, read
// from pg_catalog by the modules of this folder: tables and columns with their keys (table.ts), relationships
// (relationship.ts), functions, computed fields and computed relationships (routine.ts), data representations
// and media type handlers (representations.ts); here the per-role settings PostgREST applies, the loader, and
// the DDL tracking: the cache is reloaded whenever a DDL event trigger has bumped a counter (read at the start
// of every request, inside its transaction), so tables created after the stack started are seen by the next
// request.
import type { Db, Queryable } from '../../db/db.ts';
import type { MediaHandler } from '../media-type.ts';
import { loadRelationships, removeInternal, type Relationship } from './relationship.ts';
import { loadMediaHandlers, loadReps } from './representations.ts';
import { loadRoutines, type ComputedFields, type Routine } from './routine.ts';
import { loadTables, type Table } from './table.ts';

export { qkey, type Column, type Table } from './table.ts';
export type { Relationship } from './relationship.ts';
export type { ComputedField, Routine, RoutineArg } from './routine.ts';
export { handlerKey, repKey } from './representations.ts';

export interface SchemaCache {
  tables: Map<string, Table>;
  rels: Map<string, Relationship[]>;
  routines: Map<string, Routine[]>;
  /** Computed fields: per table (qkey), functions f(row of it) returning a scalar, usable as a column named f. */
  computed: ComputedFields;
  roleSettings: Map<string, Record<string, string>>;
  /** Roles the API may switch to (those granted to authenticator). */
  apiRoles: Set<string>;
  /** Media type handlers (PostgREST v12+), by handlerKey(relation or function, media type); empty in most projects. */
  mediaHandlers: Map<string, MediaHandler>;
  /** Data representations: implicit casts of a domain to/from json (and from text), by repKey(source, target) type names. */
  reps: Map<string, { schema: string; name: string }>;
}

const arrayLiteral = (xs: string[]) =>
  `{${xs.map((x) => `"${x.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

export async function loadSchemaCache(q: Queryable, schemas: string[]): Promise<SchemaCache> {
  const sch = arrayLiteral(schemas);
  const { all: allTables, exposed: tables, fks } = await loadTables(q, schemas);
  const exposed = new Set(schemas);
  const rels = await loadRelationships(q, allTables, fks);
  const { routines, computed } = await loadRoutines(q, sch, tables, rels);

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
  removeInternal(rels, exposed);
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
