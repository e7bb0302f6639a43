// The spec's route names and their paths, from the route registry (route-registry.js: guards, screens and
// the server's early pages derive from it too). The shell owns guards and rendering; remotes only ever
// navigate by name (usePlatform().navigateTo), never by hard-coded path.
import { ROUTE_REGISTRY } from './route-registry.js';

type Registry = typeof ROUTE_REGISTRY;
/** A route's entry in the registry. */
export type RouteEntry = Registry[keyof Registry];
/** Who may open a route: anyone, a signed-in account with an e-mail, a moderator of its customer, an administrator. */
export type Guard = 'none' | 'email' | 'moderator' | 'admin';

/**
 * Every route's path by name, a type read from the registry: the list of routes is the registry's data, not
 * written into the contract's API report, so a new route changes neither the report nor the contract version
 * (docs/platform.md "Contract version").
 */
export type RoutePaths = { readonly [K in keyof Registry]: Registry[K]['path'] };

/** Every route's path by name: Home '/', Map '/:customerId/map', … */
export const ROUTES: RoutePaths = Object.fromEntries(
  Object.entries(ROUTE_REGISTRY).map(([name, r]) => [name, r.path]),
) as RoutePaths;

export type RouteName = keyof RoutePaths;
export type RouteParams = Partial<Record<'customerId' | 'activitySlug' | 'activityId', string>>;
export type RouteQuery = Record<string, string | undefined>;

export const ROUTE_NAMES: RouteName[] = Object.keys(ROUTES) as RouteName[];

export function isRouteName(v: unknown): v is RouteName {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(ROUTES, v);
}

/** Builds a path from a route name; optional params left out are dropped; values are URI-encoded. */
export function pathFor(name: RouteName, params: RouteParams = {}, query?: RouteQuery): string {
  const segs = ROUTES[name].split('/').flatMap((seg) => {
    if (!seg.startsWith(':')) return [seg];
    const optional = seg.endsWith('?');
    const key = seg.slice(1, optional ? -1 : undefined) as keyof RouteParams;
    const v = params[key];
    if (v === undefined || v === '') {
      if (optional) return [];
      throw new Error(`Route ${name} needs ${key}`);
    }
    return [encodeURIComponent(v)];
  });
  const path = segs.join('/') || '/';
  const qs = query
    ? new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined)).toString()
    : '';
  return qs ? `${path}?${qs}` : path;
}
