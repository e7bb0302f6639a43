// Replays PostgREST's own test suite (its `test/spec` hspec cases and SQL fixtures, read at run time from a
// PostgREST checkout) over HTTP against this stack serving those fixtures on a throwaway PostgreSQL server,
// configured as each spec's `withConfig` record asks (schemas, anonymous role, JWT secret, max rows,
// aggregates, plans, transaction end). Prints passed/failed per spec file and, for the failures, per kind
// of issue #33's list; writes every failure as JSON (and a Markdown summary when asked).
//
//   POSTGREST_SRC=<checkout> pnpm --filter @guestmap/local-stack postgrest-spec \
//     [-- --only Query/QuerySpec] [--json failures.json] [--md failures.md] [--verbose]
//
// Needs PostgreSQL (15) with PostGIS, and psql, on this machine. PGRST_SPEC_PG_PORT picks the server's port
// (default: a free one); the stack listens on a free port. A measurement tool: not part of `npm test`
// (CI has no network to fetch PostgREST), and nothing of PostgREST's text is stored in this repository.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startStack, type Stack } from '../../src/stack.ts';
import { signJwt } from '../../src/jwt.ts';
import type { StackConfig } from '../../src/config.ts';
import { startPgServer } from '../../testing/pg-server.ts';
import { extractCases, type Expectation, type SpecCase, type SpecRequest } from './hspec.ts';
import { classify, KINDS } from './kinds.ts';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const verbose = args.includes('--verbose');
const src = process.env.POSTGREST_SRC;
if (!src || !fs.existsSync(path.join(src, 'test/spec/fixtures/load.sql'))) {
  console.error('Set POSTGREST_SRC to a PostgREST checkout (with test/spec/fixtures/load.sql).');
  process.exit(2);
}
const specDir = path.join(src, 'test/spec');
const fixturesDir = path.join(specDir, 'fixtures');

/** SpecHelper's baseCfg, as far as the stack has settings for it. */
const BASE = {
  schemas: ['test'],
  anonRole: 'postgrest_test_anonymous' as string | null,
  jwtSecret: 'reallyreallyreallyreallyverysafe',
  // PostgREST's max-rows unset: no cap (the stack's settings need a number)
  maxRows: Number.MAX_SAFE_INTEGER,
  extraSearchPath: [] as string[],
  aggregates: false,
  plan: false,
  txAllowOverride: true,
  txRollbackAll: true,
  // db-pre-request and jwt-aud, as the in-database settings `pgrst.db_pre_request` / `pgrst.jwt_aud`
  preRequest: 'test.switch_role' as string | null,
  jwtAud: null as string | null,
};
type RunConfig = typeof BASE;
/** What of SpecHelper's baseCfg the stack has no setting for (cases that depend on it fail). */
const NOT_APPLIED =
  "Not applied from PostgREST's test configuration (the stack has no such setting): `app.settings.*`, `server-timing`, `client-error-verbosity = minimal`, JWKS/asymmetric and base64 secrets, `db-anon-role` unset (a role that does not exist stands in), CORS origins, OpenAPI modes, `db-root-spec`, trace headers, `db-prepared-statements`.";
const ROLES = ['postgrest_test_anonymous', 'postgrest_test_default_role', 'postgrest_test_author'];

/** A spec's `withConfig (baseCfg { … })` record → the stack's settings; fields it has none for are listed. */
function runConfig(fields: Record<string, string>): { cfg: RunConfig; unapplied: string[] } {
  const cfg = structuredClone(BASE);
  const unapplied: string[] = [];
  const strings = (v: string) => [...v.matchAll(/"(?:[^"\\]|\\.)*"/g)].map((m) => JSON.parse(m[0]) as string);
  for (const [k, v] of Object.entries(fields)) {
    if (k === 'configDbSchemas') cfg.schemas = strings(v);
    else if (k === 'configDbExtraSearchPath') cfg.extraSearchPath = strings(v);
    else if (k === 'configDbMaxRows')
      cfg.maxRows = /Just (\d+)/.test(v) ? Number(/Just (\d+)/.exec(v)![1]) : Number.MAX_SAFE_INTEGER;
    else if (k === 'configDbAggregates') cfg.aggregates = v === 'True';
    else if (k === 'configDbPlanEnabled') cfg.plan = v === 'True';
    else if (k === 'configDbTxAllowOverride') cfg.txAllowOverride = v === 'True';
    else if (k === 'configDbTxRollbackAll') cfg.txRollbackAll = v === 'True';
    else if (k === 'configDbAnonRole' && v === 'Nothing') cfg.anonRole = null;
    else if (k === 'configDbPreRequest') cfg.preRequest = v === 'Nothing' ? null : strings(v).filter(Boolean).join('.');
    else if (k === 'configJwtAudience') cfg.jwtAud = v === 'Nothing' ? null : (strings(v)[0] ?? null);
    else unapplied.push(k);
  }
  return { cfg, unapplied };
}

