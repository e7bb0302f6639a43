// A copy of the product served as `npm start` serves it, on ports of its own, for benchmarks that run
// beside anything else: the production builds and the local stack with demo data, stopped on exit.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Resolves once `url` answers 2xx; throws after `ms`. */
export async function waitFor(url, ms) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (Date.now() > end) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Starts `platform.mjs serve` with the shell on `base` (remotes follow) and the API on `api`; resolves when both answer. */
export async function serveCopy({ base, api }) {
  const env = { ...process.env, GUESTMAP_PORT_BASE: String(base), SUPABASE_API_PORT: String(api), SUPABASE_DB_PORT: String(api + 1), SUPABASE_INBOX_PORT: String(api + 3) };
  const server = spawn(process.execPath, [path.join(root, 'shell/scripts/platform.mjs'), 'serve'], { env, stdio: 'ignore', detached: true });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
  };
  process.on('exit', stop);
  await waitFor(`http://127.0.0.1:${api}/health`, 240000);
  await waitFor(`http://127.0.0.1:${base}/config.json`, 60000);
  return { origin: `http://127.0.0.1:${base}`, stop };
}
