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
import path from 'node:path';
import { runJest, runSuite } from '../jest-suite.ts';

process.exitCode = await runSuite(import.meta.url, 'postgrest-js', async (pkgDir, pkg, args) => {
  // in the namespace (or on a machine where 54321 is free): database, stack, jest
  const { startPgServer } = await import('../../testing/pg-server.ts');
  const { startStack } = await import('../../src/stack.ts');
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
    console.log(`stack: ${stack.apiUrl} (PostgreSQL, project ${path.join(pkg, 'test/supabase')})`);
    return await runJest('postgrest-js', pkgDir, args);
  } finally {
    await stack?.stop();
    await pg.stop();
  }
});
