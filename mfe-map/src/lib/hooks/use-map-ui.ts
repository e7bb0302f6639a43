// Reads this remote's slice from the shell's store (injected by register) and dispatches to it.
import { useCallback, useSyncExternalStore } from 'react';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { selectMapUi, type MapUiState } from '../store/ui-slice.ts';

export function useMapUi(): [MapUiState, (action: unknown) => void] {
  const { store } = usePlatform();
  const state = useSyncExternalStore(store.subscribe, () => selectMapUi(store.getState()));
  const dispatch = useCallback((a: unknown) => void store.dispatch(a), [store]);
  return [state, dispatch];
}
