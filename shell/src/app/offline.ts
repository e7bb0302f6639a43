// Registers the service worker (public/sw.js) that makes repeat visits fast and the guest map work
// offline; the caching rules and why they never hide a deploy are in docs/offline.md.
// Production builds only: in development the hot-reloading server must answer every request itself.
import { afterLoadAndIdle, idleCallback } from './idle.ts';

type Nav = Pick<Navigator, 'serviceWorker'>;

export function registerServiceWorker(opts: { enabled: boolean; nav?: Nav; win?: Window } = { enabled: true }) {
  const nav = opts.nav ?? (typeof navigator !== 'undefined' ? navigator : undefined);
  const win = opts.win ?? (typeof window !== 'undefined' ? window : undefined);
  if (!nav || !win || !('serviceWorker' in nav) || !nav.serviceWorker) return;
  if (!opts.enabled) {
    // A worker left from a production run on the same origin must not serve a development session.
    void nav.serviceWorker.getRegistrations?.().then((regs) => regs.forEach((r) => void r.unregister()));
    return;
  }
  const sw = nav.serviceWorker;
  const controlledFromStart = !!sw.controller;
  // What this page told an installing worker it loaded (the worker keeps those files as it installs). A
  // page already controlled answers too: a new version of the worker then installs without waiting.
  let listed: Set<string> | null = null;
  answerInstall(sw, win, (urls) => (listed = new Set(urls)));
  const register = async () => {
    // The screen's requests first (or 5 s), then an idle main thread: the worker's install (its script, then
    // compiling every file it keeps for the next visit) runs on a thread that would otherwise share the
    // phone's cores with the first screen's work (on the map, it did, from the map's code to its markers).
    await networkQuiet(win, 500, 5000);
    await new Promise<void>((resolve) => idleCallback(win)(() => resolve(), { timeout: 3000 }));
    try {
      await sw.register('/sw.js', { scope: '/' });
      await sw.ready;
      if (controlledFromStart) {
        // Every request of this visit went through the worker already.
        markReady(win);
        return;
      }
      if (!sw.controller)
        await new Promise<void>((resolve) => sw.addEventListener('controllerchange', () => resolve(), { once: true }));
      const controlledAt = win.performance.now();
      const send = (late: string[]) => sw.controller?.postMessage({ type: 'gm:warm', urls: late });
      const given = listed as Set<string> | null;
      if (given) {
        // The worker kept this visit's files while installing. A request that started before it took over
        // and finished after the list (while it installed, or later) passed outside it: hand it over.
        handOverLate(win, controlledAt, given, send);
        markReady(win);
        return;
      }
      // A worker that installed without asking this page (another tab's, or this page answered too late):
      // hand it the list now. Requests from now on pass through the worker; let those that started before
      // it settle first (a screen's data may still be on its way).
      await new Promise<void>((resolve) => idleCallback(win)(() => resolve(), { timeout: 2000 }));
      await networkQuiet(win, 500, 5000);
      const urls = loadedFiles(win);
      handOverLate(win, controlledAt, new Set(urls), send);
      const channel = new MessageChannel();
      const done = new Promise<unknown>((resolve) => (channel.port1.onmessage = (e) => resolve(e.data)));
      (sw.controller as ServiceWorker | null)?.postMessage({ type: 'gm:warm', page: win.location.href, urls }, [
        channel.port2,
      ]);
      const result = (await done) as { ok?: boolean } | undefined;
      if (result?.ok) markReady(win);
    } catch (e) {
      console.warn('[shell] service worker not registered', e);
    }
  };
  // After the page has loaded and gone idle: the first visit's own requests come first.
  afterLoadAndIdle(() => void register(), 3000, win);
}

type WithObserver = Window & { PerformanceObserver?: typeof PerformanceObserver };

const loadedFiles = (win: Window) => win.performance.getEntriesByType('resource').map((e) => e.name);

type Container = Pick<ServiceWorkerContainer, 'addEventListener'> & { startMessages?: () => void };

/**
 * Answers an installing worker's question (`gm:files?`) with this page's address and the files it loaded,
 * once the network has been quiet for half a second (a screen's data may still be on its way when the
 * worker asks): the worker keeps them while it installs (public/sw.js). `onListed` gets what was sent.
 */
export function answerInstall(
  sw: Container,
  win: Window,
  onListed: (urls: string[]) => void,
  quiet = { quietMs: 500, maxMs: 5000 },
): void {
  sw.addEventListener('message', (event: MessageEvent) => {
    const port = event.ports?.[0];
    if ((event.data as { type?: string } | null)?.type !== 'gm:files?' || !port) return;
    void networkQuiet(win, quiet.quietMs, quiet.maxMs).then(() => {
      const urls = loadedFiles(win);
      onListed(urls);
      port.postMessage({ page: win.location.href, urls });
    });
  });
  // Messages from a worker wait until the page says it listens (addEventListener alone does not).
  sw.startMessages?.();
}

/** Resolves once no request of the page has finished for `quietMs` (or after `maxMs` at most). */
export function networkQuiet(win: Window, quietMs: number, maxMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const Observer = (win as WithObserver).PerformanceObserver;
    if (typeof Observer !== 'function') return resolve();
    let timer = win.setTimeout(done, quietMs);
    const cap = win.setTimeout(done, maxMs);
    const observer = new Observer(() => {
      win.clearTimeout(timer);
      timer = win.setTimeout(done, quietMs);
    });
    observer.observe({ type: 'resource' });
    function done() {
      observer.disconnect();
      win.clearTimeout(timer);
      win.clearTimeout(cap);
      resolve();
    }
  });
}

/**
 * Passes on the address of every request that started before `controlledAt` (so outside the worker) and
 * is not in the list `known` handed over already: those finished by now (while the worker installed) at
 * once, the others as they finish, for a minute.
 */
export function handOverLate(
  win: Window,
  controlledAt: number,
  known: Set<string>,
  send: (urls: string[]) => void,
  forMs = 60000,
): void {
  const pass = (entries: PerformanceEntryList) => {
    const late = entries.filter((e) => e.startTime < controlledAt && !known.has(e.name)).map((e) => e.name);
    for (const url of late) known.add(url);
    if (late.length) send(late);
  };
  pass(win.performance.getEntriesByType('resource'));
  const Observer = (win as WithObserver).PerformanceObserver;
  if (typeof Observer !== 'function') return;
  const observer = new Observer((list) => pass(list.getEntries()));
  observer.observe({ type: 'resource' });
  win.setTimeout(() => observer.disconnect(), forMs);
}

/** `<html data-offline="ready">` once this visit can be replayed without a network (browser tests wait for it). */
function markReady(win: Window) {
  win.document.documentElement.dataset.offline = 'ready';
}

/** Forget cached data (signing out): what a signed-in account could read must not stay on the device. */
export function clearOfflineData(nav: Nav | undefined = typeof navigator !== 'undefined' ? navigator : undefined) {
  nav?.serviceWorker?.controller?.postMessage({ type: 'gm:clear-data' });
}
