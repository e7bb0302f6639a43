// Runs supabase/storage's own black-box acceptance suite (`acceptance/`, vitest) — its REST specs — and its
// declarative RLS scenarios (`src/test/rls_tests.yaml`), both unchanged, against this stack, and prints
// `N passed, M failed` for each and which cases fail.
//
//   STORAGE_SRC=<supabase/storage checkout> pnpm --filter @guestmap/local-stack storage-acceptance \
//     [-- --only rest|rls] [--pg] [--port 47721] [--deps-dir DIR] [--keep DIR] [-t 'name pattern'] [spec files…]
//
// The acceptance suite takes its base URL and keys from ACCEPTANCE_* variables (no hard-coded port), so the
// stack listens on 127.0.0.1 on `--port` (default: a free one) and the run needs no network: as root it still
// goes into a private network namespace (`unshare -n`), as the other runners do, so nothing outside can be
// reached. `acceptance/` and the two files the RLS scenarios read (`rls_tests.yaml`, `assets/sadcat.jpg`) are
// copied to a temporary folder (the checkout is never changed); vitest (the version storage pins) and js-yaml
// are installed there from the npm registry, or taken from `--deps-dir` (a folder whose node_modules has them).
// The stack serves an empty project (the repo's config.toml, no migrations, no seed) from in-memory PGlite, or
// with `--pg` from a throwaway PostgreSQL server. A measurement tool, not part of `npm test`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reenter, runNode, takeOption } from '../jest-suite.ts';
import { REST_SPECS, acceptanceEnv, setUpRlsContract } from './project.ts';

/** What the copy needs: vitest at the major storage's package.json pins, js-yaml for the scenarios. */
const PACKAGES = ['vitest@4.1.12', 'js-yaml@4.1.0'];

const self = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);

if (process.env.SUITE_INSIDE === '1') process.exitCode = await inside(process.env.SUITE_ROOT!, args);
else process.exitCode = outside(args);

function outside(argv: string[]): number {
  const src = process.env.STORAGE_SRC;
  if (
    !src ||
    !fs.existsSync(path.join(src, 'acceptance/specs')) ||
    !fs.existsSync(path.join(src, 'src/test/rls_tests.yaml'))
  ) {
    console.error(
      'Set STORAGE_SRC to a supabase/storage checkout (with acceptance/specs and src/test/rls_tests.yaml).',
    );
    return 2;
  }
  const rest = [...argv];
  const keep = takeOption(rest, 'keep');
  const depsDir = takeOption(rest, 'deps-dir');
  const root = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'storage-acceptance-'));
  try {
    fs.rmSync(path.join(root, 'acceptance'), { recursive: true, force: true });
    fs.cpSync(path.join(src, 'acceptance'), path.join(root, 'acceptance'), { recursive: true });
    fs.mkdirSync(path.join(root, 'src/test/assets'), { recursive: true });
    for (const f of ['src/test/rls_tests.yaml', 'src/test/assets/sadcat.jpg', 'tsconfig.json'])
      fs.copyFileSync(path.join(src, f), path.join(root, f));
    if (depsDir) {
      fs.rmSync(path.join(root, 'node_modules'), { recursive: true, force: true });
      fs.symlinkSync(path.resolve(depsDir, 'node_modules'), path.join(root, 'node_modules'));
    } else if (!fs.existsSync(path.join(root, 'node_modules/vitest'))) {
      fs.writeFileSync(path.join(root, 'package.json'), '{ "name": "storage-acceptance-run", "private": true }\n');
      console.log(`installing ${PACKAGES.join(' ')} …`);
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', ...PACKAGES], {
        cwd: root,
        stdio: 'inherit',
      });
    }
    return reenter(self, root, rest);
  } finally {
    if (!keep) fs.rmSync(root, { recursive: true, force: true });
  }
}

async function inside(root: string, argv: string[]): Promise<number> {
  const rest = [...argv];
  const only = takeOption(rest, 'only');
  const port = Number(takeOption(rest, 'port') ?? 0);
  const usePg = rest.includes('--pg');
  const vitestArgs = rest.filter((a) => a !== '--pg');
  const { startStack } = await import('../../src/stack.ts');
  const { repoSupabaseDir } = await import('../../testing/stack.ts');
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-acceptance-project-'));
  fs.copyFileSync(path.join(repoSupabaseDir, 'config.toml'), path.join(workdir, 'config.toml'));
  const pg = usePg ? await (await import('../../testing/pg-server.ts')).startPgServer() : null;
  let stack: Awaited<ReturnType<typeof startStack>> | null = null;
  let status = 0;
  try {
    stack = await startStack({
      workdir,
      databaseUrl: pg ? await pg.createDatabase('storage_acceptance') : undefined,
      dataDir: null,
      seed: false,
      ports: { api: port, db: 0, inbox: 0 },
      log: () => undefined,
    });
    console.log(`stack: ${stack.apiUrl}/storage/v1 (${pg ? 'PostgreSQL' : 'PGlite'})`);
    if (only !== 'rls') {
      await setUpRlsContract(stack);
      status = Math.max(status, await runVitest(root, acceptanceEnv(stack), vitestArgs));
    }
    if (only !== 'rest') {
      const { runRlsScenarios } = await import('./rls.ts');
      status = Math.max(status, await runRlsScenarios(root, stack));
    }
    return status;
  } finally {
    await stack?.stop();
    await pg?.stop();
    fs.rmSync(workdir, { recursive: true, force: true });
  }
}

/** vitest on the REST specs (or the files given), asynchronously: the stack answers from this event loop. */
async function runVitest(root: string, env: Record<string, string>, vitestArgs: string[]): Promise<number> {
  const out = path.join(root, 'vitest-results.json');
  fs.rmSync(out, { force: true });
  const files = vitestArgs.some((a) => a.endsWith('.ts')) ? [] : REST_SPECS.map((f) => `acceptance/specs/${f}`);
  const status = await runNode(
    [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      'acceptance/acceptance.vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...files,
      ...vitestArgs,
    ],
    root,
    { ...process.env, ...env, CI: '' },
  );
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTotalTests: number;
      testResults: {
        name: string;
        assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
      }[];
    };
    console.log(
      `\nstorage acceptance (REST specs): ${r.numPassedTests} of ${r.numTotalTests} tests pass, ${r.numFailedTests} fail, ${r.numPendingTests} skipped.`,
    );
    console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`);
    // eslint-disable-next-line no-control-regex
    const plain = (s: string) => s.replace(/\u001b\[\d+m/g, '');
    for (const t of r.testResults)
      for (const a of t.assertionResults)
        if (a.status === 'failed')
          console.log(
            `✗ ${path.basename(t.name)} › ${a.fullName}: ${plain(a.failureMessages[0] ?? '')
              .split('\n')
              .slice(0, 4)
              .join(' ')
              .slice(0, 300)}`,
          );
  }
  return status;
}
