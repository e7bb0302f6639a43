// A module downloaded once something on screen needs it (`wanted`): null until it is here. A failed download
// (offline) is tried again when `retryKey` changes; `failed` says so meanwhile, so that a screen waiting for the
// module can show what it has instead of waiting for ever. Nothing on screen breaks.
import { useEffect, useState } from 'react';

export function useLazyModuleState<M>(
  load: () => Promise<M>,
  wanted: boolean,
  retryKey: unknown = 0,
): { mod: M | null; failed: boolean } {
  const [mod, setMod] = useState<M | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!wanted || mod) return;
    let live = true;
    load().then(
      (m) => live && setMod(() => m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [load, wanted, mod, retryKey]);
  return { mod, failed: failed && !mod };
}

export function useLazyModule<M>(load: () => Promise<M>, wanted: boolean, retryKey: unknown = 0): M | null {
  return useLazyModuleState(load, wanted, retryKey).mod;
}
