// THE route registry: every route of the product, where it is, who may open it and which remote's screen
// renders it. Everything else derives from it: the paths (ROUTES, routes.ts), the shell's route table and
// its guards (shell/src/routes/route-table.ts), the modules each remote exposes (EXPOSES; the remotes'
// rsbuild.config.ts through exposesOf()), each remote's dev harness (shared-ui/src/harness), and the
// public pages the server lets start early (shell/scripts/prefill.mjs). Plain JavaScript with a `const`
// type, like languages.js, so that plain-Node server reads it by relative path.
//
// A new route: an entry here, its screen's file `src/expose/<kebab-case module>.tsx` in the remote
// (default-exporting the screen), and its texts in the remote's catalogues (docs/platform.md "Adding a
// route"). shared-ui/src/contracts/route-registry.test.ts fails when a derived list drifts from this one.
//
// Order matters where paths overlap only for the server's early start (the first matching early route
// wins); the router itself ranks paths (static segments before parameters).
//  - path: React Router's pattern (`:param`, `:param?` optional);
//  - guard: 'none' | 'email' (a signed-in account with an e-mail) | 'moderator' (of the route's customer,
//    or an administrator) | 'admin';
//  - remote, module: the exposed screen (`<remote>/<module>`) that renders the route;
//  - customer: a customer's route (the shell reads the customer; the overlay waits for it);
//  - blurred: the map background is blurred (spec: Map and Activity);
//  - early: a public page the server starts early (hints for the screen's scripts with the page).
export const ROUTE_REGISTRY = /** @type {const} */ ({
  Home: { path: '/', guard: 'none', remote: 'marketing', module: 'Home', early: true },
  TermsAndPrivacy: {
    path: '/terms-and-privacy',
    guard: 'none',
    remote: 'marketing',
    module: 'TermsAndPrivacy',
    early: true,
  },
  AboutUs: { path: '/about-us', guard: 'none', remote: 'marketing', module: 'AboutUs', early: true },
  User: { path: '/user', guard: 'email', remote: 'account', module: 'UserSettings' },
  UserSettings: { path: '/user/settings', guard: 'email', remote: 'account', module: 'UserSettings' },
  Hotels: { path: '/hotels', guard: 'none', remote: 'marketing', module: 'Hotels', early: true },
  HotelsSalesPresentation: {
    path: '/hotels-sales-presentation',
    guard: 'none',
    remote: 'marketing',
    module: 'SalesPresentation',
    early: true,
  },
  CustomerCreate: { path: '/create-customer', guard: 'email', remote: 'account', module: 'CustomerCreate' },
  Customer: { path: '/:customerId', guard: 'none', remote: 'map', module: 'CustomerScreen', customer: true },
  CustomerSettings: {
    path: '/:customerId/settings',
    guard: 'moderator',
    remote: 'dashboard',
    module: 'CustomerSettings',
    customer: true,
  },
  Map: {
    path: '/:customerId/map',
    guard: 'none',
    remote: 'map',
    module: 'MapScreen',
    customer: true,
    blurred: true,
    early: true,
  },
  Activity: {
    path: '/:customerId/map/:activitySlug?/:activityId?',
    guard: 'none',
    remote: 'map',
    module: 'ActivityScreen',
    customer: true,
    blurred: true,
    early: true,
  },
  Dashboard: {
    path: '/:customerId/dashboard',
    guard: 'moderator',
    remote: 'dashboard',
    module: 'Dashboard',
    customer: true,
  },
  // Partner staff: their business's portal (`?partner=<activity id>&month=YYYY-MM`); `partner` is a reserved
  // customer id. They carry no claim in their token: the guard asks for a signed-in account with an e-mail,
  // the screen asks the database which partners the user is staff of (my_partners), and every read is an
  // RPC that checks it again (docs/settlement.md "The partner portal").
  PartnerPortal: { path: '/partner', guard: 'email', remote: 'dashboard', module: 'PartnerPortal' },
});

/** Screens a remote exposes that no route renders (the shell opens them itself: dialogs). */
export const EXTRA_MODULES = /** @type {const} */ ({
  marketing: ['ContactDialog'],
  map: [],
  account: ['AuthDialog'],
  dashboard: [],
});

/** The remotes, in the order the product names them. */
export const REMOTE_NAMES = /** @type {const} */ (['marketing', 'map', 'account', 'dashboard']);

/**
 * The modules a remote exposes: each route's screen once (in registry order), then its extra modules.
 * @param {(typeof REMOTE_NAMES)[number]} remote
 * @returns {string[]}
 */
export function modulesOf(remote) {
  const routed = Object.values(ROUTE_REGISTRY)
    .filter((r) => r.remote === remote)
    .map((r) => r.module);
  return [...new Set([...routed, ...EXTRA_MODULES[remote]])];
}

/**
 * A screen's file in its remote, from its module's name: `SalesPresentation` → `sales-presentation.tsx`
 * (in `src/expose/`).
 * @param {string} module
 */
export function exposeFileOf(module) {
  return `${module.replace(/[A-Z]/g, (c, i) => (i ? '-' : '') + c.toLowerCase())}.tsx`;
}

/**
 * A route's path as a regular expression for the server: parameters match one segment without a dot (a
 * file is never a page), an optional one may be left out, and a trailing slash is allowed.
 * @param {string} path
 */
export function pathPattern(path) {
  if (path === '/') return /^\/$/;
  const body = path
    .split('/')
    .slice(1)
    .map((seg) => {
      if (!seg.startsWith(':')) return `\\/${seg.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}`;
      return seg.endsWith('?') ? '(?:\\/[^/.]+)?' : '\\/[^/.]+';
    })
    .join('');
  return new RegExp(`^${body}\\/?$`);
}
