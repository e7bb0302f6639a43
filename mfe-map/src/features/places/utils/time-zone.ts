// Opening hours are read in the city's time zone. The customers table has no time-zone column yet,
// so Vietnam's zone is used for places in Vietnam and the browser's zone elsewhere.
import type { Customer } from './types.ts';

// Asking Intl for the browser's zone builds a formatter (tens of milliseconds on a slow phone the
// first time): asked once, and only when a customer outside Vietnam needs it.
let browserZone: string | undefined;

export function timeZoneFor(c: Pick<Customer, 'latitude' | 'longitude'> | null): string {
  if (c && c.latitude > 8 && c.latitude < 23.5 && c.longitude > 102 && c.longitude < 110) return 'Asia/Ho_Chi_Minh';
  if (!c) return 'UTC';
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return browserZone;
}
