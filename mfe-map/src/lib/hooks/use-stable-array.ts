import { useState } from 'react';

/**
 * `next`, or the array returned last time when it holds the same elements in the same order: a list
 * recomputed for another reason (the minute's tick refreshes every place's opening status) keeps its
 * identity, so what is built from it (the markers: their cluster index and DOM nodes) is not rebuilt.
 */
export function useStableArray<T>(next: readonly T[]): readonly T[] {
  const [kept, setKept] = useState(next);
  const same = kept === next || (kept.length === next.length && kept.every((x, i) => x === next[i]));
  if (!same) setKept(next);
  return same ? kept : next;
}
