#!/usr/bin/env node
// Lighthouse (mobile profile, its default simulated throttling) on the key pages of the production
// builds served as `npm start` serves them, on ports of its own, map tiles blocked. Prints, per page,
// the median of BENCH_LH_RUNS runs (default 3): performance score, LCP, TBT, CLS, bytes transferred.
// BENCH_LH_PAGES=/a,/b measures other pages; BENCH_LH_JSON=<dir> keeps the full reports.
// A benchmark: it prints figures and never fails on them (targets: docs/performance.md).
// BENCH_LH_AGAINST=<git ref> measures that commit's build too, in turns with this one (page by page, run by run:
// this, then the other), so both meet the machine in the same phase; the table has a row per page and build.
// The other build is a detached worktree in the system's temp folder, installed and built once per commit.
// The default, `previous`, is the commit before this one (HEAD when the working tree has changes); `none` measures
// this build alone.
// Lighthouse is installed on first use into ~/.cache/guestmap-bench (npm), not as a workspace dependency:
// its dependency tree would change how pnpm resolves supabase-js's optional peers for the whole shell.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { serveCopy, waitFor } from './serve-copy.mjs';

const base = 3720;
const api = 25061;
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const LIGHTHOUSE = 'lighthouse@13.5.0';
const toolDir = path.join(os.homedir(), '.cache', 'guestmap-bench');
const lhEntry = path.join(toolDir, 'node_modules', 'lighthouse', 'core', 'index.js');
if (!fs.existsSync(lhEntry)) {
  console.log(`installing ${LIGHTHOUSE} into ${toolDir} (once)…`);
  const npm = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', toolDir, LIGHTHOUSE], {
    stdio: 'inherit',
  });
  if (npm.status !== 0) throw new Error('could not install lighthouse');
}
const { default: lighthouse } = await import(pathToFileURL(lhEntry).href);
// BENCH_LH_CPU=<n>: a stress run, not the target's measure: Lighthouse's simulated CPU slowdown set to n
// instead of its default 4, to see how the pages hold on a slower phone or on this machine in a slow phase
// (its speed moves by up to 2x: the CPU index column).
const CPU = process.env.BENCH_LH_CPU ? Number(process.env.BENCH_LH_CPU) : null;
const throttling = CPU
  ? {
      ...(await import(pathToFileURL(path.join(toolDir, 'node_modules/lighthouse/core/config/constants.js')).href))
        .throttling.mobileSlow4G,
      cpuSlowdownMultiplier: CPU,
    }
  : undefined;
const PAGES = process.env.BENCH_LH_PAGES
  ? process.env.BENCH_LH_PAGES.split(',')
  : ['/ho-chi-minh-city/map', '/saigon-riverside-hotel/map', '/', '/hotels'];

process.on('SIGINT', () => process.exit(130));

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

await serveCopy({ base, api });
const targets = [{ build: 'this', origin: `http://127.0.0.1:${base}` }];
const against = process.env.BENCH_LH_AGAINST ?? 'previous';
if (against && against !== 'none') targets.push(await serveOther(against));

/** Builds `ref` in a worktree of its own (once per commit) and serves it on other ports; its label and origin. */
async function serveOther(ref) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
  const git = (...args) => {
    const r = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
    return r.stdout.trim();
  };
  const dirty = git('status', '--porcelain') !== '';
  const wanted = ref === 'previous' ? (dirty ? 'HEAD' : 'HEAD~1') : ref;
  const sha = git('rev-parse', '--verify', `${wanted}^{commit}`);
  const dir = path.join(os.tmpdir(), `gm-lh-${sha.slice(0, 12)}`);
  const built = path.join(dir, '.gm-lh-built');
  if (!fs.existsSync(built)) {
    if (!fs.existsSync(dir)) git('worktree', 'add', '--detach', dir, sha);
    console.log(`building ${sha.slice(0, 12)} (${wanted}) in ${dir} (once)…`);
    const b = spawnSync(process.execPath, ['shell/scripts/platform.mjs', 'build'], { cwd: dir, stdio: 'inherit' });
    if (b.status !== 0) throw new Error(`could not build ${wanted}`);
    fs.writeFileSync(built, sha);
  }
  const otherBase = base + 20;
  await serveCopy({ base: otherBase, api: api + 20, checkout: dir });
  return { build: `${sha.slice(0, 9)} (${wanted})`, origin: `http://127.0.0.1:${otherBase}` };
}

const executable =
  ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p)) ?? chromium.executablePath();
