// The shell's route table: every route of the spec, its path, the guard that protects it and the remote
// screen that renders it, from the route registry (shared-ui/src/contracts/route-registry.js).
import { matchRoutes } from 'react-router-dom';
// The route paths alone (the same module the contract re-exports): ranking the page's route at boot does
// not wait for the contract's libraries to be evaluated.
import { ROUTE_NAMES, ROUTE_REGISTRY, type Guard, type RouteName } from '@guestmap/shared-ui/routes';
import type { RemoteName } from '@guestmap/shared-ui/contracts';

export type { Guard };

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

export const ROUTE_TABLE: RouteDef[] = ROUTE_NAMES.map((name) => {
  const r: { path: string; guard: Guard; remote: RemoteName; module: string; customer?: boolean; blurred?: boolean } =
    ROUTE_REGISTRY[name];
  return {
    name,
    path: r.path,
    guard: r.guard,
    remote: r.remote,
    module: r.module,
    ...(r.customer ? { customer: true } : {}),
    ...(r.blurred ? { blurred: true } : {}),
  };
});

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
