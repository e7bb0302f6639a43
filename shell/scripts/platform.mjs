#!/usr/bin/env node
// The platform runner behind the README's commands. Plain Node, no dependencies, so it runs on a
// fresh clone with only Node.js (22 or 24; 20 still runs) and npm:
//   start  install what is missing, build every app, start the local Supabase stack with demo data,
//          serve the shell on :3000 and the remotes on :3001-:3004, stop everything on Ctrl-C
//   dev    the same with hot-reloading dev servers
//   build  production builds of every app, with a size report
//   serve  serve existing builds (+ the stack); used by the browser tests
//   test   typecheck, lint, unit/database/conformance tests, build, browser tests
//   bench  the benchmarks (they print figures; nothing here fails on timings)
//   bench scale  the scale bench only (issue 31, docs/scale.md): generates and loads the tenth-size data
//          set into a throwaway PostgreSQL 15 and runs every path on it; SCALE_FULL=1 adds the full size
//          (10 M events: about 20 minutes more). Not part of `bench` without the word: it takes minutes.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { serveDir, contentSecurityPolicy, filesUnder } from './serve.mjs';
import {
  PRERENDER_FILE,
  createCustomerReader,
  createPreloadReader,
  languageOf,
  mapPageCustomer,
  prerenderHtml,
  renderPage,
  screenHints,
  screenOf,
  themeOf,
} from './prefill.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The Node.js lines the project supports are the LTS lines still maintained (README, "Node.js"): 22 and 24; CI runs
// on 24 (.ci/run). An older Node still runs everything; it gets one line saying what to do, first, instead of a
// library's deprecation warning from inside a test (the test runners drop supabase-js's copy of it).
const SUPPORTED_NODE = [22, 24];
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < SUPPORTED_NODE[0] && !process.env.GUESTMAP_NODE_NOTICE_SHOWN) {
  process.env.GUESTMAP_NODE_NOTICE_SHOWN = '1';
  console.warn(
    `\x1b[33m[guestmap]\x1b[0m Node.js ${process.version} is past its end of life: everything still runs, but install Node.js ${SUPPORTED_NODE.join(' or ')} (https://nodejs.org/en/download).`,
  );
}
const PNPM_VERSION = '12.21.0';
const APPS = {
  shell: 'shell',
  marketing: 'mfe-marketing',
  map: 'mfe-map',
  account: 'mfe-account',
  dashboard: 'mfe-dashboard',
};
const base = Number(process.env.GUESTMAP_PORT_BASE ?? 3000);
export const PORTS = { shell: base, marketing: base + 1, map: base + 2, account: base + 3, dashboard: base + 4 };
const API_PORT = Number(process.env.SUPABASE_API_PORT ?? 54321);
const HOST = '127.0.0.1';
// Each seeded partner's own 6-digit redemption PIN (supabase/seed.sql). Demo only.
const PARTNER_PINS = [
  'pasteur-street-brewing 381924',
  'secret-garden 502817',
  'miu-miu-spa 264093',
  'vespa-adventures 719352',
  'lusine-dong-khoi 846105',
  'mekong-delta-day-trip 130578',
  'saigon-saigon-rooftop-bar 957246',
];
const DEMO = [
  'admin@demo.test (administrator)',
  'moderator@demo.test (moderator of saigon-riverside-hotel)',
  'guest@demo.test (hotel guest)',
  'partner@demo.test (staff of partner miu-miu-spa)',
  'disabled@demo.test (disabled)',
];

const children = new Set();
const log = (m) => console.log(`\x1b[32m[guestmap]\x1b[0m ${m}`);

function pnpmCommand() {
  const r = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  if (r.status === 0) return ['pnpm'];
  // No global pnpm: npm fetches the pinned version into its cache and runs it.
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}
const PNPM = pnpmCommand();

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32', ...opts });
  return r.status ?? 1;
}
const pnpm = (args, opts) => run(PNPM[0], [...PNPM.slice(1), ...args], opts);

function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.modules.yaml');
  const lock = path.join(ROOT, 'pnpm-lock.yaml');
  const stale = !fs.existsSync(marker) || fs.statSync(lock).mtimeMs > fs.statSync(marker).mtimeMs;
  if (!stale) return;
  log('Installing dependencies (pnpm install)...');
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  if (pnpm(['install', ...frozen]) !== 0) throw new Error('pnpm install failed');
}