const port = await freePort();
const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'gm-lh-'));
const chrome = spawn(
  executable,
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--remote-debugging-port=${port}`,
    `--user-data-dir=${profile}`,
    'about:blank',
  ],
  { stdio: 'ignore', detached: true },
);
process.on('exit', () => {
  try {
    process.kill(-chrome.pid, 'SIGTERM');
  } catch {}
});
await waitFor(`http://127.0.0.1:${port}/json/version`, 30000);

// Lighthouse's own threshold (core/gather/driver/environment.js): at a CPU index this low it warns that
// "the tested device appears to have a slower CPU than Lighthouse expects" and that the score suffers
// (its docs/throttling.md: the default 4× is meant for a desktop-class host, index 1,500–2,000).
const SLOW_HOST = 1000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const page of PAGES) {
  const runsOf = targets.map(() => []);
  for (let i = 0; i < RUNS; i++)
    for (const [t, target] of targets.entries()) runsOf[t].push(await measure(target, page, i));
  for (const [t, target] of targets.entries()) {
    const runs = runsOf[t];
    rows.push({
      page,
      ...(targets.length > 1 ? { build: target.build } : {}),
      score: median(runs.map((r) => r.score)),
      'FCP s': (median(runs.map((r) => r.fcp)) / 1000).toFixed(2),
      'LCP s': (median(runs.map((r) => r.lcp)) / 1000).toFixed(2),
      'TBT ms': Math.round(median(runs.map((r) => r.tbt))),
      CLS: median(runs.map((r) => r.cls)).toFixed(3),
      'transferred KB': median(runs.map((r) => r.kb)).toFixed(0),
      'LCP element': runs.at(-1).lcpElement.slice(-40),
      // A run on a host Lighthouse itself calls too slow for its default slowdown is marked with `*`.
      scores: runs.map((r) => `${r.score}${r.cpu <= SLOW_HOST ? '*' : ''}`).join(' '),
      'CPU index': Math.round(median(runs.map((r) => r.cpu))),
    });
  }
}

/** One Lighthouse run of `page` on one build. */
async function measure(target, page, i) {
  const result = await lighthouse(`${target.origin}${page}`, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    blockedUrlPatterns: ['*tile.openstreetmap.org*'],
    ...(throttling ? { throttling } : {}),
  });
  if (result.lhr.runtimeError)
    throw new Error(`lighthouse on ${page}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  const a = result.lhr.audits;
  // BENCH_LH_JSON=<dir>: keep each full report (Lighthouse's JSON) to study a page.
  if (process.env.BENCH_LH_JSON) {
    fs.mkdirSync(process.env.BENCH_LH_JSON, { recursive: true });
    fs.writeFileSync(
      path.join(
        process.env.BENCH_LH_JSON,
        `${page.replace(/\W+/g, '_') || 'home'}${target.build === 'this' ? '' : `-${target.build.slice(0, 9)}`}-${i + 1}.json`,
      ),
      JSON.stringify(result.lhr),
    );
  }
  return {
    score: Math.round((result.lhr.categories.performance.score ?? 0) * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    // What the LCP was (the element's selector), to know what to make appear sooner.
    lcpElement: (a['lcp-breakdown-insight']?.details?.items ?? []).find((x) => x.type === 'node')?.selector ?? '',
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    kb: a['total-byte-weight'].numericValue / 1024,
    // Lighthouse's measure of this machine's speed at the run's start (higher is faster): its 4× CPU
    // slowdown is applied to whatever this machine is at that moment.
    cpu: result.lhr.environment?.benchmarkIndex ?? 0,
  };
}
console.log(
  `\nLighthouse ${RUNS > 1 ? `(median of ${RUNS} runs) ` : ''}mobile profile, simulated throttling${CPU ? ` WITH CPU SLOWDOWN ${CPU}x (stress run, not the default 4x)` : ''}, tiles blocked${targets.length > 1 ? `; builds measured in turns: ${targets.map((t) => t.build).join(', ')}` : ''}; targets: score ≥ 95, LCP ≤ 1.0 s and TBT ≤ 100 ms at a CPU index of 2,000 or more, CLS < 0.05`,
);
console.table(rows);
console.log(
  "CPU index: Lighthouse's benchmark of this machine when each run started (median; higher is faster). Its simulated 4× slowdown\n" +
    'multiplies the time every task took here, so a machine running slower than usual (a busy host) lowers the score and raises\n' +
    'TBT for the same page: compare builds only at a similar index (docs/performance.md).' +
    (rows.some((r) => r.scores.includes('*'))
      ? `\n* a run at a CPU index of ${SLOW_HOST} or less, where Lighthouse warns that the host is slower than its default slowdown expects.`
      : ''),
);
fs.rmSync(profile, { recursive: true, force: true });
process.exit(0);
