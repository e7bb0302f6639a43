// What the runners of supabase-js's own jest suites share (`postgrest-js/run.ts`, `storage-js/run.ts`): copying
// one package of a supabase-js checkout into a temporary folder (never changing the checkout), installing jest and
// the versions supabase-js pins there, re-entering the runner in a private network namespace (the suites call
// the hard-coded port 54321), running jest in band and printing `N passed, M failed` with each failure.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** jest and its peers at the versions supabase-js's workspace catalogue pins. */
export const JEST_PACKAGES = [
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

/** Removes `--name value` from `args` and returns the value. */
export function takeOption(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
}

/** Whether this process is the inner half (in the namespace, with the copy at `suiteRoot()`). */
const isInside = () => process.env.SUITE_INSIDE === '1';
const suiteRoot = () => process.env.SUITE_ROOT!;

interface Outside extends SuiteOptions {
  /** the runner's own file (re-run inside the namespace) */
  self: string;
  /** the package inside the checkout, e.g. `packages/core/storage-js` */
  pkg: string;
  /** prefix of the temporary folder */
  name: string;
  args: string[];
}

/** What differs between the suites' packages. */
interface SuiteOptions {
  /** npm packages beyond JEST_PACKAGES (the package's own dependencies) */
  extraPackages?: string[];
  /** the CLI project's folder inside the package (`test/supabase` unless said) */
  project?: string;
  /** more folders of the checkout to copy (workspace packages the suite imports from source) */
  copy?: string[];
  /** run on the copy before jest is installed (e.g. linking workspace packages into its node_modules) */
  prepare?: (root: string) => void;
}

/**
 * A runner's entry: for `packages/core/<name>` (a package with a CLI project in `test/supabase`), the outer half
 * (`runOutside`) unless this process is the inner one, which runs `inside` with the copy's package folder and
 * the remaining arguments (jest's and the runner's own). `selfUrl` is the runner's `import.meta.url`.
 */
export async function runSuite(
  selfUrl: string,
  name: string,
  inside: (pkgDir: string, pkg: string, args: string[]) => Promise<number>,
  opts: SuiteOptions = {},
): Promise<number> {
  const pkg = `packages/core/${name}`;
  const args = process.argv.slice(2);
  if (isInside()) return inside(path.join(suiteRoot(), pkg), pkg, args);
  return runOutside({ self: fileURLToPath(selfUrl), pkg, name, args, ...opts });
}

function runOutside(o: Outside): number {
  const src = process.env.SUPABASE_JS_SRC;
  const project = `${o.pkg}/${o.project ?? 'test/supabase'}`;
  if (!src || !fs.existsSync(path.join(src, project, 'config.toml'))) {
    console.error(`Set SUPABASE_JS_SRC to a supabase-js checkout (with ${project}/config.toml).`);
    return 2;
  }
  const args = [...o.args];
  const keep = takeOption(args, 'keep');
  const jestDir = takeOption(args, 'jest-dir');
  const root = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), `${o.name}-`));
  try {
    for (const dir of [o.pkg, ...(o.copy ?? [])]) {
      fs.rmSync(path.join(root, dir), { recursive: true, force: true });
      fs.mkdirSync(path.join(root, dir), { recursive: true });
      fs.cpSync(path.join(src, dir), path.join(root, dir), {
        recursive: true,
        filter: (p) => !/node_modules|[\\/]dist([\\/]|$)|[\\/]\.data([\\/]|$)|[\\/]coverage([\\/]|$)/.test(p),
      });
    }
    fs.copyFileSync(path.join(src, 'tsconfig.base.json'), path.join(root, 'tsconfig.base.json'));
    if (jestDir) {
      fs.rmSync(path.join(root, 'node_modules'), { recursive: true, force: true });
      fs.symlinkSync(path.resolve(jestDir, 'node_modules'), path.join(root, 'node_modules'));
    } else if (!fs.existsSync(path.join(root, 'node_modules/jest'))) {
      const packages = [...JEST_PACKAGES, ...(o.extraPackages ?? [])];
      fs.writeFileSync(path.join(root, 'package.json'), `{ "name": "${o.name}-run", "private": true }\n`);
      console.log(`installing ${packages.join(' ')} …`);
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-save', ...packages], {
        cwd: root,
        stdio: 'inherit',
      });
    }
    o.prepare?.(root);
    return reenter(o.self, root, args);
  } finally {
    if (!keep) fs.rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Runs the runner `self` again as the inner half (SUITE_INSIDE, SUITE_ROOT=`root`) with `args`: as root in a
 * private network namespace (`unshare -n`, loopback up), otherwise directly. Returns its exit status.
 */
export function reenter(self: string, root: string, args: string[]): number {
  const tsx = path.resolve(path.dirname(self), '../../node_modules/.bin/tsx');
  const env = { ...process.env, SUITE_INSIDE: '1', SUITE_ROOT: root };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const r = isRoot
    ? spawnSync('unshare', ['-n', 'sh', '-c', 'ip link set lo up && exec "$@"', 'sh', tsx, self, ...args], {
        stdio: 'inherit',
        env,
      })
    : spawnSync(tsx, [self, ...args], { stdio: 'inherit', env });
  return r.status ?? 1;
}

/** Runs a Node script (`argv[0]`) in `cwd` asynchronously (the stack answers from this event loop meanwhile). */
export function runNode(argv: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise<number>((resolve) => {
    const child = spawn(process.execPath, argv, {
      cwd,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...env, NODE_OPTIONS: '' },
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

/**
 * Runs jest in band in `pkgDir` (asynchronously: the stack answers from this process's event loop meanwhile),
 * then prints the summary. `jestArgs` are passed on (test files, `-t pattern`); `nodeArgs` go to node.
 */
export async function runJest(
  label: string,
  pkgDir: string,
  jestArgs: string[],
  nodeArgs: string[] = [],
): Promise<number> {
  const root = suiteRoot();
  const out = path.join(root, 'jest-results.json');
  fs.rmSync(out, { force: true });
  const status = await runNode(
    [
      ...nodeArgs,
      path.join(root, 'node_modules/jest/bin/jest.js'),
      '--runInBand',
      '--ci',
      '--json',
      `--outputFile=${out}`,
      ...jestArgs,
    ],
    pkgDir,
  );
  summarise(label, out);
  return status;
}

function summarise(label: string, file: string) {
  if (!fs.existsSync(file)) return;
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    testResults: {
      name: string;
      message?: string;
      assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
    }[];
  };
  console.log(`\n${label} suite: ${r.numPassedTests} of ${r.numTotalTests} tests pass, ${r.numFailedTests} fail.`);
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  // eslint-disable-next-line no-control-regex
  const plain = (s: string) => s.replace(/\u001b\[\d+m/g, '');
  for (const t of r.testResults) {
    if (t.assertionResults.length === 0 && t.message)
      console.log(`✗ ${path.basename(t.name)} (did not run): ${plain(t.message).split('\n').slice(0, 3).join(' ')}`);
    for (const a of t.assertionResults)
      if (a.status === 'failed') {
        const msg = plain(a.failureMessages[0] ?? '')
          .split('\n')
          .slice(0, 1)
          .join(' ');
        console.log(`✗ ${path.basename(t.name)} › ${a.fullName}: ${msg.slice(0, 200)}`);
      }
  }
}
