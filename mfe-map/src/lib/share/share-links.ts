// Links a guest shares (a place, a hotel's map, a won voucher): the page's address on this origin, carrying the staff
// code of the guest's visit (s=) and no language, so it opens in the recipient's own (their browser's) language; and
// the messengers' addresses are in messenger-links.ts (the menu's). Pure: unit-tested in share-links.test.ts.
import { STAFF_QUERY } from '../utils/staff-code.ts';

/** Query parameters that would impose the sender's language on the recipient. */
const LANGUAGE_PARAMS = ['lang', 'lng', 'locale', 'hl'];

export function shareUrl(path: string, origin: string, staffCode: string | null): string {
  let url = new URL(path, origin);
  // Only this origin's pages are shared (paths come from the route table; this is defence in depth).
  if (url.origin !== new URL(origin).origin) url = new URL('/', origin);
  for (const p of LANGUAGE_PARAMS) url.searchParams.delete(p);
  if (staffCode) url.searchParams.set(STAFF_QUERY, staffCode);
  else url.searchParams.delete(STAFF_QUERY);
  return url.toString();
}
