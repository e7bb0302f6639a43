-- What hosted's supautils lets `postgres` do beyond its privileges, with the platform's lists (supabase/postgres'
-- supautils configuration): create, alter and drop policies, and drop triggers, on the platform tables of
-- `policy_grants` / `drop_trigger_grants` it does not own; create the extensions of `privileged_extensions` that need
-- a superuser. supautils is a C module the embedded database (PGlite) cannot load, so the stack does the same with
-- event triggers, on both databases: when a session of `postgres` starts such a command, the owners of those tables
-- (or the superuser attribute, for CREATE EXTENSION) are lent to postgres inside its transaction and taken back when
-- the command ends; the command's table (or extension) is then checked against the list, and anything outside it
-- fails as hosted refuses it. A failing command rolls the loan back with it. What supautils does that this does
-- not: docs/db.md (the supautils row). Run at every start as supabase_admin (idempotent).
create schema if not exists _supautils;
revoke all on schema _supautils from public;

create or replace function _supautils.table_grants() returns text[] language sql immutable as $$
  select array['auth.audit_log_entries', 'auth.identities', 'auth.refresh_tokens', 'auth.sessions', 'auth.users',
    'realtime.messages', 'storage.buckets', 'storage.migrations', 'storage.objects', 'storage.s3_multipart_uploads',
    'storage.s3_multipart_uploads_parts']
$$;

create or replace function _supautils.privileged_extensions() returns text[] language sql immutable as $$
  select array['address_standardizer', 'address_standardizer_data_us', 'autoinc', 'bloom', 'btree_gin', 'btree_gist',
    'citext', 'cube', 'dblink', 'dict_int', 'dict_xsyn', 'earthdistance', 'fuzzystrmatch', 'hstore', 'http',
    'hypopg', 'index_advisor', 'insert_username', 'intarray', 'isn', 'ltree', 'moddatetime', 'orioledb', 'pg_cron',
    'pg_graphql', 'pg_hashids', 'pg_jsonschema', 'pg_net', 'pg_partman', 'pg_repack', 'pg_stat_monitor',
    'pg_stat_statements', 'pg_tle', 'pg_trgm', 'pg_walinspect', 'pgaudit', 'pgcrypto', 'pgjwt', 'pg_prewarm', 'pgmq',
    'pgroonga', 'pgroonga_database', 'pgrouting', 'pgrowlocks', 'pgstattuple', 'pgsodium', 'pgtap', 'plcoffee',
    'pljava', 'plls', 'plpgsql', 'plpgsql_check', 'plv8', 'postgis', 'postgis_raster', 'postgis_sfcgal',
    'postgis_tiger_geocoder', 'postgis_topology', 'postgres_fdw', 'refint', 'rum', 'seg', 'sslinfo',
    'supabase_vault', 'supautils', 'tablefunc', 'tcn', 'timescaledb', 'tsm_system_rows', 'tsm_system_time',
    'unaccent', 'uuid-ossp', 'vector', 'wrappers']
$$;

-- The roles owning the tables of table_grants.
create or replace function _supautils.owner_roles() returns text[] language sql immutable as $$
  select array['supabase_auth_admin', 'supabase_storage_admin', 'supabase_realtime_admin']
$$;

create or replace function _supautils.lend() returns event_trigger language plpgsql security definer
set search_path = pg_catalog as $$
declare
  r text;
begin
  if session_user::text <> 'postgres' or (select rolsuper from pg_roles where rolname = 'postgres') then
    return;
  end if;
  if tg_tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER') then
    foreach r in array _supautils.owner_roles() loop
      if not pg_has_role('postgres', r, 'member') then
        execute format('grant %I to postgres', r);
        perform set_config('_supautils.lent', concat_ws(',', nullif(current_setting('_supautils.lent', true), ''), r), true);
      end if;
    end loop;
  elsif tg_tag = 'CREATE EXTENSION' then
    alter role postgres superuser;
    perform set_config('_supautils.lent', 'superuser', true);
  end if;
  -- a statement after the grant, so that the command sees it
  perform 1;
end $$;

create or replace function _supautils.take_back() returns event_trigger language plpgsql security definer
set search_path = pg_catalog as $$
declare
  lent text := nullif(current_setting('_supautils.lent', true), '');
  r text;
  c record;
begin
  if lent is null then
    return;
  end if;
  perform set_config('_supautils.lent', '', true);
  if lent = 'superuser' then
    alter role postgres nosuperuser;
    for c in select e.extname, e.extversion from pg_event_trigger_ddl_commands() d join pg_extension e on e.oid = d.objid
        where d.classid = 'pg_extension'::regclass loop
      if not (c.extname = any (_supautils.privileged_extensions())) and not coalesce((select v.trusted
          from pg_available_extension_versions v where v.name = c.extname and v.version = c.extversion), false) then
        raise exception 'permission denied to create extension "%"', c.extname using errcode = '42501',
          hint = 'Must be superuser to create this extension.';
      end if;
    end loop;
  else
    foreach r in array string_to_array(lent, ',') loop
      execute format('revoke %I from postgres', r);
    end loop;
    for c in select p.polrelid::regclass as rel, cl.relname, n.nspname
        from pg_event_trigger_ddl_commands() d join pg_policy p on p.oid = d.objid
        join pg_class cl on cl.oid = p.polrelid join pg_namespace n on n.oid = cl.relnamespace
        where d.classid = 'pg_policy'::regclass
          and pg_get_userbyid(cl.relowner) = any (string_to_array(lent, ','))
          and not (n.nspname || '.' || cl.relname = any (_supautils.table_grants())) loop
      raise exception 'must be owner of table %', c.relname using errcode = '42501';
    end loop;
  end if;
end $$;

-- Drops are seen here (sql_drop fires before ddl_command_end), while the loan still stands.
create or replace function _supautils.check_drop() returns event_trigger language plpgsql security definer
set search_path = pg_catalog as $$
declare
  lent text := nullif(current_setting('_supautils.lent', true), '');
  c record;
begin
  if lent is null or lent = 'superuser' then
    return;
  end if;
  for c in select o.address_names from pg_event_trigger_dropped_objects() o
      where o.object_type in ('policy', 'trigger') loop
    if not (c.address_names[1] || '.' || c.address_names[2] = any (_supautils.table_grants()))
        and pg_get_userbyid((select cl.relowner from pg_class cl join pg_namespace n on n.oid = cl.relnamespace
          where n.nspname = c.address_names[1] and cl.relname = c.address_names[2])) = any (string_to_array(lent, ',')) then
      raise exception 'must be owner of table %', c.address_names[2] using errcode = '42501';
    end if;
  end loop;
end $$;

revoke all on function _supautils.lend(), _supautils.take_back(), _supautils.check_drop() from public;

drop event trigger if exists _supautils_lend;
drop event trigger if exists _supautils_take_back;
drop event trigger if exists _supautils_check_drop;
create event trigger _supautils_lend on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER', 'CREATE EXTENSION')
  execute function _supautils.lend();
create event trigger _supautils_check_drop on sql_drop
  when tag in ('DROP POLICY', 'DROP TRIGGER')
  execute function _supautils.check_drop();
create event trigger _supautils_take_back on ddl_command_end
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER', 'CREATE EXTENSION')
  execute function _supautils.take_back();
