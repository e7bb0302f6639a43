// Runs supabase-js's own postgrest-js test suite, unchanged, against this stack serving that suite's
// Supabase CLI project (`packages/core/postgrest-js/test/supabase`: migrations with PostGIS, seed) on a
// throwaway PostgreSQL server, and prints which tests fail.
//
//   SUPABASE_JS_SRC=<supabase-js checkout> pnpm --filter @guestmap/local-stack postgrest-js \
//     [-- --jest-dir DIR] [--keep DIR] [-t 'name pattern'] [test files…]
//
// The suite calls http://localhost:54321/rest/v1 (hard-coded), so the stack must answer on port 54321:
// as root the run goes into a private network namespace (`unshare -n`, its own loopback) where that port is
// free whatever else runs on the machine; otherwise port 54321 must be free. The checkout is copied to a
// temporary folder (never changed); jest, ts-jest and their peers (the versions supabase-js pins) are
// installed there from the npm registry with npm, or taken from `--jest-dir DIR` (a folder whose
// node_modules has them). Needs PostgreSQL with PostGIS and the network for npm (outside the namespace).
// A measurement tool, not part of `npm test`.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const JEST_PACKAGES = [
  'jest@30.4.2',
  'ts-jest@29',
  '@jest/types@30',
  '@jest/test-sequencer@30',
  '@types/jest@30.0.0',
  'typescript@5.8',
  'prettier@3',
  'tslib@2.8.1',
  'ts-node@10',
  'type-fest@4',
  'zod@3',
  '@types/node@20',
];
const PKG = 'packages/core/postgrest-js';

async function inside(): Promise<number> {
  // in the namespace (or on a machine where 54321 is free): database, stack, jest
  const { startPgServer } = await import('../../testing/pg-server.ts');
  const { startStack } = await import('../../src/stack.ts');
  const root = process.env.PJS_ROOT!;
  const pkgDir = path.join(root, PKG);
  const pg = await startPgServer();
  let stack: Awaited<ReturnType<typeof startStack>> | null = null;
  try {
    const databaseUrl = await pg.createDatabase('postgrest_js');
    stack = await startStack({
      workdir: path.join(pkgDir, 'test'),
      databaseUrl,
      dataDir: null,
      ports: { api: 54321, db: 0, inbox: 0 },
      log: () => undefined,
    });
    console.log(`stack: ${stack.apiUrl} (PostgreSQL, project ${path.join(PKG, 'test/supabase')})`);
    const out = path.join(root, 'jest-results.json');
    // asynchronously: the stack answers from this process's event loop meanwhile
    const status = await new Promise<number>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          path.join(root, 'node_modules/jest/bin/jest.js'),
          '--runInBand',
          '--ci',
          '--json',
          `--outputFile=${out}`,
          ...args,
        ],
        { cwd: pkgDir, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, NODE_OPTIONS: '' } },
      );
      child.on('exit', (code) => resolve(code ?? 1));
    });
    summarise(out);
    return status;
  } finally {
    await stack?.stop();
    await pg.stop();
  }
}

function summarise(file: string) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    testResults: {
      name: string;
      assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
    }[];
  };
  console.log(`\npostgrest-js suite: ${r.numPassedTests} of ${r.numTotalTests} tests pass, ${r.numFailedTests} fail.`);
  for (const t of r.testResults)
    for (const a of t.assertionResults)
      if (a.status === 'failed') {
        const msg = (a.failureMessages[0] ?? '')
          // eslint-disable-next-line no-control-regex
          .replace(/\u001b\[\d+m/g, '')
          .split('\n')
          .slice(0, 1)
          .join(' ');
        console.log(`✗ ${path.basename(t.name)} › ${a.fullName}: ${msg.slice(0, 200)}`);
      }
}

function outside(): number {
  const src = process.env.SUPABASE_JS_SRC;
  if (!src || !fs.existsSync(path.join(src, PKG, 'test/supabase/config.toml'))) {
    console.error(`Set SUPABASE_JS_SRC to a supabase-js checkout (with ${PKG}/test/supabase).`);
    return 2;
  }
  const keep = opt('keep');
  const jestDir = opt('jest-dir');
  const root = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'postgrest-js-'));
  try {
    // the suite as it is in the checkout (its tsconfig extends the repository's base config)
    fs.rmSync(path.join(root, PKG), { recursive: true, force: true });
    fs.mkdirSync(path.join(root, PKG), { recursive: true });
    fs.cpSync(path.join(src, PKG), path.join(root, PKG), {
      recursive: true,
      filter: (p) => !/node_modules|[\\/]dist([\\/]|$)|[\\/]\.data([\\/]|$)/.test(p),
    });
    fs.copyFileSync(path.join(src, 'tsconfig.base.json'), path.join(root, 'tsconfig.base.json'));
    if (jestDir) {
      fs.rmSync(path.join(root, 'node_modules'), { recursive: true, force: true });
      fs.symlinkSync(path.resolve(jestDir, 'node_modules'), path.join(root, 'node_modules'));
    } else if (!fs.existsSync(path.join(root, 'node_modules/jest'))) {
      fs.writeFileSync(path.join(root, 'package.json'), '{ "name": "postgrest-js-run", "private": true }\n');
      console.log(`installing ${JEST_PACKAGES.join(' ')} …`);
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', ...JEST_PACKAGES], {
        cwd: root,
        stdio: 'inherit',
      });
    }
    const self = fileURLToPath(import.meta.url);
    const tsx = path.resolve(path.dirname(self), '../../node_modules/.bin/tsx');
    const env = { ...process.env, PJS_INSIDE: '1', PJS_ROOT: root };
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    const r = isRoot
      ? spawnSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', tsx, self, ...args], {
          stdio: 'inherit',
          env,
        })
      : spawnSync(tsx, [self, ...args], { stdio: 'inherit', env });
    return r.status ?? 1;
  } finally {
    if (!keep) fs.rmSync(root, { recursive: true, force: true });
  }
}

process.exitCode = process.env.PJS_INSIDE === '1' ? await inside() : outside();
