// What happens right after a sign-in (spec section 4), as pure functions:
//   1. signed in from a guard's redirect (?dialogAuth=true&to=<route name>[&customerId=...]):
//      go to `to`; `to` must be a route name of the table, never a URL;
//   2. otherwise, a user with a home customer on a route without customerId (other than AboutUs,
//      TermsAndPrivacy, Hotels, HotelsSalesPresentation) goes to that customer's Map, query kept.
import { isRouteName, pathFor, type RouteName } from '@guestmap/shared-ui/contracts';

/** The auth dialog's query keys: removed once the dialog has done its job. */
export const DIALOG_KEYS = ['dialogAuth', 'to', 'customerId'] as const;

export const NO_CUSTOMER_REDIRECT: readonly RouteName[] = [
  'AboutUs',
  'TermsAndPrivacy',
  'Hotels',
  'HotelsSalesPresentation',
];
/** A session restored at load never moves the user off pages only a signed-in user opens. */
export const NO_RESTORE_REDIRECT: readonly RouteName[] = ['User', 'UserSettings', 'CustomerCreate', 'PartnerPortal'];

export interface SignInIntent {
  to: string | null;
  customerId: string | null;
}

/** The path of `to` (a route name) with its customerId, or null when `to` is not usable. */
export function intentTarget(intent: SignInIntent | null): string | null {
  if (!intent || !isRouteName(intent.to)) return null;
  try {
    return pathFor(intent.to, intent.customerId ? { customerId: intent.customerId } : {});
  } catch {
    return null; // a customer route without its customerId
  }
}

export function withoutDialogKeys(search: string): string {
  const q = new URLSearchParams(search);
  for (const k of DIALOG_KEYS) q.delete(k);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The sign-in redirect rule: the Map of the user's customer, or null to stay. */
export function customerRedirect(opts: {
  customer: string | null | undefined;
  route: string;
  customerId?: string;
  search: string;
  kind: 'restored' | 'interactive';
}): string | null {
  const { customer, route, customerId, search, kind } = opts;
  if (!customer || customerId || !isRouteName(route)) return null;
  if (NO_CUSTOMER_REDIRECT.includes(route)) return null;
  if (kind === 'restored' && NO_RESTORE_REDIRECT.includes(route)) return null;
  return pathFor('Map', { customerId: customer }) + search;
}
