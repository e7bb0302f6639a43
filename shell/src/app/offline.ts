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
  const register = async () => {
    try {
      await sw.register('/sw.js', { scope: '/' });
      await sw.ready;
      if (controlledFromStart) {
        // Every request of this visit went through the worker already.
        markReady(win);
        return;
      }
      if (!sw.controller) await new Promise<void>((resolve) => sw.addEventListener('controllerchange', () => resolve(), { once: true }));
      // Requests from now on pass through the worker; let those that started before it settle first.
      await new Promise<void>((resolve) => idleCallback(win)(() => resolve(), { timeout: 2000 }));
      // This first visit loaded its files before the worker existed: hand it the list to keep.
      const urls = win.performance.getEntriesByType('resource').map((e) => e.name);
      const channel = new MessageChannel();
      const done = new Promise<unknown>((resolve) => (channel.port1.onmessage = (e) => resolve(e.data)));
      (sw.controller as ServiceWorker | null)?.postMessage({ type: 'gm:warm', page: win.location.href, urls }, [channel.port2]);
      const result = (await done) as { ok?: boolean } | undefined;
      if (result?.ok) markReady(win);
    } catch (e) {
      console.warn('[shell] service worker not registered', e);
    }
  };
  // After the page has loaded and gone idle: the first visit's own requests come first.
  afterLoadAndIdle(() => void register(), 3000, win);
}

/** `<html data-offline="ready">` once this visit can be replayed without a network (browser tests wait for it). */
function markReady(win: Window) {
  win.document.documentElement.dataset.offline = 'ready';
}

/** Forget cached data (signing out): what a signed-in account could read must not stay on the device. */
export function clearOfflineData(nav: Nav | undefined = typeof navigator !== 'undefined' ? navigator : undefined) {
  nav?.serviceWorker?.controller?.postMessage({ type: 'gm:clear-data' });
}
