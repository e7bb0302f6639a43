-- The roles of a hosted Supabase database: attributes, memberships, role settings, and who owns and may create in
-- the platform's schemas (as supabase/postgres' init scripts and migrations leave them, up to 2026; docs/db.md,
-- the Roles row). Run at every start, after the bootstrap, by the stack's own connection as the
-- superuser supabase_admin (idempotent), so a database bootstrapped by an earlier stack becomes hosted's too.

-- ─── Roles and attributes ─────────────────────────────────────────────────────────
do $$
declare r text;
begin
  foreach r in array array['postgres', 'anon', 'authenticated', 'service_role', 'authenticator', 'supabase_auth_admin',
    'supabase_storage_admin', 'supabase_realtime_admin', 'dashboard_user', 'supabase_read_only_user',
    'supabase_replication_admin', 'supabase_etl_admin', 'supabase_superuser'] loop
    if not exists (select 1 from pg_roles where rolname = r) then
      execute format('create role %I', r);
    end if;
  end loop;
end $$;
-- `postgres` is the project's role: not a superuser since the platform's "demote postgres" migration.
alter role postgres nosuperuser inherit createrole createdb login replication bypassrls;
alter role anon nosuperuser inherit nocreaterole nocreatedb nologin noreplication nobypassrls;
alter role authenticated nosuperuser inherit nocreaterole nocreatedb nologin noreplication nobypassrls;
alter role service_role nosuperuser inherit nocreaterole nocreatedb nologin noreplication bypassrls;
alter role authenticator nosuperuser noinherit nocreaterole nocreatedb login noreplication nobypassrls;
alter role supabase_auth_admin nosuperuser noinherit nocreaterole nocreatedb login noreplication nobypassrls;
alter role supabase_storage_admin nosuperuser noinherit createrole nocreatedb login noreplication nobypassrls;
-- As supabase/postgres' realtime init script creates it (2026): it may log in and replicate (no password here).
alter role supabase_realtime_admin nosuperuser noinherit createrole nocreatedb login replication nobypassrls;
alter role dashboard_user nosuperuser inherit createrole createdb nologin replication nobypassrls;
-- The platform's own: read-only access for the dashboard and support, and read replicas. No project uses them; they
-- exist so that their names are taken, as on hosted (supautils reserves them; docs/db.md, the supautils row). No password.
alter role supabase_read_only_user nosuperuser inherit nocreaterole nocreatedb login noreplication bypassrls;
alter role supabase_replication_admin nosuperuser inherit nocreaterole nocreatedb login replication nobypassrls;
-- Supabase's ETL (replication to other stores) and the platform's role standing for superuser powers
-- (supabase/postgres' initial schema and 20251215120934_supabase_superuser.sql). No password, no project use.
alter role supabase_etl_admin nosuperuser inherit nocreaterole nocreatedb login replication bypassrls;
alter role supabase_superuser nosuperuser inherit nocreaterole nocreatedb nologin noreplication nobypassrls;

-- ─── Memberships ───────────────────────────────────────────────────────────────────
grant anon, authenticated, service_role to authenticator;
-- Realtime checks policies as the subscriber's role (as hosted's tenant setup grants them).
grant anon, authenticated, service_role to supabase_realtime_admin;
grant authenticator to supabase_storage_admin;
grant pg_read_all_data, pg_signal_backend, pg_monitor to postgres;
grant pg_read_all_data, pg_monitor to supabase_read_only_user, supabase_etl_admin;
grant supabase_superuser to postgres, supabase_etl_admin;
-- PostgreSQL 16 and later: CREATEROLE alone no longer administers other roles; the platform grants the API roles
-- to postgres with ADMIN OPTION there.
do $$ begin
  if current_setting('server_version_num')::int >= 160000 then
    grant anon, authenticated, service_role to postgres with admin option;
  else
    grant anon, authenticated, service_role to postgres;
  end if;
end $$;
-- Revoked on hosted in April 2025 (and never granted to a database bootstrapped by this stack since).
do $$
declare r text;
begin
  foreach r in array array['supabase_admin', 'supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin'] loop
    if exists (select 1 from pg_auth_members where roleid = r::regrole and member = 'postgres'::regrole) then
      execute format('revoke %I from postgres', r);
    end if;
  end loop;
end $$;

