// PGlite durability: what `fsync` costs and what it buys on Node. Three ways to open the embedded
// database on a fresh data folder, each measured for startup (initdb + first open, then a reopen) and for
// small committed writes (one-row INSERT transactions, one at a time), counting the fsync(2)/fdatasync(2)
// calls that reach the operating system:
//   off     PGlite's default start parameters (`-F`: Postgres fsync off), what the stack used before;
//   on      the same without `-F` (Postgres fsync on): Postgres asks for syncs, but PGlite's Node file
//           system (Emscripten's NODEFS) has no fsync and fdatasync is a no-op, so none reach the disk;
//   synced  fsync on, wal_sync_method=fsync, and NODEFS given an fsync that calls fs.fsyncSync: every
//           commit's WAL reaches the disk before the commit returns.
// Run: pnpm --filter @guestmap/local-stack exec tsx bench/durability-bench.ts   (BENCH_N=… writes per mode)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite, type Durability } from '../src/db/db.ts';

const N = Math.max(50, Math.min(20000, Number(process.env.BENCH_N ?? 1000)));
// On the disk the stack keeps its data on (not a tmpfs).
const root = fs.mkdtempSync(path.join(process.env.BENCH_DIR ?? path.resolve(import.meta.dirname, '..'), '.bench-'));

let syncs = 0;
const count =
  <A extends unknown[], R>(f: (...a: A) => R) =>
  (...a: A): R => {
    syncs++;
    return f(...a);
  };
fs.fsyncSync = count(fs.fsyncSync);
fs.fdatasyncSync = count(fs.fdatasyncSync);

async function measure(mode: Durability) {
  const dir = path.join(root, mode);
  let t = performance.now();
  let db = await openPglite(dir, { durability: mode });
  const firstOpen = performance.now() - t;
  await db.exec('create table bench_writes (id bigint generated always as identity primary key, body text not null)');
  syncs = 0;
  t = performance.now();
  for (let i = 0; i < N; i++) await db.query('insert into bench_writes (body) values ($1)', [`row ${i}`]);
  const writeMs = performance.now() - t;
  const writeSyncs = syncs;
  await db.close();
  t = performance.now();
  db = await openPglite(dir, { durability: mode });
  const reopen = performance.now() - t;
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from bench_writes');
  await db.close();
  if (rows[0]!.n !== N) throw new Error(`${mode}: ${rows[0]!.n} rows after reopen, expected ${N}`);
  return {
    mode,
    'first open (initdb) ms': Math.round(firstOpen),
    'reopen ms': Math.round(reopen),
    'writes/s': Math.round((N / writeMs) * 1000),
    'ms per write': (writeMs / N).toFixed(2),
    'fsync calls per write': (writeSyncs / N).toFixed(2),
  };
}

try {
  console.log(
    `PGlite durability, ${N} one-row INSERT transactions per mode, data on ${root} (${os.cpus().length} cores)`,
  );
  // Warm-up (the first open compiles the wasm), then the modes interleaved, twice; the faster round is kept.
  await (await openPglite(null)).close();
  const best = new Map<Durability, Awaited<ReturnType<typeof measure>>>();
  for (let round = 0; round < 2; round++) {
    for (const mode of ['off', 'on', 'synced'] as Durability[]) {
      fs.rmSync(path.join(root, mode), { recursive: true, force: true });
      const r = await measure(mode);
      const prev = best.get(mode);
      if (!prev || r['writes/s'] > prev['writes/s']) best.set(mode, r);
    }
  }
  console.table([...best.values()]);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