function spawnChild(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

let stopping = false;
function stopAll(code = 0) {
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 1500).unref();
  if (children.size === 0) process.exit(code);
}
process.on('SIGINT', () => {
  log('Stopping...');
  stopAll(0);
});
process.on('SIGTERM', () => stopAll(0));

// ─── build and size report ─────────────────────────────────────────────────────
export function sizeReport() {
  const rows = [];
  for (const [name, dir] of Object.entries(APPS)) {
    const dist = path.join(ROOT, dir, 'dist');
    if (!fs.existsSync(dist)) continue;
    const acc = { js: [0, 0], css: [0, 0] };
    for (const f of filesUnder(dist)) {
      const kind = f.endsWith('.js') ? 'js' : f.endsWith('.css') ? 'css' : null;
      if (!kind) continue;
      const raw = fs.readFileSync(f);
      acc[kind][0] += raw.length;
      acc[kind][1] += zlib.gzipSync(raw, { level: 9 }).length;
    }
    rows.push({
      app: name,
      'js raw KB': (acc.js[0] / 1024).toFixed(1),
      'js gzip KB': (acc.js[1] / 1024).toFixed(1),
      'css raw KB': (acc.css[0] / 1024).toFixed(1),
      'css gzip KB': (acc.css[1] / 1024).toFixed(1),
    });
  }
  console.log('\nProduction build sizes (all emitted JS and CSS per app):');
  console.table(rows);
}

function build() {
  ensureInstalled();
  log('Building every app for production...');
  const filters = Object.values(APPS).flatMap((d) => ['--filter', `./${d}`]);
  if (pnpm(['-r', '--workspace-concurrency=2', ...filters, 'build']) !== 0) throw new Error('build failed');
  sizeReport();
}

// ─── serving ───────────────────────────────────────────────────────────────────
const KAKAO_APP_KEY = /^[0-9a-f]{32}$/i.test(process.env.GUESTMAP_KAKAO_APP_KEY ?? '')
  ? process.env.GUESTMAP_KAKAO_APP_KEY
  : '';
const KAKAO_SDK_ORIGIN = 'https://t1.kakaocdn.net';

export function runtimeConfig({ apiUrl, anonKey }) {
  const remote = (name) => `http://${HOST}:${PORTS[name]}/mf-manifest.json`;
  return {
    supabaseUrl: apiUrl,
    supabaseAnonKey: anonKey,
    remotes: {
      marketing: remote('marketing'),
      map: remote('map'),
      account: remote('account'),
      dashboard: remote('dashboard'),
    },
    tiles: {
      url: process.env.GUESTMAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    },
    // KakaoTalk in the guest's share menu, only with the operator's Kakao JavaScript key (docs/sharing.md).
    ...(KAKAO_APP_KEY ? { share: { kakaoAppKey: KAKAO_APP_KEY } } : {}),
  };
}

