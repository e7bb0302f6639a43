// The page's first check of the API (src/start.js asks its health before any library has run, on a map
// page) becomes the first outcome the page's connectivity knows: "down" when no answer came or a server
// fault, so the shell's notice says at once what the page is doing, before the map's code has asked
// anything (issue 40). Still unanswered, it counts as a request in flight (it turns "slow" in time).
import { connectivity, isServerFault } from '@guestmap/shared-ui/contracts';

declare global {
  interface Window {
    /** The status of start.js's health check, 0 when no answer came (absent on pages without one). */
    __gmApiCheck?: Promise<number>;
  }
}

export function adoptEarlyApiCheck(check: Promise<number> | undefined = window.__gmApiCheck): void {
  if (!check) return;
  const id = connectivity.requestStarted();
  void check
    .then((status) => {
      if (status === 0 || isServerFault(status)) connectivity.reportDown();
      else connectivity.reportUp();
    })
    .finally(() => connectivity.requestEnded(id));
}

/** The early notice the server wrote into the page (shown by start.js): the shell's own takes its place. */
export function removeEarlyNotice(): void {
  document.getElementById('gm-early-notice')?.remove();
}
