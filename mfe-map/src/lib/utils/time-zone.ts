// Opening hours are read in the city's time zone. The customers table has no time-zone column yet,
// so Vietnam's zone is used for places in Vietnam and the browser's own zone elsewhere.
import type { Customer } from './types.ts';
import { LOCAL_ZONE } from './opening-hours.ts';

/** The zone a customer's opening hours are read in: an IANA name, or LOCAL_ZONE (the browser's,
 *  read without Intl: asking Intl for its name costs tens of milliseconds on a phone). */
export function timeZoneFor(c: Pick<Customer, 'latitude' | 'longitude'> | null): string {
  if (c && c.latitude > 8 && c.latitude < 23.5 && c.longitude > 102 && c.longitude < 110) return 'Asia/Ho_Chi_Minh';
  if (!c) return 'UTC';
  return LOCAL_ZONE;
}
