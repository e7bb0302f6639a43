// The embedded database with a data folder (`npm start`) puts each commit on the disk before the commit
// returns (issue #29, item 5): every committed write reaches fsync(2). PGLITE_FSYNC=off keeps PGlite's own
// defaults, where none does (figures: bench/durability-bench.ts, docs/db.md "Durability").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStack } from '../src/stack.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** fsync(2) calls made while 20 one-row transactions commit, on a stack with a data folder. */
async function syncsPerCommit(durability: 'synced' | 'off' | undefined): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-durable-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'config.toml'), 'project_id = "durable"\n');
  const stack = await startStack({
    workdir: dir,
    dataDir: path.join(dir, '.data'),
    ports: { api: 0, db: 0, inbox: 0 },
    log: () => undefined,
    ...(durability ? { durability } : {}),
  });
  const real = fs.fsyncSync;
  let n = 0;
  fs.fsyncSync = (fd) => {
    n++;
    real(fd);
  };
  try {
    await stack.db.exec('create table public.notes (id int primary key)');
    n = 0;
    for (let i = 0; i < 20; i++) await stack.db.query('insert into public.notes values ($1)', [i]);
    return n / 20;
  } finally {
    fs.fsyncSync = real;
    await stack.stop();
  }
}

describe('durability of the embedded database', () => {
  it('by default, every commit is synced to the disk', async () => {
    expect(await syncsPerCommit(undefined)).toBeGreaterThanOrEqual(1);
  });
  it('with durability off (PGLITE_FSYNC=off), PGlite syncs nothing', async () => {
    expect(await syncsPerCommit('off')).toBe(0);
  });
});