-- ─── Role settings (per role; nothing per database) ───────────────────────────────
-- search_path as the platform sets it, the backslash included (hosted's postgres shows `"\$user", public, extensions`).
alter role supabase_admin set search_path to "\$user", public, auth, extensions;
alter role postgres set search_path to "\$user", public, extensions;
alter role supabase_auth_admin set idle_in_transaction_session_timeout to 60000;
alter role supabase_auth_admin set search_path to auth;
alter role supabase_storage_admin set search_path to storage;
alter role supabase_realtime_admin set search_path to public, extensions, realtime;
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
-- Not logged: the platform's own roles (20250205060043_disable_log_statement_on_internal_roles.sql).
alter role supabase_admin set log_statement = none;
alter role supabase_auth_admin set log_statement = none;
alter role supabase_storage_admin set log_statement = none;
-- safeupdate as hosted sets it per role (supabase/postgres 20260403172611 and 20261010094800): on for the Data
-- API's roles, off for postgres, so migrations, the seed and psql as postgres may UPDATE or DELETE without WHERE.
-- Hosted also preloads the library for these roles (session_preload_libraries, local_preload_libraries); the
-- stack cannot name a library it does not have, and its own module (pg/safe-writes, preloaded for the whole
-- server; a function-body scan on PGlite) decides by the role a statement runs as, which gives the same answer:
-- the API roles are refused, postgres is not. README, "Where the local stack differs from hosted".
alter role anon set safeupdate.enabled = 1;
alter role authenticated set safeupdate.enabled = 1;
alter role authenticator set safeupdate.enabled = 1;
alter role postgres set safeupdate.enabled = 0;
do $$ begin
  execute format('alter database %I reset search_path', current_database());
  execute format('grant all on database %I to postgres, dashboard_user', current_database());
  execute format('grant create on database %I to supabase_storage_admin, supabase_realtime_admin', current_database());
end $$;

-- ─── What the project's migrations created before, as the superuser, becomes postgres' ──
-- (a database bootstrapped by an earlier stack ran its migrations as the superuser). The platform's own schemas
-- and the stack's internal ones stay with the superuser.
do $$
declare
  me oid := (select oid from pg_roles where rolname = current_user);
  pg oid := 'postgres'::regrole;
  o record;
begin
  if exists (select 1 from pg_namespace where nspname = 'supabase_migrations' and nspowner = pg) then
    return;
  end if;
  create temporary table _project_schemas on commit drop as
    select n.oid, n.nspname from pg_namespace n
     where n.nspname not like 'pg\_%' and n.nspname not in ('information_schema', 'auth', 'storage', 'realtime',
       'extensions', '_realtime', '_auth', '_pgrst_cache', '_supautils');
  for o in select nspname from _project_schemas where nspname <> 'public'
      and (select nspowner from pg_namespace where oid = _project_schemas.oid) = me loop
    execute format('alter schema %I owner to postgres', o.nspname);
  end loop;
  for o in
    select c.oid::regclass as rel, c.relkind from pg_class c join _project_schemas s on s.oid = c.relnamespace
     where c.relowner = me and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
       -- a sequence a column owns follows its table
       and not (c.relkind = 'S' and exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass
         and d.objid = c.oid and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')))
  loop
    execute format('alter %s %s owner to postgres',
      case o.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'f' then 'foreign table'
        when 'S' then 'sequence' else 'table' end, o.rel);
  end loop;
  for o in select p.oid::regprocedure as fn, p.prokind from pg_proc p join _project_schemas s on s.oid = p.pronamespace
      where p.proowner = me loop
    execute format('alter %s %s owner to postgres',
      case o.prokind when 'p' then 'procedure' when 'a' then 'aggregate' else 'function' end, o.fn);
  end loop;
  for o in select t.oid::regtype as ty from pg_type t join _project_schemas s on s.oid = t.typnamespace
      where t.typowner = me and t.typtype in ('e', 'd', 'c', 'r')
        -- a table's row type follows its table; a composite type of its own does not
        and (t.typtype <> 'c' or (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c') loop
    execute format('alter type %s owner to postgres', o.ty);
  end loop;
end $$;

-- ─── Who owns and may create in the platform's schemas ─────────────────────────────
-- What supabase_storage_admin (storage's migrations) creates in storage is granted to postgres and the API roles
-- (supabase/postgres' storage init script since storage's tables moved to storage's own migrations).
alter default privileges for role supabase_storage_admin in schema storage
  grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage
  grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges for role supabase_storage_admin in schema storage
  grant all on sequences to postgres, anon, authenticated, service_role;
-- auth, storage and realtime belong to supabase_admin; each service's admin role may create in its schema and
-- owns its tables; postgres uses them (and may create policies and triggers where supautils allows:
-- supautils.sql) but creates nothing in them.
alter schema auth owner to supabase_admin;
grant all on schema auth to supabase_auth_admin, dashboard_user;
grant usage on schema auth to postgres, anon, authenticated, service_role;
revoke create on schema auth from postgres;
alter schema storage owner to supabase_admin;
grant all on schema storage to supabase_storage_admin with grant option;
grant usage on schema storage to postgres with grant option;
grant usage on schema storage to anon, authenticated, service_role;
revoke create on schema storage from postgres;
grant all on schema extensions to postgres, dashboard_user;
-- Owned by postgres, as on hosted (its extensions stay supabase_admin's).
alter schema extensions owner to postgres;
grant all on schema public to postgres;
-- The migration history is the CLI's, which creates it as postgres.
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;
alter table supabase_migrations.seed_files owner to postgres;
-- postgres owns the realtime publication (hosted's dumps show it), so migrations add their tables to it.
alter publication supabase_realtime owner to postgres;
