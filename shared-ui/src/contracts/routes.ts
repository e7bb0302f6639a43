// The spec's route names and their paths. The shell owns guards and rendering; remotes only ever
// navigate by name (usePlatform().navigateTo), never by hard-coded path.
export const ROUTES = {
  Home: '/',
  TermsAndPrivacy: '/terms-and-privacy',
  AboutUs: '/about-us',
  User: '/user',
  UserSettings: '/user/settings',
  Hotels: '/hotels',
  HotelsSalesPresentation: '/hotels-sales-presentation',
  CustomerCreate: '/create-customer',
  Customer: '/:customerId',
  CustomerSettings: '/:customerId/settings',
  Map: '/:customerId/map',
  Activity: '/:customerId/map/:activitySlug?/:activityId?',
  Dashboard: '/:customerId/dashboard',
  /** Partner staff: their business's portal (`?partner=<activity id>&month=YYYY-MM`). `partner` is a reserved customer id. */
  PartnerPortal: '/partner',
} as const;

export type RouteName = keyof typeof ROUTES;
export type RouteParams = Partial<Record<'customerId' | 'activitySlug' | 'activityId', string>>;
export type RouteQuery = Record<string, string | undefined>;

export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

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
