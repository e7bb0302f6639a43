// One in-flight operation at a time per form: a second submit while the first is pending is
// ignored (buttons also show as busy), and the shell's progress bar runs meanwhile.
import { useCallback, useRef, useState } from 'react';
import { usePlatform } from '@guestmap/shared-ui/contracts';

export function useBusy(key: string) {
  const { setPending } = usePlatform();
  const [busy, setBusy] = useState<string | null>(null);
  const ref = useRef(false);
  const run = useCallback(
    async <T>(what: string, fn: () => Promise<T>): Promise<T | undefined> => {
      if (ref.current) return undefined;
      ref.current = true;
      setBusy(what);
      setPending(`account:${key}`, true);
      try {
        return await fn();
      } finally {
        ref.current = false;
        setBusy(null);
        setPending(`account:${key}`, false);
      }
    },
    [key, setPending],
  );
  return { busy, run };
}
