// The top bar's Features / How it works / Testimonials links: on Home, after 300 ms, scroll
// smoothly to the anchor, or to the top when the page has no such anchor (spec sections 2 and 9).
export const HASH_SCROLL_DELAY_MS = 300;
/** If Home's screen is still loading at 300 ms, wait for it (bounded) before giving up. */
export const HASH_SCROLL_WAIT_MS = 3000;
const POLL_MS = 100;

export const ANCHORS = { features: 'features', howItWorks: 'how-it-works', testimonials: 'testimonials' } as const;

let pending: ReturnType<typeof setTimeout> | null = null;

export function cancelAnchorScroll(): void {
  if (pending) clearTimeout(pending);
  pending = null;
}

/** Schedules the scroll; returns a cancel function. */
export function scheduleAnchorScroll(anchor: string, doc: Document = document): () => void {
  cancelAnchorScroll();
  const started = Date.now();
  const attempt = () => {
    pending = null;
    const el = doc.getElementById(anchor);
    const win = doc.defaultView;
    if (el) {
      el.scrollIntoView({ behavior: 'smooth', block: 'start' });
      return;
    }
    const stillLoading = !!doc.querySelector('.gm-remote-loading');
    if (stillLoading && Date.now() - started < HASH_SCROLL_WAIT_MS) {
      pending = setTimeout(attempt, POLL_MS);
      return;
    }
    win?.scrollTo({ top: 0, behavior: 'smooth' });
  };
  pending = setTimeout(attempt, HASH_SCROLL_DELAY_MS);
  return cancelAnchorScroll;
}
