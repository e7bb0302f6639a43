import { startTransition, useEffect, useState } from 'react';

/** False until the page has painted once after `when` became true. The map's creation measures the
 *  page (a forced layout of everything just rendered): after a paint, the list is laid out and on the
 *  screen already, and creating the map is a task of its own instead of lengthening the list's. */
export function useAfterPaint(when: boolean): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!when || done) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setDone(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [when, done]);
  return done;
}
