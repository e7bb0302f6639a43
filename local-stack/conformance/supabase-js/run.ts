// Runs supabase-js's own integration test (`packages/core/supabase-js/test/integration.test.ts`), unchanged,
// against this stack serving that package's Supabase CLI project (`packages/core/supabase-js/supabase`:
// a `todos` table with RLS, policies on `realtime.messages` and `storage.objects`, an RPC that reads
// `request.headers`), and prints `N passed, M failed` and which tests fail.
//
//   SUPABASE_JS_SRC=<supabase-js checkout> pnpm --filter @guestmap/local-stack supabase-js \
//     [-- --jest-dir DIR] [--keep DIR] [--pg] [--auto-expose] [--log FILE] [-t 'name pattern'] [test files…]
//
// The test calls http://127.0.0.1:54321 (hard-coded), so as root the run goes into a private network
// namespace (`unshare -n`) where that port is free; otherwise port 54321 must be free. The checkout is copied
// to a temporary folder (never changed): supabase-js and the workspace packages it imports (auth-js,
// functions-js, postgrest-js, realtime-js, storage-js, shared/tracing), each built there with its own
// tsconfig (as the monorepo builds them before this test) and linked into the copy's node_modules;
// jest and its peers at the versions supabase-js pins and the test's own dependencies (OpenTelemetry,
// jsonwebtoken, ws, @supabase/phoenix, iceberg-js) are installed there from the npm registry (or taken
// from `--jest-dir`). Without a file argument only `test/integration.test.ts` runs. The project is served
// from an in-memory PGlite database, or with `--pg` from a throwaway PostgreSQL server. The project grants
// the API roles nothing on its `todos` table: it relies on the default privileges `public` had before hosted's
// change of 30 October 2026, which the stack follows; `--auto-expose` gives the copy (only) a first migration
// restoring them (the CLI's `[api] auto_expose_new_tables = true`). A measurement tool, not part of `npm test`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runJest, runSuite, takeOption } from '../jest-suite.ts';

/** The monorepo's workspace packages the package imports: where their sources are, and their CommonJS build. */
const WORKSPACE: Record<string, { dir: string; out: string }> = {
  tracing: { dir: 'packages/shared/tracing', out: 'dist/main' },
  'auth-js': { dir: 'packages/core/auth-js', out: 'dist/main' },
  'functions-js': { dir: 'packages/core/functions-js', out: 'dist/main' },
  'postgrest-js': { dir: 'packages/core/postgrest-js', out: 'dist/cjs' },
  'realtime-js': { dir: 'packages/core/realtime-js', out: 'dist/main' },
  'storage-js': { dir: 'packages/core/storage-js', out: 'dist/main' },
};

/**
 * Builds each workspace package with its own `tsconfig.json` (its CommonJS build, as the monorepo does before
 * the integration test) and links it as `node_modules/@supabase/<name>`: a package.json whose entry and types
 * are that build.
 */
function linkWorkspace(root: string) {
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  for (const [name, { dir, out }] of Object.entries(WORKSPACE)) {
    const at = path.join(root, 'node_modules/@supabase', name);
    fs.rmSync(at, { recursive: true, force: true });
    fs.mkdirSync(at, { recursive: true });
    const entry = path.relative(at, path.join(root, dir, out, 'index'));
    fs.writeFileSync(
      path.join(at, 'package.json'),
      `${JSON.stringify({ name: `@supabase/${name}`, version: '0.0.0-source', main: `${entry}.js`, types: `${entry}.d.ts` }, null, 2)}\n`,
    );
    if (!fs.existsSync(path.join(root, dir, out, 'index.js'))) {
      console.log(`building ${dir} …`);
      execFileSync(process.execPath, [tsc, '-p', path.join(root, dir, 'tsconfig.json')], { stdio: 'inherit' });
    }
  }
}

/** The migration `--auto-expose` adds to the copy (before the project's own). */
const AUTO_EXPOSE_MIGRATION = '00000000000000_auto_expose_new_tables';

process.exitCode = await runSuite(
  import.meta.url,
  'supabase-js',
  async (pkgDir, pkg, args) => {
    const { startStack } = await import('../../src/stack.ts');
    const usePg = args.includes('--pg');
    const logFile = takeOption(args, 'log');
    if (args.includes('--auto-expose')) {
      // the copy only: the default privileges `public` had before hosted's change of 30 October 2026 (the
      // CLI's `[api] auto_expose_new_tables = true`), as the earliest migration, so the project's tables
      // are granted to the API roles as its migrations expect
      fs.writeFileSync(
        path.join(pkgDir, 'supabase/migrations', `${AUTO_EXPOSE_MIGRATION}.sql`),
        `${['tables', 'sequences', 'functions'].map((k) => `alter default privileges for role postgres in schema public grant all on ${k} to anon, authenticated, service_role;`).join('\n')}\n`,
      );
    }
    const pg = usePg ? await (await import('../../testing/pg-server.ts')).startPgServer() : null;
    let stack: Awaited<ReturnType<typeof startStack>> | null = null;
    try {
      stack = await startStack({
        workdir: pkgDir,
        databaseUrl: pg ? await pg.createDatabase('supabase_js') : undefined,
        dataDir: null,
        ports: { api: 54321, db: 0, inbox: 0 },
        log: logFile ? (line: string) => fs.appendFileSync(logFile, `${line}\n`) : () => undefined,
      });
      console.log(`stack: ${stack.apiUrl} (${pg ? 'PostgreSQL' : 'PGlite'}, project ${path.join(pkg, 'supabase')})`);
      const jestArgs = args.filter((a) => a !== '--pg' && a !== '--auto-expose');
      const files = jestArgs.some((a) => /\.test\.ts$/.test(a)) ? [] : ['test/integration.test.ts'];
      // supabase-js supports Node 22+, whose WebSocket is global; on Node 20 it is behind a flag (the test
      // creates clients without a transport, which would throw "native WebSocket not found")
      const major = Number(process.versions.node.split('.')[0]);
      const nodeArgs = major < 22 ? ['--experimental-websocket'] : [];
      return await runJest('supabase-js integration', pkgDir, ['--coverage=false', ...files, ...jestArgs], nodeArgs);
    } finally {
      await stack?.stop();
      await pg?.stop();
    }
  },
  {
    project: 'supabase',
    copy: Object.values(WORKSPACE).map((w) => w.dir),
    prepare: linkWorkspace,
    extraPackages: [
      '@opentelemetry/api@^1.9.0',
      '@opentelemetry/context-async-hooks@^2.8.0',
      '@opentelemetry/core@^2.8.0',
      '@opentelemetry/sdk-trace-node@^2.8.0',
      'jsonwebtoken@^9.0.0',
      '@types/jsonwebtoken@^8.5.8',
      'ws@^8',
      '@supabase/phoenix@0.4.5',
      'iceberg-js@^0.8.1',
    ],
  },
);
