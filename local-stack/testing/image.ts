// Migrated databases (PGlite images, PostgreSQL templates), made once and reused (issue 40, item 4). A fresh in-memory PGlite runs initdb
// (about 4.5 s on this machine type) and then every migration and the seed (2.5 s more for the app's project),
// and every test file did both for each stack it started. Here the result is dumped once (PGlite's
// `dumpDataDir`) into a file named by a hash of everything that made it: PGlite's version, the stack's
// bootstrap, each migration and seed file (name and content). A later stack loads that file (about 2 s) and
// `migrate` finds nothing left to do (the first stack of a run migrates its own database and dumps it). A changed migration gives another hash, so a stale image is never used.
// The files live in the system's temporary folder and are shared by the test files of a run (each worker
// that misses makes its own and renames it into place: the last rename wins, all are equal).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPglite, openPostgres, type Db } from '../src/db/db.ts';
import {
  HOSTED_COLUMNS_FILE,
  HOSTED_ROLES_FILE,
  listMigrations,
  migrate,
  REALTIME_SCHEMA_FILE,
  SUPAUTILS_FILE,
} from '../src/db/migrate.ts';
import { migrationPlan, type StackOptions } from '../src/stack.ts';
import type { PgServer } from './pg-server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const bootstrapFile = path.join(here, '../src/db/bootstrap.sql');
/** The installed PGlite's version (its package.json, found above its entry point: `exports` hides it). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error('PGlite: package.json not found');
    dir = up;
  }
}

/** Where images are kept (GUESTMAP_PGLITE_IMAGES overrides; "off" makes none). */
export const imagesDir = process.env.GUESTMAP_PGLITE_IMAGES ?? path.join(os.tmpdir(), 'guestmap-pglite-images');

/** The hash naming the database `startStack` would migrate for these options. */
export function imageKey(opts: Pick<StackOptions, 'workdir' | 'configure' | 'seed'>): string {
  const plan = migrationPlan(opts);
  const h = crypto.createHash('sha256');
  const add = (label: string, data: string | Buffer) => h.update(`${label}\0${data.length}\0`).update(data);
  add('pglite', pgliteVersion());
  add('bootstrap', fs.readFileSync(bootstrapFile));
  // Re-run at every start, but part of what an image holds (another checkout's stack must not load it).
  add('realtime', fs.readFileSync(REALTIME_SCHEMA_FILE));
  add('hosted columns', fs.readFileSync(HOSTED_COLUMNS_FILE));
  add('roles', fs.readFileSync(HOSTED_ROLES_FILE));
  add('supautils', fs.readFileSync(SUPAUTILS_FILE));
  for (const m of plan.migrationsDir ? listMigrations(plan.migrationsDir) : [])
    add(`migration ${path.basename(m.file)}`, fs.readFileSync(m.file));
  for (const f of plan.seedFiles.filter((x) => fs.existsSync(x))) add(`seed ${path.basename(f)}`, fs.readFileSync(f));
  return h.digest('hex').slice(0, 32);
}

const images = new Map<string, Promise<Blob>>();

/**
 * An in-memory PGlite database migrated (and seeded) as `startStack` would: loaded from the run's image of it
 * when there is one (about 2 s against 7 for initdb and the app's migrations); else migrated here, dumped as
 * the image for the stacks after it, and used as it is (the first stack pays no more than before).
 */
export async function openMigratedPglite(opts: Pick<StackOptions, 'workdir' | 'configure' | 'seed'>): Promise<Db> {
  const key = imageKey(opts);
  const file = path.join(imagesDir, `${key}.tar`);
  const known = images.get(key);
  if (known) return openPglite(null, { image: await known });
  if (fs.existsSync(file)) {
    const image = Promise.resolve(new Blob([fs.readFileSync(file)]));
    images.set(key, image);
    return openPglite(null, { image: await image });
  }
  let done!: (b: Blob) => void;
  let failed!: (e: unknown) => void;
  const made = new Promise<Blob>((resolve, reject) => ((done = resolve), (failed = reject)));
  made.catch(() => undefined);
  images.set(key, made);
  const db = await openPglite(null);
  try {
    await migrate(db, migrationPlan(opts));
    if (!db.pglite) throw new Error('openMigratedPglite: not a PGlite database');
    const image = await db.pglite.dumpDataDir('none');
    fs.mkdirSync(imagesDir, { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, Buffer.from(await image.arrayBuffer()));
    fs.renameSync(tmp, file);
    done(image);
    return db;
  } catch (e) {
    images.delete(key);
    failed(e);
    await db.close();
    throw e;
  }
}

const templates = new Map<string, Promise<string>>();

/**
 * The same for a PostgreSQL server: a database migrated (and seeded) as `startStack` would, kept on that
 * server as a template named by the same hash, made once (an advisory lock keeps two test files from making
 * it together). Stacks start on `CREATE DATABASE … TEMPLATE` copies of it. Returns the template's name.
 */
export async function migratedTemplate(
  server: PgServer,
  opts: Pick<StackOptions, 'workdir' | 'configure' | 'seed'>,
): Promise<string> {
  const name = `tmpl_${imageKey(opts)}`;
  const memo = `${server.url()} ${name}`;
  let made = templates.get(memo);
  if (!made) {
    made = makeTemplate(server, name, opts);
    templates.set(memo, made);
    made.catch(() => templates.delete(memo));
  }
  return made;
}

async function makeTemplate(
  server: PgServer,
  name: string,
  opts: Pick<StackOptions, 'workdir' | 'configure' | 'seed'>,
): Promise<string> {
  const lock = new pg.Client({ connectionString: server.url() });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rows } = await lock.query('select 1 from pg_database where datname = $1', [name]);
    if (rows.length) return name;
    const building = `${name}_${process.pid}`;
    await server.dropDatabase(building);
    await server.createDatabase(building);
    const db = await openPostgres(server.url(building));
    try {
      await migrate(db, migrationPlan(opts));
    } finally {
      await db.close();
    }
    await lock.query(`alter database "${building}" rename to "${name}"`);
    return name;
  } finally {
    await lock.end();
  }
}
