// The scale data set and bench (issue 31; docs/scale.md).
//
//   tsx bench/scale/cli.ts generate [--scale 0.1] [--seed 31] [--end 2026-11-26] > data.sql
//       writes the data set as one psql script of COPY … FROM stdin blocks (pipe it into psql on a
//       migrated database)
//   tsx bench/scale/cli.ts load  --dir DIR --port P [--scale 0.1] …
//       initialises a PostgreSQL 15 cluster in DIR (kept), migrates a database `scale`, loads, stops
//   tsx bench/scale/cli.ts load-pglite [--scale 0.1] …    loads the tenth into PGlite in memory, checks it
//   tsx bench/scale/cli.ts run     (= npm run bench -- scale) the tenth: load into a temporary cluster,
//       bench, remove; SCALE_FULL=1 adds the full size. SCALE_TENTH_DIR / SCALE_FULL_DIR name kept
//       clusters to reuse (loaded once when empty); SCALE_PG_PORT / SCALE_PG_PORT2 pick the ports;
//       SCALE_OUT=file.json keeps the figures and plans.
//   tsx bench/scale/cli.ts plans --in figures.json --out ../docs/scale-plans.md   the plans as Markdown
//   tsx bench/scale/cli.ts bench --dir DIR --port P [--dir2 DIR2 --port2 P2] [--out docs/scale-figures.json]
//       starts the server(s), runs the paths, prints p50/p95/p99 (two columns with --dir2), stops
//
// Servers run under nice 19 and are always stopped, also on failure.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '@guestmap/local-stack/src/db/db.ts';
import { migrate } from '@guestmap/local-stack/src/db/migrate.ts';
import { tables, type ScaleOptions } from './generate.ts';
import { finish, loadPglite, loadPostgres, summary } from './load.ts';
import { startScaleServer } from './pg.ts';
import { runBench, printTable, plansMarkdown, type BenchResult } from './bench.ts';

const supabaseDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

export function optionsFromArgs(): ScaleOptions {
  const today = new Date();
  const end = arg('end') ?? process.env.SCALE_END ?? today.toISOString().slice(0, 10);
  return {
    scale: Number(arg('scale', process.env.SCALE_SIZE ?? '0.1')),
    seed: Number(arg('seed', '31')),
    end: new Date(end + 'T00:00:00Z'),
  };
}

const log = (m: string) => console.log(m);
const secs = (t: number) => ((Date.now() - t) / 1000).toFixed(1);

export async function loadIntoServer(dir: string, port: number, opts: ScaleOptions): Promise<void> {
  const server = await startScaleServer(dir, port);
  try {
    const admin = await openDb({ databaseUrl: server.url() });
    await admin.exec('drop database if exists scale');
    await admin.exec('create database scale');
    await admin.close();
    const db = await openDb({ databaseUrl: server.url('scale') });
    try {
      let t = Date.now();
      await migrate(db, { migrationsDir: path.join(supabaseDir, 'migrations'), seedFiles: [] });
      log(`migrated in ${secs(t)} s; loading ${summary(opts)}`);
      t = Date.now();
      await loadPostgres(server.url('scale'), opts, log);
      log(`copied in ${secs(t)} s`);
      await finish(db, log);
      log(`loaded in ${secs(t)} s`);
    } finally {
      await db.close();
    }
  } finally {
    await server.stop();
  }
}

