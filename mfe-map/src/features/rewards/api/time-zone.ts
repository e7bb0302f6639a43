// The hotel's time zone (customers.time_zone): its rewards day. The page's customer row has it (the
// shell's read, `useCustomer()`); read on its own, once per hotel and page, only for another customer.
import { useEffect, useState } from 'react';
import { useCustomer, type Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import { DEFAULT_TIME_ZONE } from '../utils/hotel-day.ts';

const cache = new Map<string, Promise<string>>();

function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || !tz) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export function loadTimeZone(supabase: SupabaseClient, customerId: string): Promise<string> {
  let p = cache.get(customerId);
  if (!p) {
    p = Promise.resolve(supabase.from('customers').select('time_zone').eq('id', customerId).maybeSingle()).then(
      ({ data, error }) => {
        if (error) throw error;
        const tz = (data as { time_zone?: unknown } | null)?.time_zone;
        return isTimeZone(tz) ? tz : DEFAULT_TIME_ZONE;
      },
    );
    cache.set(customerId, p);
    p.catch(() => cache.delete(customerId));
  }
  return p;
}

/** The hotel's time zone; null while loading (the default if it cannot be read). */
export function useHotelTimeZone(supabase: SupabaseClient, customerId: string): string | null {
  const [state, setState] = useState<{ id: string; tz: string } | null>(null);
  const page = useCustomer();
  const own = page.status === 'loaded' && page.data?.id === customerId ? page.data.time_zone : undefined;
  const known = own === undefined ? null : isTimeZone(own) ? own : DEFAULT_TIME_ZONE;
  useEffect(() => {
    if (known) return;
    let live = true;
    loadTimeZone(supabase, customerId).then(
      (tz) => live && setState({ id: customerId, tz }),
      () => live && setState({ id: customerId, tz: DEFAULT_TIME_ZONE }),
    );
    return () => {
      live = false;
    };
  }, [supabase, customerId, known]);
  return known ?? (state?.id === customerId ? state.tz : null);
}
