// Change capture for postgres_changes without logical decoding: every table in publication
// `supabase_realtime` gets an AFTER row trigger that writes the change into `_realtime.changes`
// and NOTIFYs only its id (NOTIFY payloads are capped at 8 KB; rows are not). NOTIFY is sent at
// commit, so rolled-back changes are never seen. The dispatcher drains (deletes) the queue.
// Works on PGlite (one connection) and on a PostgreSQL server alike.
import type { Db } from '../../db/db.ts';

export const NOTIFY_CHANNEL = 'realtime_changes';
const TRIGGER = '_realtime_capture';

const INSTALL_SQL = `
create schema if not exists _realtime;
revoke all on schema _realtime from public;
create table if not exists _realtime.changes (
  id bigserial primary key,
  relid oid not null,
  schema_name text not null,
  table_name text not null,
  op text not null,
  record jsonb,
  old_record jsonb,
  columns jsonb not null,
  pk text[] not null,
  rls boolean not null,
  identity_full boolean not null,
  commit_timestamp text not null
);
revoke all on _realtime.changes from public;
create or replace function _realtime.capture() returns trigger
language plpgsql security definer set search_path = '' as $fn$
declare
  new_id bigint;
  cols jsonb;
  pkcols text[];
  rel record;
begin
  select coalesce(jsonb_agg(jsonb_build_object('name', a.attname, 'type', t.typname) order by a.attnum), '[]'::jsonb)
    into cols
    from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
   where a.attrelid = tg_relid and a.attnum > 0 and not a.attisdropped;
  select coalesce(array_agg(a.attname::text order by k.ord), '{}')
    into pkcols
    from pg_catalog.pg_index i
    cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
   where i.indrelid = tg_relid and i.indisprimary;
  select c.relrowsecurity, c.relreplident = 'f' as full_identity into rel from pg_catalog.pg_class c where c.oid = tg_relid;
  insert into _realtime.changes (relid, schema_name, table_name, op, record, old_record, columns, pk, rls, identity_full, commit_timestamp)
  values (
    tg_relid, tg_table_schema, tg_table_name, tg_op,
    case when tg_op in ('INSERT', 'UPDATE') then pg_catalog.to_jsonb(new) end,
    case when tg_op in ('UPDATE', 'DELETE') then pg_catalog.to_jsonb(old) end,
    cols, pkcols, rel.relrowsecurity, rel.full_identity,
    pg_catalog.to_char(pg_catalog.now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )
  returning id into new_id;
  perform pg_catalog.pg_notify('${NOTIFY_CHANNEL}', new_id::text);
  return null;
end
$fn$;
revoke all on function _realtime.capture() from public;
`;

export async function installCapture(db: Db): Promise<void> {
  // Serialise concurrent installers on a server (two stacks on one database) with an advisory lock.
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(4242001)');
    await tx.exec(INSTALL_SQL);
  });
}

/**
 * Makes the capture triggers match the publication: adds them to newly published tables and
 * drops them from tables that left it. Cheap when nothing changed (one catalog query).
 */
export async function syncTriggers(db: Db): Promise<Set<string>> {
  const { rows } = await db.query<{ schemaname: string; tablename: string; has_trigger: boolean; published: boolean }>(
    `with pub as (
       select schemaname, tablename from pg_publication_tables where pubname = 'supabase_realtime'
     ), trg as (
       select n.nspname::text as schemaname, c.relname::text as tablename
         from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where t.tgname = '${TRIGGER}'
     )
     select coalesce(pub.schemaname, trg.schemaname)::text as schemaname, coalesce(pub.tablename, trg.tablename)::text as tablename,
            trg.tablename is not null as has_trigger, pub.tablename is not null as published
       from pub full join trg on pub.schemaname = trg.schemaname and pub.tablename = trg.tablename`,
  );
  const published = new Set<string>();
  const changes: string[] = [];
  for (const r of rows) {
    const ident = `${quoteIdent(r.schemaname)}.${quoteIdent(r.tablename)}`;
    if (r.published) published.add(`${r.schemaname}.${r.tablename}`);
    if (r.published && !r.has_trigger) {
      changes.push(
        `create trigger ${TRIGGER} after insert or update or delete on ${ident} for each row execute function _realtime.capture();`,
      );
    } else if (!r.published && r.has_trigger) {
      changes.push(`drop trigger if exists ${TRIGGER} on ${ident};`);
    }
  }
  if (changes.length) {
    await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(4242001)');
      // Re-check inside the lock so two syncs do not both create the same trigger.
      for (const stmt of changes) {
        const m = /on (.+?)( for each row|;)/.exec(stmt)!;
        const exists = await tx.query(
          `select 1 from pg_trigger where tgname = '${TRIGGER}' and tgrelid = $1::regclass`,
          [m[1]],
        );
        const creating = stmt.startsWith('create');
        if (creating === (exists.rows.length === 0)) await tx.exec(stmt);
      }
    });
  }
  return published;
}

export interface CapturedChange {
  id: string;
  relid: string;
  schema_name: string;
  table_name: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  columns: { name: string; type: string }[];
  pk: string[];
  rls: boolean;
  identity_full: boolean;
  commit_timestamp: string;
}

/** Takes (and deletes) up to `limit` queued changes, oldest first. */
export async function drainChanges(db: Db, limit = 200): Promise<CapturedChange[]> {
  const { rows } = await db.query<CapturedChange>(
    `with taken as (
       delete from _realtime.changes where id in (select id from _realtime.changes order by id limit ${limit} for update skip locked)
       returning *
     )
     select id::text, relid::text, schema_name, table_name, op, record, old_record, columns, pk, rls, identity_full, commit_timestamp
       from taken order by taken.id`,
  );
  return rows;
}

export function quoteIdent(s: string): string {
  return '"' + s.replace(/"/g, '""') + '"';
}
