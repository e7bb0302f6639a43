// Media queries from the design tokens' breakpoints (never hard-coded widths).
import { useSyncExternalStore } from 'react';
import { down, type Breakpoint } from '@guestmap/shared-ui/tokens';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (cb) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const m = window.matchMedia(query);
      m.addEventListener('change', cb);
      return () => m.removeEventListener('change', cb);
    },
    () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** True below the given breakpoint (the drawer shows below md = 960 px). */
export const useBelow = (bp: Breakpoint) => useMediaQuery(down(bp));