/** A kept cluster gets the migrations added since it was loaded (the rollups they add are built from the data). */
async function migrateKept(url: string): Promise<void> {
  const db = await openDb({ databaseUrl: url });
  try {
    const t = Date.now();
    const { applied } = await migrate(db, { migrationsDir: path.join(supabaseDir, 'migrations'), seedFiles: [] });
    // New rollups need their statistics and visibility map, as after a load.
    if (applied.length) await db.exec('vacuum analyze');
    log(
      `migrations up to date in ${secs(t)} s${applied.length ? ` (applied ${applied.join(', ')}, then vacuum analyze)` : ''}`,
    );
  } finally {
    await db.close();
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function run(opts: ScaleOptions) {
  const sizes: { label: string; scale: number; dirEnv: string; portEnv: string }[] = [
    { label: 'tenth', scale: 0.1, dirEnv: 'SCALE_TENTH_DIR', portEnv: 'SCALE_PG_PORT' },
  ];
  if (process.env.SCALE_FULL === '1')
    sizes.push({ label: 'full', scale: 1, dirEnv: 'SCALE_FULL_DIR', portEnv: 'SCALE_PG_PORT2' });
  const results: BenchResult[] = [];
  for (const size of sizes) {
    const kept = process.env[size.dirEnv];
    const dir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), `guestmap-scale-${size.label}-`));
    const port = Number(process.env[size.portEnv] ?? 0) || (await freePort());
    const o = { ...opts, scale: size.scale };
    try {
      if (!kept || !fs.existsSync(path.join(dir, 'data', 'PG_VERSION'))) {
        log(`Loading the ${size.label} data set into ${dir} ...`);
        await loadIntoServer(dir, port, o);
      } else log(`Reusing the ${size.label} data set in ${dir} (the bench's own plays and redemptions stay in it)`);
      const server = await startScaleServer(dir, port, Number(process.env.SCALE_BENCH_NICE ?? 0));
      try {
        await migrateKept(server.url('scale'));
        results.push(await runBench(size.label, server.url('scale'), o, log));
      } finally {
        await server.stop();
      }
    } finally {
      if (!kept) fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  printTable(results, log);
  if (process.env.SCALE_OUT) fs.writeFileSync(process.env.SCALE_OUT, JSON.stringify(results, null, 2) + '\n');
}

async function main() {
  const cmd = process.argv[2];
  const opts = optionsFromArgs();
  if (cmd === 'run') return run(opts);
  if (cmd === 'plans') {
    // Markdown of the figures and every plan of a bench run's JSON (docs/scale-plans.md).
    const results = JSON.parse(fs.readFileSync(arg('in')!, 'utf8')) as BenchResult[];
    fs.writeFileSync(arg('out')!, plansMarkdown(results));
    return;
  }
  if (cmd === 'generate') {
    process.stdout.write("begin;\nset local guestmap.rate_sync = 'on';\n");
    let replica = false;
    for (const t of tables(opts)) {
      if (!t.triggers && !replica) {
        process.stdout.write('set local session_replication_role = replica;\n');
        replica = true;
      }
      process.stdout.write(`copy ${t.table} (${t.columns.map((c) => `"${c}"`).join(', ')}) from stdin;\n`);
      for (const chunk of t.chunks()) {
        if (!process.stdout.write(chunk)) await new Promise((r) => process.stdout.once('drain', r));
      }
      process.stdout.write('\\.\n');
    }
    process.stdout.write(
      'set local session_replication_role = origin;\nselect private.rebuild_analytics_rollups();\ncommit;\n',
    );
    return;
  }
  if (cmd === 'load') {
    const t = Date.now();
    await loadIntoServer(arg('dir')!, Number(arg('port')), opts);
    log(`done in ${secs(t)} s`);
    return;
  }
  if (cmd === 'load-pglite') {
    const db = await openDb({ dataDir: null });
    try {
      let t = Date.now();
      await migrate(db, { migrationsDir: path.join(supabaseDir, 'migrations'), seedFiles: [] });
      log(`migrated in ${secs(t)} s; loading ${summary(opts)}`);
      t = Date.now();
      await loadPglite(db, opts, log);
      await finish(db, log);
      log(`loaded into PGlite in ${secs(t)} s`);
      const { rows } = await db.query<{ n: string }>('select count(*)::text as n from public.analytics_events');
      log(`analytics_events: ${rows[0]!.n}`);
    } finally {
      await db.close();
    }
    return;
  }
  if (cmd === 'bench') {
    const runs: { label: string; dir: string; port: number }[] = [
      { label: arg('label', 'tenth')!, dir: arg('dir')!, port: Number(arg('port')) },
    ];
    if (arg('dir2')) runs.push({ label: arg('label2', 'full')!, dir: arg('dir2')!, port: Number(arg('port2')) });
    const results: BenchResult[] = [];
    for (const r of runs) {
      const server = await startScaleServer(r.dir, r.port, Number(process.env.SCALE_BENCH_NICE ?? 0));
      try {
        await migrateKept(server.url('scale'));
        results.push(
          await runBench(r.label, server.url('scale'), { ...opts, scale: r.label === 'full' ? 1 : opts.scale }, log),
        );
      } finally {
        await server.stop();
      }
    }
    printTable(results, log);
    const out = arg('out');
    if (out) fs.writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
    return;
  }
  console.error('usage: cli.ts generate|load|load-pglite|bench (see the header of bench/scale/cli.ts)');
  process.exit(2);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // A pooled connection the server ends while it stops (57P01) is the expected end, not a failure.
  process.on('uncaughtException', (e: Error & { code?: string }) => {
    if (e.code === '57P01') return;
    console.error(e.stack ?? e);
    process.exit(1);
  });
  main().catch((e) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  });
}
