// Scheduling helpers for work that must not stand in the way of the page: after it has loaded and
// gone idle (the service worker's warm-up, the customer's second read), or between the boot's steps.

export type IdleCallback = (cb: () => void, o?: { timeout: number }) => void;

/** requestIdleCallback where the browser has it, a short timeout otherwise. */
export function idleCallback(win: Window): IdleCallback {
  const ric = (win as Window & { requestIdleCallback?: IdleCallback }).requestIdleCallback;
  return ric ? ric.bind(win) : (cb) => void win.setTimeout(cb, 200);
}

/** Runs `task` after the page's load event, once the main thread is idle (or `timeout` ms later at most). */
export function afterLoadAndIdle(task: () => void, timeout: number, win: Window = window): void {
  const idle = () => idleCallback(win)(task, { timeout });
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}

/** Lets the browser paint and answer input before going on (each step then is a short task of its own). */
export function yieldToMain(): Promise<void> {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