async function serveApps({ apiUrl, anonKey }, { readTimeoutMs } = {}) {
  const shellOrigins = [`http://${HOST}:${PORTS.shell}`, `http://localhost:${PORTS.shell}`];
  const remoteOrigins = Object.entries(PORTS)
    .filter(([n]) => n !== 'shell')
    .map(([, p]) => `http://${HOST}:${p}`);
  const config = runtimeConfig({ apiUrl, anonKey });
  const wsUrl = apiUrl.replace(/^http/, 'ws');
  const csp = contentSecurityPolicy({
    // Kakao's SDK (loaded on the KakaoTalk tap) only where the operator configured a key.
    scripts: [...remoteOrigins, ...(KAKAO_APP_KEY ? [KAKAO_SDK_ORIGIN] : [])],
    styles: remoteOrigins,
    connect: [apiUrl, wsUrl, ...remoteOrigins],
    images: ['https:', apiUrl, ...remoteOrigins],
  });
  // The shell's pages carry the config, a map page its customer's welcome, public pages hints to
  // download their screen's scripts at once, and Home and Hotels their prerendered hero (prefill.mjs).
  const wait = readTimeoutMs ? { timeoutMs: readTimeoutMs } : {};
  const readCustomer = createCustomerReader({ apiUrl, anonKey, ...wait });
  const readPreload = createPreloadReader({ remotes: config.remotes, ...wait });
  const readPrerender = createPreloadReader({ remotes: config.remotes, file: PRERENDER_FILE, ...wait });
  const page = async (html, req, url) => {
    const id = mapPageCustomer(url.pathname);
    const screen = screenOf(url.pathname);
    const lang = languageOf(req.headers['accept-language'], req.headers.cookie);
    const [customer, preload, prerendered] = await Promise.all([
      id ? readCustomer(id) : null,
      screen ? readPreload(screen.remote) : null,
      screen ? readPrerender(screen.remote) : null,
    ]);
    const hints = preload ? screenHints(preload.manifestUrl, preload.list, screen.module) : '';
    const prerender = prerendered ? prerenderHtml(prerendered.list, screen.module, lang) : '';
    return renderPage(html, {
      config,
      customer,
      lang,
      hints,
      prerender,
      theme: themeOf(req.headers.cookie),
      earlyNotice: id !== null,
    });
  };
  for (const [name, dir] of Object.entries(APPS)) {
    const dist = path.join(ROOT, dir, 'dist');
    if (!fs.existsSync(dist)) throw new Error(`${dir}/dist is missing: run the build first`);
    await serveDir({
      dir: dist,
      port: PORTS[name],
      host: HOST,
      spa: name === 'shell',
      csp,
      // Remotes answer the shell's origin (and each other's) only; the shell serves its own config.
      allowOrigins: name === 'shell' ? [] : [...shellOrigins, ...remoteOrigins],
      routes:
        name === 'shell'
          ? { '/config.json': () => ({ type: 'application/json', body: JSON.stringify(config) }) }
          : undefined,
      page: name === 'shell' ? page : undefined,
    });
  }
}

async function waitFor(url, ms = 60000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer in time`);
}

/**
 * Starts the local Supabase stack and resolves once it says it is ready, with the URLs and key it
 * printed: its own, never whatever answers on the port (another copy's stack, say). When it stops
 * before that (a taken port, a migration error), rejects with the part it named.
 */
async function startStack(extraArgs = [], extraEnv = {}) {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');
  const extraRedirects = Object.values(PORTS)
    .map((p) => `http://${HOST}:${p}/**,http://localhost:${p}/**`)
    .join(',');
  // The local stack (local-stack/) serving the app's Supabase project (supabase/), as `supabase start` would.
  const child = spawnChild(tsx, [path.join(ROOT, 'local-stack', 'src', 'cli.ts'), 'start', ...extraArgs], {
    cwd: path.join(ROOT, 'supabase'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      SUPABASE_API_PORT: String(API_PORT),
      GUESTMAP_EXTRA_REDIRECT_URLS: extraRedirects,
      ...extraEnv,
    },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    process.stdout.write(d);
    out += d;
  });
  child.stderr.on('data', (d) => {
    process.stderr.write(d);
    err = (err + d).slice(-4000);
  });
  const field = (name) => new RegExp(`^\\s*${name}: (\\S+)`, 'm').exec(out)?.[1];
  const stack = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('The local Supabase stack did not start within 3 minutes.')),
      180000,
    );
    const onData = () => {
      if (!field('service_role key')) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      resolve({
        apiUrl: field('API URL'),
        dbUrl: field('DB URL'),
        inboxUrl: field('Inbox URL'),
        anonKey: field('anon key'),
        child,
      });
    };
    const onExit = (code, signal) => {
      clearTimeout(timer);
      const named = /The local Supabase stack could not start\. (.*)/.exec(err)?.[1];
      const last = err.trim().split('\n').filter(Boolean).pop();
      reject(
        new Error(
          named
            ? `The local Supabase stack could not start. ${named}`
            : `The local Supabase stack stopped before it was ready (${signal ?? `exit code ${code}`})${last ? `: ${last}` : ''}.`,
        ),
      );
    };
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
  // From now on the apps use this stack: if it stops, so does everything (never serve against nothing).
  // (A test's deliberate stop through the stack control, below, is not a failure.)
  child.once('exit', (code, signal) => {
    if (stopping || child.stoppedOnPurpose) return;
    console.error(`The local Supabase stack stopped (${signal ?? `exit code ${code}`}); stopping Guestmap.`);
    stopAll(1);
  });
  await waitFor(`${stack.apiUrl}/health`, 60000);
  return stack;
}

