// Full screen for one element (the deck), where the browser allows it; `on` follows the browser's own exits (Escape).
import { useCallback, useEffect, useState } from 'react';

export function useFullscreen(el: () => HTMLElement | null) {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const sync = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const supported = typeof document !== 'undefined' && !!document.fullscreenEnabled;
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else
      void el()
        ?.requestFullscreen?.()
        .catch(() => undefined);
  }, [el]);
  return { on, supported, toggle };
}
