// Bootstraps a database like hosted Supabase and applies a project's migrations (each once,
// tracked in supabase_migrations.schema_migrations as the CLI does), then its seed on a fresh database.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';
import { sqlFileError } from './errors.ts';
import { adoptHostedRoles, applyRoleSettings, runAsPostgres } from './roles.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function bootstrap(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `select to_regclass('supabase_migrations.seed_files') is not null as ok`,
  );
  if (rows[0]?.ok) return false;
  await db.exec(fs.readFileSync(path.join(here, 'bootstrap.sql'), 'utf8'));
  return true;
}

/** Hosted's auth and storage columns the services do not use (yet): idempotent, run on every start. */
export const HOSTED_COLUMNS_FILE = path.join(here, 'hosted-columns.sql');
/** The files run at every start after the bootstrap, as supabase_admin (idempotent); part of a migrated image. */
export const HOSTED_ROLES_FILE = path.join(here, 'hosted-roles.sql');
export const SUPAUTILS_FILE = path.join(here, 'supautils.sql');

/**
 * Makes the database's roles hosted's (hosted-roles.sql), retried when another database of the same server changes
 * the same roles at that moment (roles are the server's, not one database's: "tuple concurrently updated").
 */
export async function applyHostedRoles(db: Db): Promise<void> {
  const sql = fs.readFileSync(HOSTED_ROLES_FILE, 'utf8');
  for (let attempt = 1; ; attempt++) {
    try {
      await db.exec(sql);
      return;
    } catch (e) {
      const m = e instanceof Error ? e.message : String(e);
      if (attempt >= 5 || !/concurrently|duplicate key|already exists/.test(m)) throw e;
      await new Promise((r) => setTimeout(r, 50 * attempt));
    }
  }
}

/**
 * Auth tables added after a database may have been bootstrapped, then hosted's columns of auth and storage
 * tables (idempotent, run on every start).
 */
export async function upgradeAuthSchema(db: Db): Promise<void> {
  await db.exec(fs.readFileSync(path.join(here, 'auth-mfa.sql'), 'utf8'));
  await db.exec(fs.readFileSync(HOSTED_COLUMNS_FILE, 'utf8'));
}

/** Hosted's `realtime` schema (realtime.messages, realtime.topic(), realtime.send()…): idempotent, run on every start. */
export const REALTIME_SCHEMA_FILE = path.join(here, 'realtime-schema.sql');
export async function upgradeRealtimeSchema(db: Db): Promise<void> {
  await db.exec(fs.readFileSync(REALTIME_SCHEMA_FILE, 'utf8'));
}

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

export function listMigrations(migrationsDir: string): MigrationFile[] {
  if (!fs.existsSync(migrationsDir)) return [];
  return fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d+_.*\.sql$/.test(f))
    .sort()
    .map((f) => {
      const m = /^(\d+)_(.*)\.sql$/.exec(f)!;
      return { version: m[1]!, name: m[2]!, file: path.join(migrationsDir, f) };
    });
}

export interface MigrateResult {
  bootstrapped: boolean;
  applied: string[];
  seeded: boolean;
}

export async function migrate(
  db: Db,
  opts: { migrationsDir: string | null; seedFiles?: string[]; log?: (m: string) => void },
): Promise<MigrateResult> {
  const log = opts.log ?? (() => undefined);
  // As supabase_admin: the database as hosted has it before any project migration (docs/db.md, "Start-up").
  await adoptHostedRoles(db);
  const bootstrapped = await bootstrap(db);
  await applyHostedRoles(db);
  await upgradeAuthSchema(db);
  await upgradeRealtimeSchema(db);
  await db.exec(fs.readFileSync(SUPAUTILS_FILE, 'utf8'));
  await db.exec(fs.readFileSync(path.join(here, 'default-privileges.sql'), 'utf8'));
  const { rows } = await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  const done = new Set(rows.map((r) => r.version));
  const applied: string[] = [];
  try {
    // As postgres, each file in its own transaction (roles.ts: runAsPostgres).
    for (const m of opts.migrationsDir ? listMigrations(opts.migrationsDir) : []) {
      if (done.has(m.version)) continue;
      const sql = fs.readFileSync(m.file, 'utf8');
      log(`Applying migration ${path.basename(m.file)}...`);
      await runAsPostgres(db, sql, async (tx) => {
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [m.version, m.name, [sql]],
        );
      }).catch((e: unknown) => {
        throw sqlFileError(db, 'migration', path.basename(m.file), e);
      });
      applied.push(m.version);
    }
    let seeded = false;
    const seeds = (opts.seedFiles ?? []).filter((f) => fs.existsSync(f));
    if (seeds.length) {
      const { rows: done } = await db.query<{ n: number }>(
        'select count(*)::int as n from supabase_migrations.seed_files',
      );
      if (done[0]!.n === 0) {
        for (const file of seeds) {
          const sql = fs.readFileSync(file, 'utf8');
          log(`Seeding data from ${path.basename(file)}...`);
          await runAsPostgres(db, sql, async (tx) => {
            await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [
              path.basename(file),
              crypto.createHash('sha256').update(sql).digest('hex'),
            ]);
          }).catch((e: unknown) => {
            throw sqlFileError(db, 'seed file', path.basename(file), e);
          });
        }
        seeded = true;
      }
    }
    return { bootstrapped, applied, seeded };
  } finally {
    // RESET ALL reset the session's settings: PGlite's one session is the stack's own, which starts as a login of
    // supabase_admin would (a server's pooled connections log in as it).
    if (db.kind === 'pglite') {
      await db.exec('reset all');
      await applyRoleSettings(db, 'supabase_admin', false);
    }
  }
}
