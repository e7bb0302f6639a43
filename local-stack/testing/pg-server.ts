// Starts a throwaway PostgreSQL 15 server in a temporary directory for tests that need
// real interleaving transactions. As root it runs the server as the `postgres` OS user
// (the server refuses root). Its bootstrap superuser is `supabase_admin`, as hosted's is (the stack makes the
// `postgres` role hosted's: no superuser). Returns a connection URL (as supabase_admin) and a stop function.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';

export interface PgServer {
  url: (database?: string) => string;
  port: number;
  stop: () => Promise<void>;
  /**
   * A new database; with `template`, a copy of that (migrated) database, its database-level settings included
   * (`CREATE DATABASE … TEMPLATE` copies the tables, not `ALTER DATABASE … SET`).
   */
  createDatabase: (name: string, template?: string) => Promise<string>;
  /** Drops a database, closing its connections. */
  dropDatabase: (name: string) => Promise<void>;
}

function findBin(name: string): string {
  const candidates = [process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : '', `/usr/local/bin/${name}`];
  for (const v of ['18', '17', '16', '15']) candidates.push(`/usr/lib/postgresql/${v}/bin/${name}`);
  for (const c of candidates) if (c && fs.existsSync(c)) return c;
  return name;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function asPg(cmd: string, args: string[]): string[] {
  return isRoot ? ['runuser', '-u', 'postgres', '--', cmd, ...args] : [cmd, ...args];
}

/**
 * Whether the stack's safe-writes module (pg/safe-writes: hosted's safeupdate for the Data API roles) is
 * installed in the server's library folder; the throwaway server preloads it when it is (`.ci/run` builds it).
 */
export function safeWritesModuleInstalled(binDir?: string): boolean {
  let bin = binDir ? path.join(binDir, 'postgres') : findBin('postgres');
  try {
    bin = fs.realpathSync(bin);
  } catch {
    return false;
  }
  const lib = path.resolve(path.dirname(bin), '../lib');
  return fs.existsSync(path.join(lib, 'guestmap_safe_writes.so'));
}

export function postgresAvailable(): boolean {
  try {
    execFileSync(findBin('initdb'), ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * `bin`: the folder of another server's binaries (initdb, postgres, pg_ctl), e.g. PostgreSQL 17's from npm;
 * by default the installed server's (`PG_BIN`, then the newest under /usr/lib/postgresql).
 * `port`: the port to listen on (default: a free one). `maxConnections`: 100 by default; a server shared by the
 * test files of a run (testing/global-setup.ts) needs more. `superuser`: the bootstrap superuser's name
 * (hosted's `supabase_admin` by default, as the stack expects).
 */
export async function startPgServer(
  opts: { port?: number; maxConnections?: number; superuser?: string; bin?: string } = {},
): Promise<PgServer> {
  const superuser = opts.superuser ?? 'supabase_admin';
  const bin = (name: string) => (opts.bin ? path.join(opts.bin, name) : findBin(name));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guestmap-pg-'));
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const [c0, ...a0] = asPg(bin('initdb'), ['-D', data, '-U', superuser, '--auth=trust', '-E', 'UTF8', '--no-locale']);
  execFileSync(c0!, a0, { stdio: 'ignore' });
  const port = opts.port ?? (await freePort());
  const [c1, ...a1] = asPg(bin('postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    `max_connections=${opts.maxConnections ?? 100}`,
    '-c',
    'wal_level=logical',
    ...(safeWritesModuleInstalled(opts.bin) ? ['-c', 'shared_preload_libraries=guestmap_safe_writes'] : []),
  ]);
  const proc = spawn(c1!, a1, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d) => (stderr += d));
  const url = (db = 'postgres') => `postgresql://${superuser}@127.0.0.1:${port}/${db}`;
  const deadline = Date.now() + 20000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const sock = net.connect(port, '127.0.0.1', () => {
        sock.end();
        resolve(true);
      });
      sock.on('error', () => resolve(false));
    });
    if (ok && stderr.includes('ready to accept connections')) break;
    if (Date.now() > deadline) throw new Error('PostgreSQL did not start: ' + stderr);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    ...(await pgServerAt(url)),
    async stop() {
      // runuser does not forward signals to the postmaster: ask pg_ctl to stop it.
      const exited = new Promise((r) => proc.once('exit', r));
      const [c2, ...a2] = asPg(bin('pg_ctl'), ['-D', data, 'stop', '-m', 'immediate']);
      try {
        execFileSync(c2!, a2, { stdio: 'ignore' });
      } catch {
        proc.kill('SIGKILL');
      }
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The database-management half of a PgServer for a server already running at `url(db)` (stop does nothing). */
export async function pgServerAt(url: (database?: string) => string): Promise<PgServer> {
  const pg = (await import('pg')).default;
  const admin = async <T>(fn: (c: InstanceType<typeof pg.Client>) => Promise<T>): Promise<T> => {
    const c = new pg.Client({ connectionString: url() });
    await c.connect();
    try {
      return await fn(c);
    } finally {
      await c.end();
    }
  };
  const ident = (name: string) => `"${name.replace(/"/g, '')}"`;
  return {
    url,
    port: Number(new URL(url()).port),
    createDatabase: (name, template) =>
      admin(async (c) => {
        await c.query(`create database ${ident(name)}${template ? ` template ${ident(template)}` : ''}`);
        if (template) {
          const { rows } = await c.query<{ key: string; value: string }>(
            `select split_part(c, '=', 1) as key, substr(c, strpos(c, '=') + 1) as value
               from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase, unnest(s.setconfig) c
              where d.datname = $1 and s.setrole = 0`,
            [template],
          );
          // Each value as the session parses it (a list such as search_path stays a list), then kept as it is.
          if (rows.length) {
            const copy = new pg.Client({ connectionString: url(name) });
            await copy.connect();
            try {
              for (const { key, value } of rows) {
                await copy.query('select set_config($1, $2, false)', [key, value]);
                await copy.query(`alter database ${ident(name)} set ${ident(key)} from current`);
              }
            } finally {
              await copy.end();
            }
          }
        }
        return url(name);
      }),
    dropDatabase: (name) =>
      admin(async (c) => void (await c.query(`drop database if exists ${ident(name)} with (force)`))),
    stop: async () => undefined,
  };
}