/**
 * For browser tests of a backend restart only (docs/reliability.md): with GUESTMAP_STACK_CONTROL_PORT set,
 * `serve` also listens on that port (127.0.0.1) for `POST /stop` (the stack's process is stopped: the API
 * refuses connections while the apps are still served) and `POST /start` (started again; answers once
 * healthy). An in-memory stack starts again from its migrations and seed. `npm start` never sets it.
 */
async function serveStackControl(port, startStackAgain, initial) {
  const http = await import('node:http');
  let stack = initial;
  const stop = async () => {
    if (!stack) return;
    const { child } = stack;
    stack = null;
    child.stoppedOnPurpose = true;
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  };
  const server = http.createServer((req, res) => {
    const done = (code, text) => res.writeHead(code, { 'Content-Type': 'text/plain' }).end(text);
    if (req.method !== 'POST') return done(405, 'POST /stop or /start');
    const work = req.url === '/stop' ? stop() : req.url === '/start' ? (stack ? null : startStackAgain()) : undefined;
    if (work === undefined) return done(404, 'POST /stop or /start');
    Promise.resolve(work).then(
      (started) => {
        if (started) stack = started;
        done(200, stack ? 'started' : 'stopped');
      },
      (e) => done(500, String(e?.message ?? e)),
    );
  });
  await new Promise((resolve) => server.listen(port, HOST, resolve));
  log(`stack control on http://${HOST}:${port} (POST /stop, /start)`);
}

/** A database URL as it may be shown: the password of anything but the local stack's own replaced. */
function shown(url) {
  return url ? url.replace(/^(postgres(?:ql)?:\/\/[^:/@]+:)(?!postgres@)[^@]*@/, '$1***@') : '(none)';
}

function banner(stack) {
  console.log(`
  Guestmap is running.

    App (shell)      http://localhost:${PORTS.shell}
    Remotes          marketing :${PORTS.marketing}  map :${PORTS.map}  account :${PORTS.account}  dashboard :${PORTS.dashboard}
    Supabase API     ${stack.apiUrl}
    Postgres         ${shown(stack.dbUrl)}
    Mail inbox       ${stack.inboxUrl}

  Demo accounts (password demo-pass-123):
    ${DEMO.join('\n    ')}
  Partner PINs (Saigon Riverside, at /saigon-riverside-hotel?redeem=CODE):
    ${PARTNER_PINS.join('\n    ')}

  Press Ctrl-C to stop.
`);
}

/** Fails at once, naming the app, when one of the apps' ports is taken (before building or starting anything). */
async function checkAppPorts() {
  for (const [name, port] of Object.entries(PORTS)) {
    await new Promise((resolve, reject) => {
      const s = net.createServer();
      s.once('error', (e) =>
        reject(
          new Error(
            e.code === 'EADDRINUSE'
              ? `${APPS[name]}: port ${port} on ${HOST} is already in use (another copy of Guestmap, or another program). Stop it, or move the apps with GUESTMAP_PORT_BASE.`
              : `${APPS[name]}: cannot listen on port ${port}: ${e.message}`,
          ),
        ),
      );
      s.listen(port, HOST, () => s.close(resolve));
    });
  }
}

// ─── commands ──────────────────────────────────────────────────────────────────
async function cmdStart() {
  await checkAppPorts();
  build();
  const stack = await startStack(process.argv.includes('--memory') ? ['--memory'] : []);
  await serveApps(stack);
  banner(stack);
}

// The browser tests' server only: every test browser is one client (127.0.0.1) that signs up, signs in
// and mails far more often than a person, so the auth limits of config.toml (hosted's defaults, kept by
// `npm start`) are raised for this run. Variables already set in the environment win.
const BROWSER_TEST_AUTH_LIMITS = {
  AUTH_RATE_LIMIT_EMAIL_SENT: '1000',
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '2000',
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '1000',
  AUTH_RATE_LIMIT_ANONYMOUS_USERS: '1000',
  AUTH_RATE_LIMIT_TOKEN_REFRESH: '2000',
};

