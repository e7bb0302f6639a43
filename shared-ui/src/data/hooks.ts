// The React bindings RTK Query's hooks use, over the data store of the screen's platform (scope.ts) instead of
// react-redux's Provider: a screen needs no provider of its own, in the shell, the dev harness or a test.
import { useRef, useSyncExternalStore } from 'react';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import type { DataStore } from './scope.ts';

export function bindHooks(storeFor: (p: ReturnType<typeof usePlatform>) => DataStore) {
  const useStore = () => storeFor(usePlatform());
  const useDispatch = () => useStore().dispatch;
  function useSelector<S, R>(selector: (state: S) => R, equal: (a: R, b: R) => boolean = Object.is): R {
    const store = useStore();
    const last = useRef<{ state: unknown; selector: unknown; value: R } | null>(null);
    const snapshot = () => {
      const state = store.getState();
      const prev = last.current;
      if (prev && prev.state === state && prev.selector === selector) return prev.value;
      const next = selector(state as S);
      const value = prev && equal(prev.value, next) ? prev.value : next;
      last.current = { state, selector, value };
      return value;
    };
    return useSyncExternalStore(store.subscribe, snapshot, snapshot);
  }
  return { useStore, useDispatch, useSelector };
}
