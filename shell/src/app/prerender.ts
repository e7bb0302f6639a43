// A public page may arrive with its screen's hero already in it (#gm-prerender, written by the server
// from the remote's prerender.json: scripts/prefill.mjs), painted before any script runs. It covers the
// page below the top bar until the screen it copies has rendered, then goes: the screen's own hero is in
// the same place, so nothing moves. It also goes when anything else takes the page's place (another
// route, the remote's fallback, a boot error).
export const PRERENDER_ID = 'gm-prerender';

/** Removes the server's copy of the hero, if it is still there. */
export function releasePrerender(): void {
  document.getElementById(PRERENDER_ID)?.remove();
}
