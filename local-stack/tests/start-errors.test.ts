// A stack that cannot start says which part failed and why (issue #29, item 4), and stops everything it
// had started: a data folder another running copy uses, a migration that fails, an extension the embedded
// database lacks (item 3: PostGIS on PGlite names the extension and the server option).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../src/stack.ts';
import { stackDir } from '../testing/stack.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A Supabase CLI project in a temporary folder with these migrations. */
function project(migrations: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-start-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'config.toml'), 'project_id = "start-errors"\n');
  fs.mkdirSync(path.join(dir, 'migrations'));
  for (const [name, sql] of Object.entries(migrations)) fs.writeFileSync(path.join(dir, 'migrations', name), sql);
  return dir;
}

const quiet = { ports: { api: 0, db: 0, inbox: 0 }, log: () => undefined };

describe('a stack that cannot start', () => {
  it('names a failing migration and its error', async () => {
    const dir = project({
      '20240101000000_ok.sql': 'create table public.a (id int primary key);',
      '20240102000000_bad.sql': 'create table public.b (id int primary key, a_id int references public.nope (id));',
    });
    const err = await startStack({ workdir: dir, dataDir: null, ...quiet }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toBe(
      'migrations: migration 20240102000000_bad.sql failed: relation "public.nope" does not exist (SQLSTATE 42P01)',
    );
  });

  it('on PGlite, a project needing PostGIS is told which extension is missing and to use a PostgreSQL server', async () => {
    const dir = project({
      '20240101000000_geo.sql':
        'create extension if not exists postgis with schema extensions;\ncreate table public.places (id int primary key, geom extensions.geometry(Point, 4326));',
    });
    const err = await startStack({ workdir: dir, dataDir: null, ...quiet }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toBe(
      'migrations: migration 20240101000000_geo.sql needs the PostgreSQL extension "postgis", which the embedded ' +
        'database (PGlite) does not have. Serve this project from a PostgreSQL server that has "postgis" installed ' +
        'instead: DATABASE_URL=postgresql://USER:PASSWORD@HOST:PORT/DATABASE (see local-stack/README.md, "Extensions").',
    );
  });

  it('a second copy on a data folder a running copy uses exits non-zero naming the folder, and the first keeps serving', async () => {
    const dir = project({ '20240101000000_ok.sql': 'create table public.a (id int primary key);' });
    const dataDir = path.join(dir, '.data');
    const first: Stack = await startStack({ workdir: dir, dataDir, ...quiet });
    try {
      const cli = spawn(
        path.join(stackDir, 'node_modules/.bin/tsx'),
        [path.join(stackDir, 'src/cli.ts'), 'start', '--workdir', dir],
        {
          env: { ...process.env, SUPABASE_API_PORT: '0', SUPABASE_DB_PORT: '0', SUPABASE_INBOX_PORT: '0' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      cli.stdout.on('data', (d: Buffer) => (out += d.toString()));
      cli.stderr.on('data', (d: Buffer) => (out += d.toString()));
      // A copy that does not exit (serving the first one's folder) is stopped when the test gives up.
      const code = await new Promise<number | null | 'still running'>((r) => {
        cli.once('exit', r);
        setTimeout(() => {
          cli.kill('SIGKILL');
          r('still running');
        }, 150_000).unref();
      });
      expect(code, out).toBe(1);
      expect(out).toContain(
        `The local Supabase stack could not start. data folder: ${dataDir} is in use by another running copy of the stack (pid ${process.pid}).`,
      );
      expect(out).not.toContain('API URL');
      expect((await fetch(`${first.apiUrl}/health`)).status).toBe(200);
      // Nor twice in one process.
      await expect(startStack({ workdir: dir, dataDir, ...quiet })).rejects.toThrow(
        `data folder: ${dataDir} is in use by another stack in this process.`,
      );
    } finally {
      await first.stop();
    }
    // Stopped: the folder is free again.
    const again = await startStack({ workdir: dir, dataDir, ...quiet });
    await again.stop();
    // Three stacks on a data folder (two of them new processes): on a runner loaded by other work this took 66 s
    // (the clean-clone run of 2026-12-03 12:53). A bound for "never", not for speed.
  }, 180_000);
});
