// The shell's route table: every route of the spec, its path (from the shared contract), the guard
// that protects it, and the remote screen that renders it.
import { matchRoutes } from 'react-router-dom';
// The route paths alone (the same module the contract re-exports): ranking the page's route at boot does
// not wait for the contract's libraries to be evaluated.
import { ROUTES, type RouteName } from '@guestmap/shared-ui/routes';
import type { RemoteName } from '@guestmap/shared-ui/contracts';

export type Guard = 'none' | 'email' | 'moderator' | 'admin';

export interface RouteDef {
  name: RouteName;
  path: string;
  guard: Guard;
  remote: RemoteName;
  module: string;
  /** Routes that belong to a customer (the overlay also waits for the customer). */
  customer?: boolean;
  /** The map background is blurred on these routes (spec: Map and Activity). */
  blurred?: boolean;
}

export const ROUTE_TABLE: RouteDef[] = [
  { name: 'Home', path: ROUTES.Home, guard: 'none', remote: 'marketing', module: 'Home' },
  {
    name: 'TermsAndPrivacy',
    path: ROUTES.TermsAndPrivacy,
    guard: 'none',
    remote: 'marketing',
    module: 'TermsAndPrivacy',
  },
  { name: 'AboutUs', path: ROUTES.AboutUs, guard: 'none', remote: 'marketing', module: 'AboutUs' },
  { name: 'User', path: ROUTES.User, guard: 'email', remote: 'account', module: 'UserSettings' },
  { name: 'UserSettings', path: ROUTES.UserSettings, guard: 'email', remote: 'account', module: 'UserSettings' },
  { name: 'Hotels', path: ROUTES.Hotels, guard: 'none', remote: 'marketing', module: 'Hotels' },
  {
    name: 'HotelsSalesPresentation',
    path: ROUTES.HotelsSalesPresentation,
    guard: 'none',
    remote: 'marketing',
    module: 'SalesPresentation',
  },
  { name: 'CustomerCreate', path: ROUTES.CustomerCreate, guard: 'email', remote: 'account', module: 'CustomerCreate' },
  { name: 'Customer', path: ROUTES.Customer, guard: 'none', remote: 'map', module: 'CustomerScreen', customer: true },
  {
    name: 'CustomerSettings',
    path: ROUTES.CustomerSettings,
    guard: 'moderator',
    remote: 'dashboard',
    module: 'CustomerSettings',
    customer: true,
  },
  { name: 'Map', path: ROUTES.Map, guard: 'none', remote: 'map', module: 'MapScreen', customer: true, blurred: true },
  {
    name: 'Activity',
    path: ROUTES.Activity,
    guard: 'none',
    remote: 'map',
    module: 'ActivityScreen',
    customer: true,
    blurred: true,
  },
  {
    name: 'Dashboard',
    path: ROUTES.Dashboard,
    guard: 'moderator',
    remote: 'dashboard',
    module: 'Dashboard',
    customer: true,
  },
  // Partner staff carry no claim in their token: the guard asks for a signed-in account with an e-mail, the
  // screen asks the database which partners the user is staff of (my_partners), and every read is an RPC
  // that checks it again (docs/settlement.md "The partner portal").
  { name: 'PartnerPortal', path: ROUTES.PartnerPortal, guard: 'email', remote: 'dashboard', module: 'PartnerPortal' },
];

export const routeByName = (name: RouteName): RouteDef => ROUTE_TABLE.find((r) => r.name === name)!;

const MATCHABLE = ROUTE_TABLE.map((def) => ({ path: def.path, def }));

/** The route a path opens, with its params, ranked as the router ranks them; null: not found. */
export function matchRoute(pathname: string): { def: RouteDef; params: Record<string, string | undefined> } | null {
  const match = matchRoutes(MATCHABLE, pathname)?.[0];
  return match ? { def: match.route.def, params: match.params } : null;
}

/** The route a path opens, ranked as the router ranks them; null: not found. */
export function routeForPath(pathname: string): RouteDef | null {
  return matchRoute(pathname)?.def ?? null;
}
