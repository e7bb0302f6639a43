// A PostgreSQL 15 server for the scale data, in a data directory that can outlive one run (load once,
// bench many times). As root the server runs as the `postgres` user (it refuses root), under nice 19.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function bin(name: string): string {
  for (const v of ['15', '16', '17', '18']) {
    const p = `/usr/lib/postgresql/${v}/bin/${name}`;
    if (fs.existsSync(p)) return p;
  }
  return name;
}

function asPg(cmd: string, args: string[], niceness = 19): [string, string[]] {
  const nice = ['nice', '-n', String(niceness)];
  return isRoot
    ? ['runuser', ['-u', 'postgres', '--', ...nice, cmd, ...args]]
    : [nice[0]!, [...nice.slice(1), cmd, ...args]];
}

export interface ScaleServer {
  url: (db?: string) => string;
  port: number;
  stop: () => Promise<void>;
}

/**
 * Starts (initialising if needed) a server on `dir`; `port` from the caller (the team's port plan).
 * `niceness`: 19 for loads (minutes of CPU on a shared machine); the bench runs it at 0 so its
 * latencies are the database's, not the scheduler's (a niced server waits behind every other process).
 */
export async function startScaleServer(dir: string, port: number, niceness = 19): Promise<ScaleServer> {
  fs.mkdirSync(dir, { recursive: true });
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  if (!fs.existsSync(path.join(data, 'PG_VERSION'))) {
    const [c, a] = asPg(bin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    execFileSync(c, a, { stdio: 'ignore' });
  }
  const [c, a] = asPg(
    bin('postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=120',
      '-c',
      'shared_buffers=512MB',
      '-c',
      'work_mem=32MB',
      '-c',
      'maintenance_work_mem=512MB',
      '-c',
      'max_wal_size=8GB',
      '-c',
      'checkpoint_timeout=30min',
      '-c',
      'wal_level=logical',
      '-c',
      'timezone=UTC',
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_parallel_workers_per_gather=0',
    ],
    niceness,
  );
  const proc: ChildProcess = spawn(c, a, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (d) => (stderr += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok && stderr.includes('ready to accept connections')) break;
    if (proc.exitCode !== null || Date.now() > deadline) throw new Error('PostgreSQL did not start: ' + stderr);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port,
    url: (db = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${db}`,
    async stop() {
      // Let clients that were just closed finish their goodbyes before the server ends connections.
      await new Promise((r) => setTimeout(r, 500));
      const exited = new Promise((r) => (proc.exitCode !== null ? r(null) : proc.once('exit', r)));
      const [c2, a2] = asPg(bin('pg_ctl'), ['-D', data, 'stop', '-m', 'fast']);
      try {
        execFileSync(c2, a2, { stdio: 'ignore' });
      } catch {
        proc.kill('SIGKILL');
      }
      await exited;
    },
  };
}
