// Loads the scale data set (generate.ts) into a database: the project's bootstrap and migrations (no
// demo seed), then one COPY stream per table in one transaction, on PostgreSQL (through psql) or PGlite
// (COPY FROM '/dev/blob', chunk by chunk).
//
// Row triggers run for the small tables (accounts → profiles, package limits, moderator and prize
// checks). The big ones (plays, points, vouchers, transactions, analytics events) are copied with
// session_replication_role = replica, i.e. with triggers off, foreign keys included. What those
// triggers maintain is then recomputed and what they check is checked:
//   * analytics rollups: private.rebuild_analytics_rollups() (the only state they maintain);
//   * foreign keys: every foreign key of the loaded tables is verified with an anti-join (the load
//     fails if one row has no parent);
//   * partner_transactions_guard: no month is closed in the data, so it has nothing to refuse;
//   * CHECK, NOT NULL and UNIQUE constraints are never disabled.
import { spawn } from 'node:child_process';
import type { Db } from '@guestmap/local-stack/src/db/db.ts';
import { tables, describe, PARTNER_PIN, type ScaleOptions } from './generate.ts';

export type Log = (m: string) => void;

const LOADED = [
  'auth.users',
  'public.customers',
  'public.customer_moderators',
  'public.user_customers',
  'public.activities',
  'public.commission_rates',
  'public.reward_campaigns',
  'public.reward_prizes',
  'public.reward_plays',
  'public.points_ledger',
  'public.vouchers',
  'public.partner_transactions',
  'public.analytics_events',
];

function copySql(table: string, columns: string[], source: string) {
  return `copy ${table} (${columns.map((c) => `"${c}"`).join(', ')}) from ${source}`;
}

/** Loads through psql (PostgreSQL): one script on its stdin, COPY … FROM STDIN per table. */
export async function loadPostgres(url: string, opts: ScaleOptions, log: Log): Promise<void> {
  const psql = spawn('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url], {
    stdio: ['pipe', 'inherit', 'pipe'],
  });
  let stderr = '';
  psql.stderr.on('data', (d) => (stderr += d));
  let failed: Error | null = null;
  psql.stdin.on('error', (e) => (failed = e));
  const done = new Promise<number>((resolve) => psql.on('exit', (code) => resolve(code ?? 1)));
  const write = (s: string) =>
    new Promise<void>((resolve, reject) => {
      if (psql.exitCode !== null || failed) return reject(new Error('psql failed: ' + stderr));
      if (psql.stdin.write(s)) resolve();
      else psql.stdin.once('drain', resolve);
    });
  await write("begin;\nset local guestmap.rate_sync = 'on';\n");
  let replica = false;
  for (const t of tables(opts)) {
    if (!t.triggers && !replica) {
      await write('set local session_replication_role = replica;\n');
      replica = true;
    }
    const started = Date.now();
    await write(`\\echo copy ${t.table}\n${copySql(t.table, t.columns, 'stdin')};\n`);
    for (const chunk of t.chunks()) await write(chunk);
    await write('\\.\n');
    log(`  ${t.table}: generated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await write('set local session_replication_role = origin;\nselect private.rebuild_analytics_rollups();\ncommit;\n');
  psql.stdin.end();
  const code = await done;
  if (code !== 0 || stderr.includes('ERROR')) throw new Error('psql failed: ' + stderr);
}

/** Loads into PGlite (the tenth): COPY FROM '/dev/blob', one chunk at a time, in one transaction. */
export async function loadPglite(db: Db, opts: ScaleOptions, log: Log): Promise<void> {
  const pg = db.pglite!;
  await pg.exec("begin; set local guestmap.rate_sync = 'on';");
  try {
    let replica = false;
    for (const t of tables(opts)) {
      if (!t.triggers && !replica) {
        await pg.exec('set local session_replication_role = replica');
        replica = true;
      }
      const started = Date.now();
      for (const chunk of t.chunks()) {
        await pg.query(copySql(t.table, t.columns, "'/dev/blob'"), [], { blob: new Blob([chunk]) });
      }
      log(`  ${t.table}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await pg.exec('set local session_replication_role = origin; select private.rebuild_analytics_rollups(); commit;');
  } catch (e) {
    await pg.exec('rollback');
    throw e;
  }
}

/** Every foreign key of the loaded tables holds (they were not checked row by row). */
export async function verifyForeignKeys(db: Db): Promise<void> {
  const { rows } = await db.query<{ child: string; parent: string; ccols: string[]; pcols: string[]; name: string }>(
    `select c.conname as name, c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
            array(select quote_ident(a.attname) from unnest(c.conkey) with ordinality k(n, o)
                  join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.o) as ccols,
            array(select quote_ident(a.attname) from unnest(c.confkey) with ordinality k(n, o)
                  join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.o) as pcols
     from pg_constraint c where c.contype = 'f' and c.conrelid::regclass::text = any ($1)`,
    [LOADED.map((t) => t.replace(/^public\./, ''))],
  );
  for (const fk of rows) {
    const on = fk.ccols.map((c, i) => `p.${fk.pcols[i]} = c.${c}`).join(' and ');
    const notNull = fk.ccols.map((c) => `c.${c} is not null`).join(' and ');
    const { rows: bad } = await db.query<{ n: string }>(
      `select count(*)::text as n from ${fk.child} c where ${notNull} and not exists (select 1 from ${fk.parent} p where ${on})`,
    );
    if (bad[0]!.n !== '0') throw new Error(`foreign key ${fk.name} of ${fk.child}: ${bad[0]!.n} rows without a parent`);
  }
}

/** After the load: one PIN for every partner (one bcrypt hash, cost 8 as set_partner_pin), statistics. */
export async function finish(db: Db, log: Log): Promise<void> {
  let t = Date.now();
  await verifyForeignKeys(db);
  log(`  foreign keys verified in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  await db.query(
    `insert into public.partner_pins (activity_id, pin_hash, pin_length, updated_at)
     select a.id, h.hash, 6, now() from public.activities a,
       (select extensions.crypt($1, extensions.gen_salt('bf', 8)) as hash) h
     where a.is_partner and a.customer_id like 'scale-%'
     on conflict (activity_id) do nothing`,
    [PARTNER_PIN],
  );
  t = Date.now();
  await db.exec('vacuum analyze');
  log(`  vacuum analyze in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

export function summary(opts: ScaleOptions): string {
  const s = describe(opts);
  return `${s.hotels} hotels, ${s.cities} cities, ${s.places} places, ${s.users} users, ${s.events} events, ${s.transactions} transactions, ${s.plays} plays; ${new Date(s.start).toISOString().slice(0, 10)} … ${new Date(s.end - 1).toISOString().slice(0, 10)}`;
}
