import { useEffect } from 'react';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { dashboardUi } from '../lib/store/ui-slice.ts';

/** Counts screen views in this remote's slice of the shell's store. */
export function useScreenView(): void {
  const { store } = usePlatform();
  useEffect(() => {
    store.dispatch(dashboardUi.actions.screenViewed());
  }, [store]);
}
