import type { MouseEvent } from 'react';

/** A click the page handles itself; any other (a middle click, with a modifier) is left to the browser. */
export function isPlainLeftClick(e: MouseEvent) {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}
