// A copy of the product served as `npm start` serves it, on ports of its own, for benchmarks that run
// beside anything else: the production builds and the local stack with demo data, stopped on exit.
// Benchmarks give it API ports below Linux's ephemeral range (32768–60999): a port in that range can be
// held by an outgoing connection when the stack starts (the Lighthouse benchmark's 55061 was, once).
// Also the benchmarks' browser and their pages on a given screen.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
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

/**
 * Starts `platform.mjs serve` with the shell on `base` (remotes follow) and the API on `api`; resolves when all answer.
 * `checkout` serves another checkout's builds (its own platform.mjs), this one's by default.
 */
export async function serveCopy({ base, api, checkout = root }) {
  const env = {
    ...process.env,
    GUESTMAP_PORT_BASE: String(base),
    SUPABASE_API_PORT: String(api),
    SUPABASE_DB_PORT: String(api + 1),
    SUPABASE_INBOX_PORT: String(api + 3),
  };
  const server = spawn(process.execPath, [path.join(checkout, 'shell/scripts/platform.mjs'), 'serve'], {
    env,
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {}
  };
  process.on('exit', stop);
  // A server that cannot start (a port in use) exits: say so at once instead of waiting minutes for it.
  const exited = new Promise((_, reject) =>
    server.once('exit', (code) =>
      reject(
        new Error(
          `platform.mjs serve exited (${code}) before answering; is one of its ports in use? (shell ${base}…, API ${api}, ${api + 1}, ${api + 3})`,
        ),
      ),
    ),
  );
  exited.catch(() => undefined);
  await Promise.race([
    exited,
    (async () => {
      await waitFor(`http://127.0.0.1:${api}/health`, 240000);
      await waitFor(`http://127.0.0.1:${base}/config.json`, 60000);
      // The remotes start after the shell, the dashboard last (as the browser tests wait for it): a page opened
      // before would find its remote's server not there yet and show the fallback.
      await waitFor(`http://127.0.0.1:${base + 4}/mf-manifest.json`, 120000);
    })(),
  ]);
  return { origin: `http://127.0.0.1:${base}`, stop };
}

/** Chromium for the benchmarks: Debian's where present (Playwright cannot download its own here). */
export function launchBenchBrowser() {
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
  return chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
}

/**
 * A page on `screen` ({ viewport, isMobile, cpu, deviceScaleFactor? }): tiles blocked (no internet here), no
 * service worker, its CPU slowed `cpu` times; with its CDP session.
 */
export async function screenPage(browser, screen) {
  const ctx = await browser.newContext({
    viewport: screen.viewport,
    ...(screen.deviceScaleFactor ? { deviceScaleFactor: screen.deviceScaleFactor } : {}),
    isMobile: screen.isMobile,
    hasTouch: screen.isMobile,
    serviceWorkers: 'block',
  });
  const page = await ctx.newPage();
  await page.route(/tile\.openstreetmap\.org|\/\{z\}\//, (r) => r.abort('internetdisconnected'));
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: screen.cpu });
  return { ctx, page, cdp };
}
