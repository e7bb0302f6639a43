// `local-stack start [--workdir DIR] [--reset] [--memory]` and `gen-types`.
// As with the Supabase CLI, the project is the current folder unless --workdir names another.
// DATABASE_URL points the stack at a Postgres server instead of the embedded PGlite.
import path from 'node:path';
import { startStack } from './stack.ts';
import { resolveProjectDir } from './config.ts';
import { StackStartError } from './db/errors.ts';

function flag(args: string[], name: string): boolean {
  return args.includes(`--${name}`);
}
function opt(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  const eq = args.find((a) => a.startsWith(`--${name}=`));
  return eq?.slice(name.length + 3);
}

async function main() {
  const [cmd = 'start', ...args] = process.argv.slice(2);
  const workdir = resolveProjectDir(path.resolve(opt(args, 'workdir') ?? process.cwd()));
  if (cmd === 'start') {
    const memory = flag(args, 'memory');
    const stack = await startStack({
      workdir,
      databaseUrl: process.env.DATABASE_URL || undefined,
      dataDir: memory ? null : path.join(workdir, '.data'),
      reset: flag(args, 'reset'),
      // PGLITE_FSYNC=off: PGlite's own defaults (faster small writes; not safe against a power cut).
      durability: process.env.PGLITE_FSYNC === 'off' ? 'off' : 'synced',
    });
    const c = stack.config;
    console.log(`
Guestmap local Supabase stack is running (${stack.db.kind === 'pglite' ? (memory ? 'PGlite, in memory' : 'PGlite, data in ' + path.join(workdir, '.data')) : 'PostgreSQL server'}).

         API URL: ${stack.apiUrl}
          DB URL: ${stack.dbUrl}
       Inbox URL: ${stack.inboxUrl}
      JWT secret: ${c.auth.jwtSecret}
        anon key: ${c.auth.anonKey}
service_role key: ${c.auth.serviceRoleKey}
`);
    const stop = async () => {
      await stack.stop();
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  if (cmd === 'gen-types') {
    const { generateTypes } = await import('./gen-types.ts');
    await generateTypes(workdir);
    return;
  }
  console.error(`Unknown command ${cmd}. Use: start [--workdir DIR] [--reset] [--memory] | gen-types`);
  process.exit(2);
}

main().catch((e) => {
  // A part that could not start is named in one line (npm start shows it); anything else in full.
  if (e instanceof StackStartError) console.error(`The local Supabase stack could not start. ${e.message}`);
  else console.error(e);
  process.exit(1);
});