function findPsql(): string {
  for (const v of ['18', '17', '16', '15']) {
    const p = `/usr/lib/postgresql/${v}/bin/psql`;
    if (fs.existsSync(p)) return p;
  }
  return 'psql';
}

interface Response {
  status: number;
  headers: Record<string, string>;
  /** Each header's lines as sent (hspec-wai matches a header against any one line of its name). */
  lines: Record<string, string[]>;
  body: string;
}

function send(base: string, r: SpecRequest): Promise<Response> {
  // hspec-wai hands the path to the application as bytes; over HTTP, spaces and non-ASCII are escaped
  // a path without its leading slash reaches the application as the same path
  const p = (r.path.startsWith('/') ? r.path : `/${r.path}`).replace(/[^\x21-\x7e]/gu, (c) => encodeURIComponent(c));
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of r.headers) {
    const value = Buffer.from(v, 'utf8').toString('latin1');
    const prev = headers[k];
    headers[k] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
  }
  const body = Buffer.from(r.body, 'utf8');
  if (body.length || !['GET', 'HEAD', 'DELETE', 'OPTIONS'].includes(r.method))
    headers['Content-Length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${p}`, { method: r.method, headers, timeout: 15000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const utf8 = (v: string) => Buffer.from(v, 'latin1').toString('utf8');
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) h[k] = utf8(Array.isArray(v) ? v.join(', ') : (v ?? ''));
        const lines: Record<string, string[]> = {};
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
          (lines[res.rawHeaders[i]!.toLowerCase()] ??= []).push(utf8(res.rawHeaders[i + 1]!));
        resolve({ status: res.statusCode ?? 0, headers: h, lines, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/** JSON equality as Aeson's Value: objects by keys, arrays in order, numbers by value. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => jsonEqual(x, bb[i]));
  }
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b as object, k) && jsonEqual((a as never)[k], (b as never)[k]))
  );
}

/** What hspec-wai would report, or null when the response matches. */
function mismatch(exp: Expectation, res: Response): string | null {
  const out: string[] = [];
  if (res.status !== exp.status) out.push(`status ${res.status}, expected ${exp.status}`);
  if (exp.body.kind === 'exact' && res.body !== exp.body.value) out.push('body differs');
  if (exp.body.kind === 'json') {
    let got: unknown;
    try {
      got = JSON.parse(res.body);
      if (!jsonEqual(got, exp.body.value)) out.push('JSON body differs');
    } catch {
      out.push('body is not JSON');
    }
  }
  for (const h of exp.headers) {
    if (h.kind === 'unsupported') out.push(`${h.what} header not checked by this tool`);
    else if (h.kind === 'json-content-type') {
      if (!/^application\/json\b/.test(res.headers['content-type'] ?? '')) out.push('Content-Type is not JSON');
    } else {
      const got = res.headers[h.name.toLowerCase()];
      if (h.kind === 'absent' && got !== undefined) out.push(`header ${h.name} present`);
      if (h.kind === 'equals' && got !== h.value && !(res.lines[h.name.toLowerCase()] ?? []).includes(h.value))
        out.push(`header ${h.name}: ${got ?? '(absent)'}, expected ${h.value}`);
      if (h.kind === 'contains' && !(got ?? '').includes(h.value))
        out.push(`header ${h.name}: ${got ?? '(absent)'}, expected to contain ${h.value}`);
    }
  }
  return out.length ? out.join('; ') : null;
}

interface Failure {
  file: string;
  title: string;
  line: number;
  kind: string;
  request: SpecRequest;
  expected: { status: number; body?: unknown; headers: unknown[] };
  got: { status: number; body: string; headers: Record<string, string> };
  why: string;
  configNotApplied?: string[];
}

async function main() {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const f of fs.readdirSync(d).sort()) {
      const p = path.join(d, f);
      if (fs.statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('Spec.hs')) files.push(p);
    }
  };
  walk(path.join(specDir, 'Feature'));
  const only = opt('only');
  const secretSign = (claimsJson: string) => signJwt(JSON.parse(claimsJson), BASE.jwtSecret);
  const cases: SpecCase[] = [];
  for (const f of files) {
    const rel = path.relative(path.join(specDir, 'Feature'), f).replace(/\.hs$/, '');
    if (only && !rel.includes(only)) continue;
    cases.push(
      ...extractCases(rel, fs.readFileSync(f, 'utf8'), {
        fixture: (name) => fs.readFileSync(path.join(fixturesDir, name), 'utf8'),
        sign: secretSign,
      }),
    );
  }

  const pgPort = process.env.PGRST_SPEC_PG_PORT ? Number(process.env.PGRST_SPEC_PG_PORT) : undefined;
  console.log(`PostgreSQL server${pgPort ? ` on port ${pgPort}` : ''}: loading PostgREST's fixtures …`);
  const pg = await startPgServer({ port: pgPort });
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'postgrest-spec-'));
  let stack: Stack | null = null;
  try {
    const dbUrl = await pg.createDatabase('postgrest_spec');
    fs.mkdirSync(path.join(workdir, 'supabase'));
    fs.writeFileSync(
      path.join(workdir, 'supabase/config.toml'),
      'project_id = "postgrest-spec"\n[db.migrations]\nenabled = false\n[db.seed]\nenabled = false\n',
    );
    // the stack bootstraps the database as hosted Supabase has it (roles, auth, …); then PostgREST's
    // fixtures replace the schemas they own (public, extensions, test, …), as they do on a fresh database
    const boot = await startStack({
      workdir,
      databaseUrl: dbUrl,
      dataDir: null,
      ports: { api: 0, db: 0, inbox: 0 },
      log: () => undefined,
      seed: false,
    });
    await boot.stop();
    execFileSync(
      findPsql(),
      [
        '-q',
        '-X',
        '-v',
        'ON_ERROR_STOP=1',
        '-v',
        'PGUSER=postgres',
        '-d',
        dbUrl,
        '-f',
        path.join(fixturesDir, 'load.sql'),
      ],
      { stdio: ['ignore', 'ignore', 'inherit'], cwd: fixturesDir },
    );

    const start = async (cfg: RunConfig) => {
      const s = await startStack({
        workdir,
        databaseUrl: dbUrl,
        dataDir: null,
        ports: { api: 0, db: 0, inbox: 0 },
        log: () => undefined,
        seed: false,
        configure: (c: StackConfig) => {
          c.api.schemas = cfg.schemas;
          c.api.extraSearchPath = cfg.extraSearchPath;
          c.api.maxRows = cfg.maxRows;
          // no anonymous role (PostgREST then refuses requests without a token): a role that does not exist
          c.api.anonRole = cfg.anonRole ?? 'postgrest_spec_no_anonymous_role';
          c.auth.jwtSecret = cfg.jwtSecret;
        },
      });
      // PostgREST's in-database settings and the roles the spec's tokens name, granted to the authenticator
      const txEnd = `${cfg.txRollbackAll ? 'rollback' : 'commit'}${cfg.txAllowOverride ? '-allow-override' : ''}`;
      await s.db.exec(`grant ${ROLES.join(', ')} to authenticator;
        alter role authenticator set pgrst.db_tx_end = '${txEnd}';
        alter role authenticator set pgrst.db_aggregates_enabled = '${cfg.aggregates}';
        alter role authenticator set pgrst.db_plan_enabled = '${cfg.plan}';
        alter role authenticator ${cfg.preRequest ? `set pgrst.db_pre_request = '${cfg.preRequest}'` : 'reset pgrst.db_pre_request'};
        alter role authenticator ${cfg.jwtAud ? `set pgrst.jwt_aud = '${cfg.jwtAud.replace(/'/g, "''")}'` : 'reset pgrst.jwt_aud'};
        create table if not exists public.postgrest_spec_reload (); drop table public.postgrest_spec_reload;`);
      return s;
    };

    // one stack per configuration, the cases of each in file order
    const groups = new Map<string, { cfg: RunConfig; unapplied: string[]; cases: SpecCase[] }>();
    for (const c of cases) {
      const { cfg, unapplied } = runConfig(c.config);
      const key = JSON.stringify(cfg);
      if (!groups.has(key)) groups.set(key, { cfg, unapplied: [], cases: [] });
      const g = groups.get(key)!;
      g.unapplied = [...new Set([...g.unapplied, ...unapplied])];
      g.cases.push(c);
    }
    const perFile = new Map<
      string,
      { passed: number; failed: number; skipped: number; steps: number; stepsOk: number }
    >();
    const failures: Failure[] = [];
    const skipped: { file: string; title: string; line: number; why: string }[] = [];
    for (const g of groups.values()) {
      stack = await start(g.cfg);
      const base = `${stack.apiUrl}/rest/v1`;
      for (const c of g.cases) {
        const f = perFile.get(c.file) ?? { passed: 0, failed: 0, skipped: 0, steps: 0, stepsOk: 0 };
        perFile.set(c.file, f);
        if (c.skipped) {
          f.skipped++;
          skipped.push({ file: c.file, title: c.title, line: c.line, why: c.skipped });
          continue;
        }
        let failed: Failure | null = null;
        for (const step of c.steps) {
          let res: Response;
          try {
            res = await send(base, step.request);
          } catch (e) {
            res = { status: 0, headers: {}, lines: {}, body: String(e) };
          }
          if (!step.expect) continue;
          f.steps++;
          const why = mismatch(step.expect, res);
          if (!why) {
            f.stepsOk++;
            continue;
          }
          failed ??= {
            file: c.file,
            title: c.title,
            line: step.line,
            kind: classify(c.file, step.request, res),
            request: step.request,
            expected: {
              status: step.expect.status,
              body: step.expect.body.kind === 'any' ? undefined : step.expect.body.value,
              headers: step.expect.headers,
            },
            got: { status: res.status, body: res.body.slice(0, 2000), headers: res.headers },
            why,
            configNotApplied: Object.keys(c.config).length ? runConfig(c.config).unapplied : undefined,
          };
        }
        if (failed) {
          f.failed++;
          failures.push(failed);
          if (verbose) console.log(`✗ ${c.file}:${failed.line} ${c.title}: ${failed.why}`);
        } else f.passed++;
      }
      await stack.stop();
      stack = null;
    }
    report(perFile, failures, skipped);
  } finally {
    await stack?.stop().catch(() => undefined);
    await pg.stop();
    fs.rmSync(workdir, { recursive: true, force: true });
  }
}

function report(
  perFile: Map<string, { passed: number; failed: number; skipped: number; steps: number; stepsOk: number }>,
  failures: Failure[],
  skipped: { file: string; title: string; line: number; why: string }[],
) {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(`\n${'spec file'.padEnd(42)}${pad('passed', 8)}${pad('failed', 8)}${pad('not run', 9)}`);
  let p = 0;
  let fl = 0;
  let sk = 0;
  let steps = 0;
  let stepsOk = 0;
  for (const [file, f] of [...perFile].sort()) {
    console.log(`${file.padEnd(42)}${pad(f.passed, 8)}${pad(f.failed, 8)}${pad(f.skipped, 9)}`);
    p += f.passed;
    fl += f.failed;
    sk += f.skipped;
    steps += f.steps;
    stepsOk += f.stepsOk;
  }
  const pct = (a: number, b: number) => (b ? ((100 * a) / b).toFixed(1) : '0');
  console.log(`${'total'.padEnd(42)}${pad(p, 8)}${pad(fl, 8)}${pad(sk, 9)}`);
  console.log(
    `\nCases (it-blocks) replayed: ${p + fl}, passed ${p} (${pct(p, p + fl)} %); not extracted: ${sk}.` +
      ` Checked responses: ${stepsOk} of ${steps} (${pct(stepsOk, steps)} %).`,
  );
  const byKind = new Map<string, Failure[]>();
  for (const f of failures) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);
  console.log('\nFailed cases by kind (issue #33):');
  for (const k of KINDS) console.log(`${pad(byKind.get(k.id)?.length ?? 0, 5)}  ${k.title}`);
  const jsonPath = opt('json') ?? 'postgrest-spec-failures.json';
  fs.writeFileSync(jsonPath, JSON.stringify({ passed: p, failed: fl, notExtracted: sk, failures, skipped }, null, 2));
  console.log(`\nFailures as JSON: ${path.resolve(jsonPath)}`);
  const md = opt('md');
  if (md) {
    const lines = [
      '# PostgREST spec replay: failures by kind',
      '',
      `Written by \`local-stack/conformance/postgrest-spec\` (${new Date().toISOString()}): ${p} of ${p + fl} replayed cases pass (${pct(p, p + fl)} %), ${stepsOk} of ${steps} checked responses (${pct(stepsOk, steps)} %); ${sk} cases not extracted. Each line: spec file:line, the case, the request, what differs.`,
      '',
      NOT_APPLIED,
      '',
      'The kind is a heuristic (conformance/postgrest-spec/kinds.ts: the first of PUT, whitespace in the query, a non-JSON Accept, /rpc/, `->`, aggregates, embedding specs or PGRST200/201, a non-JSON body, a write; else "other"). Cases run in file order on one database, so a case that fails to undo what it committed (`Prefer: tx=commit`) can make later ones differ.',
      '',
    ];
    for (const k of KINDS) {
      const fs_ = byKind.get(k.id) ?? [];
      lines.push(`## ${k.title} (${fs_.length})`, '');
      for (const f of fs_) {
        const r = f.request;
        const hdrs = r.headers.map(([a, b]) => `${a}: ${b}`).join('; ');
        lines.push(
          `- \`${f.file}:${f.line}\` ${f.title.split(' › ').slice(-1)[0]} — \`${r.method} ${r.path}\`${hdrs ? ` (${hdrs})` : ''}${r.body ? ` body \`${r.body.replace(/\s+/g, ' ').slice(0, 120)}\`` : ''} → ${f.why}; got \`${f.got.body.replace(/\s+/g, ' ').slice(0, 160)}\``,
        );
      }
      lines.push('');
    }
    fs.writeFileSync(md, lines.join('\n'));
    console.log(`Summary: ${path.resolve(md)}`);
  }
}

await main();
