// Derives hosted Supabase's catalogue facts (roles, memberships, role and database settings, default ACLs,
// schema owners, the auth/storage/realtime tables) from the upstream sources, by running them: a throwaway
// PostgreSQL server whose bootstrap superuser is `supabase_admin` (as hosted's image), then the upstream SQL in
// hosted's order and as hosted's roles, then the catalogue read with catalogue.ts (the queries the test runs
// against the stack). Statements that fail here (extensions this machine lacks: pgjwt, pgsodium, pg_graphql,
// pg_net…, and what depends on them) are skipped and recorded in the facts file.
//
//   pnpm --filter @guestmap/local-stack hosted-catalogue -- <sources dir> [--out FILE]
//   (or HOSTED_SRC=<sources dir>)
//
// <sources dir> holds one checkout per repository: postgres/ (supabase/postgres), auth/ (supabase/auth),
// storage/ (supabase/storage), realtime/ (supabase/realtime). Each one's commit is read from `<name>/.commit`
// or, for a git work tree, `git rev-parse HEAD`. A checkout assembled from files of several commits (README.md,
// "An assembled checkout") says which in `<name>/.sources.json`, copied into the facts as `assembled`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPgServer, type PgServer } from '../../testing/pg-server.ts';
import { readCatalogue, type CatalogueFacts } from './catalogue.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FACTS_FILE = path.join(here, 'hosted-catalogue.json');

export interface Skipped {
  file: string;
  statement: string;
  error: string;
}

export interface FactsFile {
  about: string;
  sources: Record<string, { repository: string; commit: string; files: string; assembled?: unknown }>;
  skipped: Skipped[];
  catalogue: CatalogueFacts;
}

const REPOS = {
  postgres: 'supabase/postgres',
  auth: 'supabase/auth',
  storage: 'supabase/storage',
  realtime: 'supabase/realtime',
} as const;
type Source = keyof typeof REPOS;

/**
 * Splits a script into statements at top-level semicolons: quotes, quoted identifiers, dollar quotes and
 * comments are skipped over. Used only when a file does not run whole, to run it statement by statement.
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (ch === '-' && next === '-') {
      const nl = sql.indexOf('\n', i);
      i = nl < 0 ? sql.length : nl + 1;
    } else if (ch === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < sql.length && depth > 0) {
        if (sql[i] === '/' && sql[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (sql[i] === '*' && sql[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
    } else if (ch === "'" || ch === '"') {
      const escapes = ch === "'" && /[eE]/.test(sql[i - 1] ?? '') && !/\w/.test(sql[i - 2] ?? '');
      i++;
      while (i < sql.length) {
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === ch && sql[i + 1] === ch) i += 2;
        else if (sql[i] === ch) break;
        else i++;
      }
      i++;
    } else if (ch === '$') {
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (m && !/\w/.test(sql[i - 1] ?? '')) {
        const end = sql.indexOf(m[0], i + m[0].length);
        i = end < 0 ? sql.length : end + m[0].length;
      } else i++;
    } else if (ch === ';') {
      out.push(sql.slice(start, i));
      start = ++i;
    } else i++;
  }
  out.push(sql.slice(start));
  return out.map((s) => s.trim()).filter((s) => s.replace(/--[^\n]*/g, '').trim() !== '');
}

const oneLine = (s: string, max = 160) => {
  const t = s
    .replace(/--[^\n]*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
};

function commitOf(dir: string): string {
  const file = path.join(dir, '.commit');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(`${dir}: no .commit file and not a git work tree; say which commit it is (see README.md)`);
  }
}

