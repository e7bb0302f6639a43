// Who the stack is on its database, as on hosted Supabase: its own connection is the superuser `supabase_admin`
// (as hosted's services and the platform's own migrations are), and a project's migrations and seed run as
// `postgres`, which is not a superuser there (docs/db.md, the Roles row).
import type { Db, Queryable } from './db.ts';
import { StackStartError } from './errors.ts';

/**
 * Before the bootstrap: the database's bootstrap superuser is supabase_admin, and postgres may be made hosted's.
 *
 * PGlite's data directory is made by its own initdb with the bootstrap superuser named `postgres`, and its one
 * session is always that role (single-user mode). The role is renamed to supabase_admin once, from a second
 * superuser's session authorization (a session's own role cannot be renamed), and a new `postgres` is created
 * (hosted-roles.sql gives it hosted's attributes).
 *
 * On a PostgreSQL server the stack connects as a superuser other than postgres (the tests' server is initialised
 * with supabase_admin as its bootstrap superuser, as hosted's is); postgres cannot be demoted when it is the one
 * the stack connects as, or the server's bootstrap superuser.
 */
export async function adoptHostedRoles(db: Db): Promise<void> {
  if (db.kind === 'pglite') {
    const { rows } = await db.query<{ name: string }>('select rolname as name from pg_roles where oid = 10');
    if (rows[0]?.name === 'postgres')
      await db.exec(`
        create role _stack_rename superuser;
        set session authorization _stack_rename;
        alter role postgres rename to supabase_admin;
        set session authorization supabase_admin;
        drop role _stack_rename;
        create role postgres nologin;`);
    // In single-user mode the session's authorization is never set as a setting, so a SET LOCAL SESSION
    // AUTHORIZATION (runAsPostgres) would have nothing to return to at the transaction's end: set it once.
    else await db.exec('set session authorization supabase_admin');
    return;
  }
  const { rows } = await db.query<{ me: string; su: boolean; boot: string }>(
    `select current_user::text as me, (select rolsuper from pg_roles where rolname = current_user) as su,
            (select rolname from pg_roles where oid = 10)::text as boot`,
  );
  const { me, su, boot } = rows[0]!;
  const how =
    "The stack connects as a superuser other than postgres, as hosted's services connect as supabase_admin: " +
    'initialise the server with `initdb -U supabase_admin`, or run `create role supabase_admin superuser login` and ' +
    'put that role in DATABASE_URL; the stack then makes postgres a role without superuser, as on hosted.';
  if (me === 'postgres')
    throw new StackStartError(
      'database',
      `DATABASE_URL connects as "postgres", which on hosted is not a superuser. ${how}`,
    );
  if (!su) throw new StackStartError('database', `DATABASE_URL connects as "${me}", which is not a superuser. ${how}`);
  if (boot === 'postgres')
    throw new StackStartError(
      'database',
      'role "postgres" is the server\'s bootstrap superuser and cannot be made a role without superuser, as ' +
        `hosted's is. ${how}`,
    );
  await db.exec(`do $$ begin
    if not exists (select 1 from pg_roles where rolname = 'supabase_admin') then
      create role supabase_admin superuser;
    end if;
  end $$`);
}

/** The settings a login as `role` starts with (ALTER ROLE … SET, for every database or for this one). */
async function roleSettings(q: Queryable, role: string): Promise<[string, string][]> {
  const { rows } = await q.query<{ c: string }>(
    `select unnest(s.setconfig) as c from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
      where r.rolname = $1 and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
      order by s.setdatabase`,
    [role],
  );
  return rows.map(({ c }) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]);
}

/** Sets `role`'s login settings on this session (or, `local`, for the transaction). */
export async function applyRoleSettings(q: Queryable, role: string, local: boolean): Promise<void> {
  for (const [name, value] of await roleSettings(q, role))
    await q.query('select set_config($1, $2, $3)', [name, value, local]);
}

/**
 * supautils' reserved roles marked `*` (anon, authenticated, service_role, authenticator): hosted lets postgres
 * change their settings (`ALTER ROLE authenticator SET pgrst.db_aggregates_enabled = 'true'`, as Supabase's docs
 * tell projects to), for any setting a user may set and for the superuser-only ones of
 * `privileged_role_allowed_configs`; nothing else about them.
 */
