import { startTransition, useEffect, useState } from 'react';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/** False until the browser has had an idle moment after `when` became true (at most `timeout` ms later):
 *  for work the first screen does not show, so that it does not lengthen the tasks that draw it. */
export function useIdleAfter(when: boolean, timeout = 3000): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!when || done) return;
    const finish = () => startTransition(() => setDone(true));
    const w = window as IdleWindow;
    if (w.requestIdleCallback && w.cancelIdleCallback) {
      const id = w.requestIdleCallback(finish, { timeout });
      return () => w.cancelIdleCallback?.(id);
    }
    const id = window.setTimeout(finish, 200);
    return () => window.clearTimeout(id);
  }, [when, done, timeout]);
  return done;
}
