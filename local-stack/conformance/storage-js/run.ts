// Runs supabase-js's own storage-js test suite, unchanged, against this stack serving that suite's Supabase CLI
// project (`packages/core/storage-js/test/supabase`: no migrations, a seed with users, buckets, objects and
// policies) on an in-memory PGlite database, and prints `N passed, M failed` and which tests fail.
//
//   SUPABASE_JS_SRC=<supabase-js checkout> pnpm --filter @guestmap/local-stack storage-js \
//     [-- --jest-dir DIR] [--keep DIR] [--pg] [-t 'name pattern'] [test files…]
//
// The suite calls http://127.0.0.1:54321/storage/v1 (hard-coded), so as root the run goes into a private
// network namespace (`unshare -n`) where that port is free; otherwise port 54321 must be free. The checkout is
// copied to a temporary folder (never changed); jest and its peers at the versions supabase-js pins, and the
// package's own dependency `iceberg-js`, are installed there from the npm registry (or taken from `--jest-dir`).
// `--pg` serves the project from a throwaway PostgreSQL server instead of PGlite. Coverage (on in the
// package's jest config) is switched off. A measurement tool, not part of `npm test`.
import path from 'node:path';
import { runJest, runSuite } from '../jest-suite.ts';

process.exitCode = await runSuite(
  import.meta.url,
  'storage-js',
  async (pkgDir, pkg, args) => {
    const { startStack } = await import('../../src/stack.ts');
    const usePg = args.includes('--pg');
    const pg = usePg ? await (await import('../../testing/pg-server.ts')).startPgServer() : null;
    let stack: Awaited<ReturnType<typeof startStack>> | null = null;
    try {
      stack = await startStack({
        workdir: path.join(pkgDir, 'test'),
        databaseUrl: pg ? await pg.createDatabase('storage_js') : undefined,
        dataDir: null,
        ports: { api: 54321, db: 0, inbox: 0 },
        log: () => undefined,
      });
      console.log(
        `stack: ${stack.apiUrl} (${pg ? 'PostgreSQL' : 'PGlite'}, project ${path.join(pkg, 'test/supabase')})`,
      );
      const jestArgs = args.filter((a) => a !== '--pg');
      return await runJest('storage-js', pkgDir, ['--coverage=false', ...jestArgs]);
    } finally {
      await stack?.stop();
      await pg?.stop();
    }
  },
  { extraPackages: ['iceberg-js@^0.8.1'] },
);