const SETTABLE_ROLES = ['anon', 'authenticated', 'service_role', 'authenticator'];
const ALLOWED_CONFIGS = [
  'auto_explain.log_min_duration',
  'auto_explain.log_nested_statements',
  'log_lock_waits',
  'log_min_messages',
  'pg_net.batch_size',
  'pg_net.ttl',
  'pgaudit.*',
  'pgrst.*',
  'plan_filter.*',
  'safeupdate.enabled',
  'session_replication_role',
  'track_io_timing',
];
const ROLE_SETTING =
  /^[ \t]*alter\s+role\s+"?([a-z_]+)"?\s+(?:in\s+database\s+\S+\s+)?(?:set\s+([a-z_][\w.]*)\s*(?:=|to)\s[^;]*|reset\s+([a-z_][\w.]*))\s*;/gim;

/**
 * The file cut at its statements that change a settable reserved role's allowed setting: those run as the
 * superuser (as supautils lets them), the rest as postgres. Statements inside a `$$` body are left alone.
 */
async function splitRoleSettings(q: Queryable, sql: string): Promise<{ sql: string; admin: boolean }[]> {
  const parts: { sql: string; admin: boolean }[] = [];
  let at = 0;
  for (const m of sql.matchAll(ROLE_SETTING)) {
    const role = m[1]!.toLowerCase();
    const name = (m[2] ?? m[3]!).toLowerCase();
    if (!SETTABLE_ROLES.includes(role) || (sql.slice(0, m.index).match(/\$\$/g)?.length ?? 0) % 2) continue;
    const listed = ALLOWED_CONFIGS.some((c) => (c.endsWith('*') ? name.startsWith(c.slice(0, -1)) : c === name));
    const { rows } = await q.query<{ context: string }>('select context from pg_settings where name = $1', [name]);
    if (!listed && rows[0]?.context !== 'user') continue;
    parts.push({ sql: sql.slice(at, m.index), admin: false }, { sql: m[0], admin: true });
    at = m.index + m[0].length;
  }
  parts.push({ sql: sql.slice(at), admin: false });
  return parts.filter((p) => p.sql.trim());
}

/** A file the migration runner refuses before running it: what hosted's postgres may not do there either. */
function refusal(sql: string): string | null {
  if (/session[\s_]+authorization/i.test(sql))
    return 'permission denied to set session authorization (migrations run as postgres, which is not a superuser)';
  return null;
}

/**
 * Runs one migration or seed file as `supabase db push` does on hosted: in its own transaction, after `RESET ALL`,
 * as `postgres` with postgres' own settings (its search_path `"\$user", public, extensions`); `record` then writes the
 * history row in the same transaction, as postgres. The stack's connection is the superuser: the file runs under
 * `SET LOCAL SESSION AUTHORIZATION postgres`, so every privilege check is postgres'; a file that sets the session
 * authorization itself is refused (hosted's postgres may not), and one that leaves the transaction as someone else fails.
 */
export async function runAsPostgres(db: Db, sql: string, record: (tx: Queryable) => Promise<void>): Promise<void> {
  const refused = refusal(sql);
  if (refused) throw Object.assign(new Error(refused), { code: '42501' });
  await db.transaction(async (tx) => {
    await tx.exec('reset all');
    const settings = await roleSettings(tx, 'postgres');
    const { rows: me } = await tx.query<{ me: string }>('select current_user::text as me');
    const parts = await splitRoleSettings(tx, sql);
    await tx.exec('set local session authorization postgres');
    for (const [name, value] of settings) await tx.query('select set_config($1, $2, true)', [name, value]);
    for (const part of parts) {
      if (!part.admin) {
        await tx.exec(part.sql);
        continue;
      }
      await tx.exec(`set local session authorization ${JSON.stringify(me[0]!.me)}`);
      await tx.exec(part.sql);
      await tx.exec('set local session authorization postgres');
    }
    const { rows } = await tx.query<{ s: string; c: string }>(
      'select session_user::text as s, current_user::text as c',
    );
    if (rows[0]?.s !== 'postgres' || rows[0]?.c !== 'postgres')
      throw Object.assign(new Error(`the file ended as role "${rows[0]?.c}", not as postgres`), { code: '42501' });
    await record(tx);
  });
}
