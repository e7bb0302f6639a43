// Analytics: one map_view per customer per mount of the map screen.
import { useEffect, useRef } from 'react';
import type { Db } from '@guestmap/shared-ui/contracts';
import { recordEvent } from '../../../lib/api/record-event.ts';

export function useMapViewEvent(db: Db, customerId: string | null): void {
  const viewed = useRef<string | null>(null);
  useEffect(() => {
    if (customerId && viewed.current !== customerId) {
      viewed.current = customerId;
      void recordEvent(db, customerId, 'map_view');
    }
  }, [customerId, db]);
}
