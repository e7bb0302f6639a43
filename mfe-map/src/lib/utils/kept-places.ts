// Places kept from the last visit (issue 32): the last successful read of each of the last few maps opened
// on this device, shown only while a new read cannot answer. Small maps only: localStorage holds a few
// megabytes for the whole origin.
import type { Activity, Customer } from './types.ts';

const KEPT_PREFIX = 'guestmap:places:';
const KEPT_MAPS = 3;
const KEPT_MAX_CHARS = 1_500_000;
/** Places of about 700 characters each (three languages' texts) fill KEPT_MAX_CHARS at about 2,000. */
const KEPT_MAX_PLACES = 2_000;

export interface KeptPlaces {
  customer: Customer;
  activities: Activity[];
  /** When they were read (ms since epoch). */
  at: number;
}

export function keepPlaces(customerId: string, customer: Customer, activities: Activity[]) {
  // A big map would not fit: not even written out (10,000 places took 400 ms of a phone's main thread
  // before the first markers, to be refused for their size).
  if (activities.length > KEPT_MAX_PLACES) return;
  try {
    const value = JSON.stringify({ customer, activities, at: Date.now() });
    if (value.length > KEPT_MAX_CHARS) return;
    const keys = Object.keys(localStorage)
      .filter((k) => k.startsWith(KEPT_PREFIX) && k !== KEPT_PREFIX + customerId)
      .map((k) => ({ k, at: Number((JSON.parse(localStorage.getItem(k) ?? '{}') as { at?: number }).at ?? 0) }))
      .sort((x, y) => y.at - x.at);
    for (const old of keys.slice(KEPT_MAPS - 1)) localStorage.removeItem(old.k);
    localStorage.setItem(KEPT_PREFIX + customerId, value);
  } catch {
    // Storage full or denied (private mode): nothing is kept, nothing breaks.
  }
}

export function keptPlaces(customerId: string): KeptPlaces | null {
  try {
    const raw = localStorage.getItem(KEPT_PREFIX + customerId);
    const v = raw ? (JSON.parse(raw) as KeptPlaces) : null;
    return v && v.customer && Array.isArray(v.activities) ? v : null;
  } catch {
    return null;
  }
}
