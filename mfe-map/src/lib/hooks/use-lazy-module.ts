// A module downloaded once something on screen needs it (`wanted`): null until it is here. A failed download
// (offline) leaves it null and is tried again when `retryKey` changes; nothing on screen breaks meanwhile.
import { useEffect, useState } from 'react';

export function useLazyModule<M>(load: () => Promise<M>, wanted: boolean, retryKey: unknown = 0): M | null {
  const [mod, setMod] = useState<M | null>(null);
  useEffect(() => {
    if (!wanted || mod) return;
    let live = true;
    load().then(
      (m) => live && setMod(() => m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [load, wanted, mod, retryKey]);
  return mod;
}
