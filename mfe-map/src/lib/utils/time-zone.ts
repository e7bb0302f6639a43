// Opening hours are read in the customer's time zone: `customers.time_zone`, the column the rewards' day reads too,
// so "open now" and "today's play" never disagree (issue 44; the database checks the name). A row kept by an older
// version of the page (offline) may lack it: the column's default then, Vietnam's.
import type { Customer } from './types.ts';

/** customers.time_zone's default. */
export const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh';

/** The zone a customer's opening hours are read in: its IANA zone name (UTC while there is no customer). */
export function timeZoneFor(c: Partial<Pick<Customer, 'time_zone'>> | null): string {
  if (!c) return 'UTC';
  return c.time_zone || DEFAULT_TIME_ZONE;
}
