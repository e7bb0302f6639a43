// The hotel's time zone (customers.time_zone): its rewards day. The page's customer row has it (the shell's read,
// `useCustomer()`); read on its own (hooks/rewards-data.ts) only for another customer.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import { DEFAULT_TIME_ZONE } from '../utils/hotel-day.ts';

export function isTimeZone(tz: unknown): tz is string {
  if (typeof tz !== 'string' || !tz) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The customer's time zone; the default when it has none or an unknown one. Throws when the read fails. */
export async function getTimeZone(supabase: SupabaseClient, customerId: string): Promise<string> {
  const { data, error } = await supabase.from('customers').select('time_zone').eq('id', customerId).maybeSingle();
  if (error) throw error;
  const tz = (data as { time_zone?: unknown } | null)?.time_zone;
  return isTimeZone(tz) ? tz : DEFAULT_TIME_ZONE;
}
