// Opening hours are read in the city's time zone. The customers table has no time-zone column yet,
// so Vietnam's zone is used for places in Vietnam and the browser's zone elsewhere.
import type { Customer } from './types.ts';

export function timeZoneFor(c: Pick<Customer, 'latitude' | 'longitude'> | null): string {
  if (c && c.latitude > 8 && c.latitude < 23.5 && c.longitude > 102 && c.longitude < 110) return 'Asia/Ho_Chi_Minh';
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