/** The manifest of an assembled checkout (`.sources.json`), if it is one. */
function assembledOf(dir: string): unknown {
  const file = path.join(dir, '.sources.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as unknown) : undefined;
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
function sqlFiles(dir: string, filter: (f: string) => boolean, order = byName): string[] {
  if (!fs.existsSync(dir)) throw new Error(`${dir} is missing: is the checkout complete?`);
  return fs
    .readdirSync(dir)
    .filter(filter)
    .sort(order)
    .map((f) => path.join(dir, f));
}

class Runner {
  skipped: Skipped[] = [];
  constructor(
    private server: PgServer,
    private root: string,
  ) {}

  /** A session as `role`: logged in as it when it may log in (its role settings apply), else SET ROLE. */
  async session(role: string): Promise<pg.Client> {
    const admin = new pg.Client({ connectionString: this.server.url() });
    await admin.connect();
    const { rows } = await admin.query<{ login: boolean }>(
      'select rolcanlogin as login from pg_roles where rolname = $1',
      [role],
    );
    if (!rows[0]) throw new Error(`role ${role} does not exist: an earlier source failed`);
    if (!rows[0].login) {
      await admin.query(`set role "${role}"`);
      return admin;
    }
    await admin.end();
    const url = new URL(this.server.url());
    url.username = role;
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    return c;
  }

  /** Runs a file whole; if it fails, statement by statement, recording (and skipping) those that fail. */
  async run(c: pg.Client, file: string, sql: string): Promise<void> {
    const rel = path.relative(this.root, file);
    process.stderr.write(`${rel}\n`);
    try {
      await c.query(sql);
      return;
    } catch {
      await c.query('rollback').catch(() => undefined);
    }
    for (const stmt of splitStatements(sql)) {
      if (/^(begin|commit|start transaction|end)\b/i.test(oneLine(stmt))) continue;
      try {
        await c.query(stmt);
      } catch (e) {
        await c.query('rollback').catch(() => undefined);
        this.skipped.push({ file: rel, statement: oneLine(stmt), error: (e as Error).message });
      }
    }
  }
}

/** dbmate's files: only the `-- migrate:up` part. */
const upPart = (sql: string) => sql.split(/^-- migrate:down/m)[0]!;

export async function extract(srcDir: string): Promise<FactsFile> {
  const dir = (s: Source) => path.join(srcDir, s);
  const source = (s: Source, files: string): FactsFile['sources'][string] => {
    const assembled = assembledOf(dir(s));
    return { repository: REPOS[s], commit: commitOf(dir(s)), files, ...(assembled === undefined ? {} : { assembled }) };
  };
  for (const s of Object.keys(REPOS) as Source[]) {
    if (!fs.existsSync(dir(s))) throw new Error(`${dir(s)} is missing (a checkout of ${REPOS[s]})`);
  }
  const server = await startPgServer({ superuser: 'supabase_admin' });
  const runner = new Runner(server, srcDir);
  try {
    // supabase/postgres migrations/db/migrate.sh: `postgres` is created as a superuser, the init scripts run as
    // it, the migrations as supabase_admin (the first of them demotes postgres).
    let c = await runner.session('supabase_admin');
    await c.query(`create role postgres superuser login; alter database postgres owner to postgres`);
    await c.end();
    const db = path.join(dir('postgres'), 'migrations/db');
    c = await runner.session('postgres');
    for (const f of sqlFiles(path.join(db, 'init-scripts'), (f) => f.endsWith('.sql'))) {
      await runner.run(c, f, upPart(fs.readFileSync(f, 'utf8')));
    }
    await c.end();
    c = await runner.session('supabase_admin');
    for (const f of sqlFiles(path.join(db, 'migrations'), (f) => f.endsWith('.sql'))) {
      await runner.run(c, f, upPart(fs.readFileSync(f, 'utf8')));
    }
    await c.end();

    // supabase/auth: GoTrue runs its migrations as supabase_auth_admin with the namespace `auth`.
    c = await runner.session('supabase_auth_admin');
    for (const f of sqlFiles(path.join(dir('auth'), 'migrations'), (f) => f.endsWith('.up.sql'))) {
      const sql = fs.readFileSync(f, 'utf8').replace(/\{\{\s*index \.Options "Namespace"\s*\}\}/g, 'auth');
      await runner.run(c, f, sql);
    }
    await c.end();

    // supabase/storage: tenant migrations in order of their number, as supabase_storage_admin, with the
    // settings its migrator sets (src/internal/database/migrations/migrate.ts; hosted's storage is multitenant:
    // its analytics/iceberg tables live in the multitenant database, not the project's).
    c = await runner.session('supabase_storage_admin');
    await c.query(`set search_path to storage, public, extensions;
      select set_config('storage.install_roles', 'false', false), set_config('storage.multitenant', 'true', false),
             set_config('storage.anon_role', 'anon', false),
             set_config('storage.authenticated_role', 'authenticated', false),
             set_config('storage.service_role', 'service_role', false),
             set_config('storage.super_user', 'postgres', false)`);
    const num = (f: string) => Number(/^(\d+)/.exec(f)?.[1] ?? NaN);
    for (const f of sqlFiles(
      path.join(dir('storage'), 'migrations/tenant'),
      (f) => f.endsWith('.sql'),
      (a, b) => num(a) - num(b),
    )) {
      await runner.run(c, f, fs.readFileSync(f, 'utf8'));
    }
    await c.end();

    // supabase/realtime: a new tenant on PostgreSQL 15 gets priv/repo/tenant_db_dump_15.sql, the dump of its
    // tenant migrations (lib/realtime/tenants/migrations.ex, load_db_dump), run as supabase_admin.
    c = await runner.session('supabase_admin');
    const dump = path.join(dir('realtime'), 'priv/repo/tenant_db_dump_15.sql');
    if (!fs.existsSync(dump)) throw new Error(`${dump} is missing`);
    await runner.run(
      c,
      dump,
      fs
        .readFileSync(dump, 'utf8')
        .split('\n')
        .filter((l) => !l.startsWith('\\'))
        .join('\n'),
    );
    await c.end();

    c = new pg.Client({ connectionString: server.url() });
    await c.connect();
    const catalogue = await readCatalogue(<T>(sql: string) => c.query(sql) as unknown as Promise<{ rows: T[] }>);
    await c.end();
    return {
      about:
        'Hosted Supabase catalogue facts, derived by local-stack/conformance/hosted-catalogue/extract.ts ' +
        '(README.md there); compared with the stack by tests/conformance/hosted-catalogue.test.ts.',
      sources: {
        postgres: source('postgres', 'migrations/db/init-scripts/*.sql, migrations/db/migrations/*.sql'),
        auth: source('auth', 'migrations/*.up.sql'),
        storage: source('storage', 'migrations/tenant/*.sql'),
        realtime: source('realtime', 'priv/repo/tenant_db_dump_15.sql'),
      },
      skipped: runner.skipped,
      catalogue,
    };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const outAt = args.indexOf('--out');
  const out = outAt >= 0 ? args.splice(outAt, 2)[1]! : FACTS_FILE;
  const src = args[0] ?? process.env.HOSTED_SRC;
  if (!src) {
    console.error('usage: extract.ts <sources dir> [--out FILE]   (or HOSTED_SRC=<sources dir>); see README.md');
    process.exit(2);
  }
  const facts = await extract(path.resolve(src));
  fs.writeFileSync(out, JSON.stringify(facts, null, 2) + '\n');
  console.error(`${out}: ${facts.skipped.length} statements skipped`);
}
