// `guestmap-supabase start --workdir DIR` serves another Supabase CLI project, as the Supabase CLI's flag
// does (DIR = project root or its supabase/ folder), on PGlite and on a PostgreSQL server; and the
// config.toml keys that pick the project's migrations and seeds.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, resolveProjectDir, seedFiles } from '../../src/config.ts';
import { repoSupabaseDir, stackDir } from '../../testing/stack.ts';
import { startPgServer, type PgServer } from '../../testing/pg-server.ts';

const projectRoot = path.join(stackDir, 'tests/fixtures/cli-project');
const tsx = path.join(stackDir, 'node_modules/.bin/tsx');

describe('config.toml of a project folder', () => {
  it('resolves a project root to its supabase/ folder, and keeps a folder that has config.toml', () => {
    expect(resolveProjectDir(projectRoot)).toBe(path.join(projectRoot, 'supabase'));
    expect(resolveProjectDir(path.join(projectRoot, 'supabase'))).toBe(path.join(projectRoot, 'supabase'));
    expect(resolveProjectDir(repoSupabaseDir)).toBe(repoSupabaseDir);
  });

  it('lists [db.seed] sql_paths in order, expanding globs; none when seeding is disabled; env() values', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-config-'));
    try {
      fs.mkdirSync(path.join(dir, 'seeds'));
      for (const f of ['seed.sql', 'seeds/b.sql', 'seeds/a.sql', 'seeds/notes.txt'])
        fs.writeFileSync(path.join(dir, f), '');
      fs.writeFileSync(
        path.join(dir, 'config.toml'),
        '[api]\nmax_rows = "env(CLI_TEST_MAX_ROWS)"\nschemas = ["public", "api"]\n[db.seed]\nsql_paths = ["./seeds/*.sql", "./seed.sql", "./missing.sql"]\n',
      );
      const c = loadConfig(dir, { CLI_TEST_MAX_ROWS: '25' });
      expect(seedFiles(c).map((f) => path.relative(dir, f))).toEqual(['seeds/a.sql', 'seeds/b.sql', 'seed.sql']);
      expect(c.api).toMatchObject({ maxRows: 25, schemas: ['public', 'api'] });
      fs.appendFileSync(path.join(dir, 'config.toml'), 'enabled = false\n');
      expect(seedFiles(loadConfig(dir, {}))).toEqual([]);
      // without [db.seed], the CLI's default ./seed.sql
      fs.writeFileSync(path.join(dir, 'config.toml'), '');
      expect(seedFiles(loadConfig(dir, {})).map((f) => path.basename(f))).toEqual(['seed.sql']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

let pg: PgServer | null = null;
afterAll(async () => {
  await pg?.stop();
});

/** Starts the CLI and resolves with its API URL once it has printed it. */
function startCli(env: NodeJS.ProcessEnv): Promise<{ proc: ChildProcess; apiUrl: string; out: () => string }> {
  const proc = spawn(tsx, ['src/cli.ts', 'start', '--workdir', projectRoot, '--memory'], {
    cwd: stackDir,
    env: { ...process.env, SUPABASE_API_PORT: '0', SUPABASE_DB_PORT: '0', SUPABASE_INBOX_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = /API URL: (http:\/\/\S+)/.exec(out);
      if (m) resolve({ proc, apiUrl: m[1]!, out: () => out });
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    proc.once('exit', (code) => reject(new Error(`the CLI exited (${code}): ${out}`)));
  });
}

async function stopCli(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

describe.each(['pglite', 'postgres'] as const)('the CLI serving tests/fixtures/cli-project on %s', (backend) => {
  it('applies its migration and seeds, and serves its schemas with its max_rows', async () => {
    let databaseUrl: string | undefined;
    if (backend === 'postgres') {
      pg ??= await startPgServer();
      databaseUrl = await pg.createDatabase(`cli_${process.pid}_${Date.now()}`);
    }
    const { proc, apiUrl, out } = await startCli(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
    try {
      expect(out()).toContain('Applying migration 20240101000000_chat.sql');
      expect(out()).toMatch(/Seeding data from seed\.sql[\s\S]*Seeding data from hotels\.sql/);
      const r = await fetch(`${apiUrl}/rest/v1/users?select=username&order=username`, {
        headers: { 'Accept-Profile': 'personal' },
      });
      expect(await r.json()).toEqual([
        { username: 'kiwicopple' },
        { username: 'leroyjenkins' },
        { username: 'supabot' },
      ]);
      const capped = await fetch(`${apiUrl}/rest/v1/rpc/ids_up_to?n=80`);
      expect(((await capped.json()) as number[]).length).toBe(50);
    } finally {
      await stopCli(proc);
    }
  });
});