async function cmdServe() {
  ensureInstalled();
  const limits = Object.fromEntries(Object.entries(BROWSER_TEST_AUTH_LIMITS).filter(([k]) => !process.env[k]));
  await checkAppPorts();
  const stack = await startStack(['--memory'], limits);
  // A page is sent without its welcome or hero when the server's read of them takes longer than 300-400 ms
  // (a guest must not wait on it). On a loaded two-core test runner a read that takes 20 ms on a server can
  // take more, and the pages' tests would then see another page than the one they test: this server waits
  // up to 5 s (a read that fails, as when the stack is stopped, still fails at once).
  await serveApps(stack, { readTimeoutMs: Number(process.env.GUESTMAP_PREFILL_WAIT_MS ?? 5000) });
  const controlPort = Number(process.env.GUESTMAP_STACK_CONTROL_PORT ?? 0);
  if (controlPort) await serveStackControl(controlPort, () => startStack(['--memory'], limits), stack);
  log(`serving on :${PORTS.shell}-:${PORTS.dashboard}, API ${stack.apiUrl}`);
  banner(stack);
}

async function cmdDev() {
  ensureInstalled();
  await checkAppPorts();
  const stack = await startStack();
  const cfg = runtimeConfig(stack);
  fs.mkdirSync(path.join(ROOT, 'shell', 'public'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'shell', 'public', 'config.json'), JSON.stringify(cfg, null, 2));
  for (const [name, dir] of Object.entries(APPS)) {
    spawnChild(PNPM[0], [...PNPM.slice(1), '--filter', `./${dir}`, 'dev'], {
      env: { ...process.env, [`GUESTMAP_PORT_${name.toUpperCase()}`]: String(PORTS[name]) },
    });
  }
  banner(stack);
}

// The browser tests' own ports (variables already set win): `npm test` runs beside a running `npm start`, which
// holds :3000-:3004 and :54321-:54324. Below the kernel's ephemeral range (32768+), where a test's own outgoing
// connections cannot take them; the offline and backend-restart specs derive theirs from these.
const BROWSER_TEST_PORTS = {
  GUESTMAP_PORT_BASE: '4000',
  SUPABASE_API_PORT: '25321',
  SUPABASE_DB_PORT: '25322',
  SUPABASE_INBOX_PORT: '25324',
};

function cmdTest() {
  ensureInstalled();
  const steps = [
    ['typecheck', () => pnpm(['-r', '--workspace-concurrency=2', 'typecheck'])],
    [
      'lint',
      () =>
        pnpm(['-r', '--workspace-concurrency=2', 'lint']) ||
        run(path.join(ROOT, 'node_modules', '.bin', 'prettier'), ['--check', '--log-level=warn', '.']),
    ],
    // --no-bail: every package's tests run even when one fails (a timeout in the stack's tests hid the others').
    ['unit, database and conformance tests', () => pnpm(['-r', '--workspace-concurrency=1', '--no-bail', 'test'])],
    [
      'production build',
      () => {
        try {
          build();
          return 0;
        } catch {
          return 1;
        }
      },
    ],
    [
      'browser tests (Playwright, Chromium)',
      () =>
        run(path.join(ROOT, 'node_modules', '.bin', 'playwright'), ['test', '-c', 'shell/playwright.config.ts'], {
          env: { ...BROWSER_TEST_PORTS, ...process.env },
        }),
    ],
  ];
  const results = [];
  for (const [name, fn] of steps) {
    log(`── ${name}`);
    const t = Date.now();
    const code = fn();
    results.push({
      step: name,
      result: code === 0 ? 'passed' : 'FAILED',
      seconds: Math.round((Date.now() - t) / 1000),
    });
  }
  console.log('\nSummary:');
  console.table(results);
  const failed = results.filter((r) => r.result !== 'passed').length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

function cmdBench() {
  ensureInstalled();
  if (process.argv[3] === 'scale') {
    process.exit(pnpm(['--filter', '@guestmap/supabase', 'bench:scale']));
  }
  const code = pnpm(['-r', '--workspace-concurrency=1', '--if-present', 'bench']);
  process.exit(code);
}

const cmd = process.argv[2] ?? 'start';
const commands = {
  start: cmdStart,
  serve: cmdServe,
  dev: cmdDev,
  build: () => build(),
  test: cmdTest,
  bench: cmdBench,
};
if (!commands[cmd]) {
  console.error(`Unknown command ${cmd}. Use one of: ${Object.keys(commands).join(', ')}`);
  process.exit(2);
}
Promise.resolve()
  .then(commands[cmd])
  .catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    stopAll(1);
  });
