// What the static server writes into the shell's HTML before sending it (docs/performance.md):
//  - the runtime configuration, inlined as JSON data (the shell reads it instead of fetching /config.json);
//  - on a map page (/:customerId/map…), the customer as the anonymous visitor may read it (one REST
//    read, kept briefly), and the customer's name and welcome over the boot spinner, so a guest
//    sees their hotel with the first bytes; the shell starts with that customer in its store and
//    renders the same splash in place while the map's code arrives.
//  - on the public pages a guest or a client opens first (Home, Hotels, the map…), hints for the remote's
//    manifest (preload), entry and the screen's scripts (prefetch), from the list the remote publishes
//    beside its manifest (mf-preload.json), so they download with the shell's own files, not after them
//    (added by the shell's start script once the first frame is painted: src/start.js).
//  - on Home and Hotels, the screen's hero as the remote prerendered it (prerender.json beside its
//    manifest) in the visitor's language, over the page, so it is painted with the first bytes; the shell
//    removes it when the screen has rendered (shell/src/app/prerender.ts).
// JSON data blocks are not scripts (the CSP forbids inline scripts); every text is escaped.

// By relative path, not the package's name: platform.mjs (which imports this file) runs on a fresh clone
// before node_modules exist (scripts/no-dependencies.test.mjs).
import { CONTENT_FALLBACKS, LANGUAGES, firstSpoken } from '../../shared-ui/src/i18n/languages.js';
import { ROUTE_REGISTRY, pathPattern } from '../../shared-ui/src/contracts/route-registry.js';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MAP_PAGE = /^\/([^/.]+)\/map(?:\/[^.]*)?$/;
const HEX = /^#[0-9a-f]{6}$/i;

/** The customer id of a map page's address, or null. */
export function mapPageCustomer(pathname) {
  const m = MAP_PAGE.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

export const escapeHtml = (s) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** JSON safe inside a <script type="application/json"> element (no "</script>", no HTML comment openers). */
export const jsonForHtml = (v) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The customer row as the page needs it: its per-language texts (`{en, vi, fr, zh, ko, ja}`) only in the page's
 * language and the fallbacks (English, Vietnamese), so an English page carries no Chinese, Korean or Japanese
 * welcome (issue 30). The shell reads the row again once the page is idle, in the same languages, and again in
 * another language when the guest switches (shell/src/app/customer.ts).
 */
export function pageTexts(customer, lang) {
  const keep = new Set([lang, ...CONTENT_FALLBACKS]);
  const out = {};
  for (const [k, v] of Object.entries(customer))
    out[k] =
      v &&
      typeof v === 'object' &&
      !Array.isArray(v) &&
      Object.keys(v).length &&
      Object.keys(v).every((l) => /^[a-z]{2}$/.test(l))
        ? Object.fromEntries(Object.entries(v).filter(([l]) => keep.has(l)))
        : v;
  return out;
}

/** The value of the cookie `name` in a Cookie header (null when it is not there). */
export function cookieValue(header, name) {
  for (const part of String(header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The page's language, as the shell names it: the one the shell last used on this site (its `gm-locale`
 *  cookie: shell/src/app/i18n.ts), else the first of Accept-Language the product speaks, else English.
 *  The languages are shared-ui's list (languages.js). */
export function languageOf(acceptLanguage, cookie) {
  const cookieLocale = cookieValue(cookie, 'gm-locale') ?? '';
  const chosen = LANGUAGES.find((l) => l.locale === cookieLocale);
  if (chosen) return chosen.lang;
  const tags = String(acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0].trim());
  return firstSpoken(tags)?.lang ?? 'en';
}

/** The theme the visitor chose on this site (the shell's `gm-theme` cookie: shell/src/app/theme.ts); light otherwise. */
export function themeOf(cookie) {
  return cookieValue(cookie, 'gm-theme') === 'dark' ? 'dark' : 'light';
}

/** A per-language text in `lang`, else English, else Vietnamese, blanks skipped: as shared-ui's pickText
 *  (shared-ui/src/i18n/content.ts), which this plain-Node script cannot import. */
function pick(value, lang) {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return '';
  for (const l of [lang, 'en', 'vi']) if (typeof value[l] === 'string' && value[l].trim()) return value[l];
  return '';
}

/** The splash the shell's CustomerSplash renders (same classes, same texts), over the boot spinner. */
export function splashHtml(row, lang) {
  const text = pick(row.kind === 'hotel' ? row.welcome : row.tagline, lang);
  const brand =
    typeof row.primary_color === 'string' && HEX.test(row.primary_color)
      ? ` style="--gm-brand:${row.primary_color}"`
      : '';
  return (
    `<div class="gm-boot gm-boot-splash"><div class="gm-splash" role="status"${brand}>` +
    `<p class="gm-splash-name">${escapeHtml(row.name)}</p>` +
    (text ? `<p class="gm-splash-text" elementtiming="gm-welcome">${escapeHtml(text)}</p>` : '') +
    `<span class="gm-spinner" aria-hidden="true"></span></div></div>`
  );
}

// The customer's part of a page sits between these markers, so the service worker can keep a copy of the
// page without it (one cached page serves every route offline: it must not show another hotel).
export const CUSTOMER_START = '<!--gm:customer-->';
export const CUSTOMER_END = '<!--/gm:customer-->';
const ROOT_OPEN = '<div id="root">';
const CONFIG_PRELOAD =
  /\s*<!--[^>]*-->\s*<link rel="preload" href="\/config.json"[^>]*>|\s*<link rel="preload" href="\/config.json"[^>]*>/;

// The route's part of a page (its screen's hints): the service worker's copy leaves it out too.
export const ROUTE_START = '<!--gm:route-->';
export const ROUTE_END = '<!--/gm:route-->';

/** The public pages whose screen the server lets start early: [path pattern, remote, exposed module], the
 *  routes marked `early` in the route registry (guarded pages are never: the guard may send the visitor
 *  elsewhere). route-table.test.ts checks they open what the shell's route table opens. */
const PUBLIC_SCREENS = Object.values(ROUTE_REGISTRY)
  .filter((r) => 'early' in r && r.early && r.guard === 'none')
  .map((r) => [pathPattern(r.path), r.remote, r.module]);

/** The remote and exposed module a public page opens first, or null. */
export function screenOf(pathname) {
  const hit = PUBLIC_SCREENS.find(([re]) => re.test(pathname));
  return hit ? { remote: hit[1], module: hit[2] } : null;
}

/** Hints for a screen: a connection to the remote's origin, then, as data for the shell's start script
 *  (src/start.js, which adds them once the first frame is painted, after the shell's own scripts), the
 *  remote's manifest preloaded (as the shell's runtime fetches it), its entry, its ./register and the
 *  module's scripts prefetched, each once. As links in the HTML they downloaded before the first paint
 *  on a fast connection, and the first paint counted them as needed. `list` is the remote's
 *  mf-preload.json. Scripts are prefetched, not preloaded: a preload that failed (the remote's server
 *  down) makes the browser fail the next script with its address without asking the network, so Retry
 *  could never recover; a failed prefetch leaves nothing behind, and one that succeeded is in the HTTP
 *  cache (immutable files). */
export function screenHints(manifestUrl, list, module) {
  const files = [
    ...(list.entry ?? []),
    ...(list.exposes?.['./register'] ?? []),
    ...(list.exposes?.[`./${module}`] ?? []),
  ];
  const hrefs = [
    ...new Set(
      files.filter((f) => typeof f === 'string' && /^[\w./-]+\.js$/.test(f)).map((f) => new URL(f, manifestUrl).href),
    ),
  ];
  // The remote's origin (usually another host than the page's): its connection opens with the page's.
  const origin = new URL(manifestUrl).origin;
  // Everything from the remote is asked for in CORS mode, as the shell's runtime and the remote's chunk
  // loading ask for it: a hint in another mode would be a second download, on a second connection.
  const later = [
    { rel: 'preload', href: manifestUrl, as: 'fetch', crossorigin: 'anonymous', fetchpriority: 'low' },
    ...hrefs.map((href) => ({ rel: 'prefetch', href, as: 'script', crossorigin: 'anonymous' })),
  ];
  return `<link rel="preconnect" href="${escapeHtml(origin)}" crossorigin /><script type="application/json" id="${HINTS_ID}">${jsonForHtml(later)}</script>`;
}

/** The data block src/start.js reads the screen's hints from. */
export const HINTS_ID = 'gm-hints';

/** Answers kept for `ttlMs` (at most `max` of them: beyond, the cache starts again). */
function expiringCache(ttlMs, max = 500) {
  const entries = new Map();
  return {
    /** `{ value }` while fresh, else undefined. */
    get(key) {
      const hit = entries.get(key);
      return hit && hit.until > Date.now() ? hit : undefined;
    },
    set(key, value) {
      if (entries.size > max) entries.clear();
      entries.set(key, { value, until: Date.now() + ttlMs });
    },
  };
}

/** What a remote publishes beside its manifest for the server: its scripts per screen, its prerendered heroes. */
export const PRELOAD_FILE = 'mf-preload.json';
export const PRERENDER_FILE = 'prerender.json';

/**
 * Reads a file remotes publish beside their manifest (`file`: their preload lists by default), keeps it for
 * `ttlMs`, and gives up after `timeoutMs` (the page then goes without it: the shell loads the screen as usual).
 */
export function createPreloadReader({
  remotes,
  file = PRELOAD_FILE,
  ttlMs = 30000,
  timeoutMs = 300,
  fetchImpl = fetch,
}) {
  const cache = expiringCache(ttlMs);
  return async function read(remote) {
    const manifestUrl = remotes?.[remote];
    if (typeof manifestUrl !== 'string') return null;
    const hit = cache.get(remote);
    if (hit) return hit.value;
    let value = null;
    try {
      const res = await fetchImpl(new URL(file, manifestUrl).href, { signal: AbortSignal.timeout(timeoutMs) });
      const list = res.ok ? await res.json() : null;
      if (list && typeof list === 'object') value = { manifestUrl, list };
    } catch {}
    cache.set(remote, value);
    return value;
  };
}

/** The element the shell removes once the screen has rendered (shell/src/app/prerender.ts). */
export const PRERENDER_ID = 'gm-prerender';

/**
 * A screen's prerendered hero for the page (`prerender`: the remote's prerender.json), in `lang` or else
 * English, or '' when there is none. The remote's HTML and CSS go into the page as they are (its scripts
 * run in the page anyway), but nothing that could run, end the style element or break the page's
 * markers is accepted. `inert` and hidden from assistive technology: the copy is for the eyes (screen
 * readers hear the shell's loading state); links and buttons work once the screen is there.
 */
export function prerenderHtml(prerender, module, lang) {
  const byLang = prerender?.screens?.[module];
  const html = byLang?.[lang] ?? byLang?.en;
  const css = typeof prerender?.css === 'string' ? prerender.css : '';
  if (typeof html !== 'string' || !html) return '';
  if (
    /<(script|iframe|object|embed|link|meta|base|style)\b|<!--|<[^>]*\son\w+\s*=/i.test(html) ||
    /<\/?style|<!--/i.test(css)
  )
    return '';
  return `<div id="${PRERENDER_ID}" class="gm-prerender" inert aria-hidden="true"><style>${css}</style>${html}</div>`;
}

/** The element src/start.js shows when the page's first check of the API gets no answer (or a server fault). */
export const EARLY_NOTICE_ID = 'gm-early-notice';

const noticeTexts = new Map();
/** The shell's "Still trying to reach the server…" in `lang` (its catalogue, shell/src/locales), else English. */
export function retryingText(lang) {
  if (!noticeTexts.has(lang)) {
    let text = null;
    try {
      const name = `${/^[a-z]{2}$/.test(lang) ? lang : 'en'}.json`;
      const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales', name);
      text = JSON.parse(fs.readFileSync(file, 'utf8'))?.connection?.retrying ?? null;
    } catch {}
    noticeTexts.set(lang, typeof text === 'string' && text ? text : lang === 'en' ? '' : retryingText('en'));
  }
  return noticeTexts.get(lang);
}

/**
 * On a map page, the line the page shows when the API cannot be reached, hidden: the page's first script
 * (src/start.js) asks the API's health at once and shows it when no answer comes, long before the shell and
 * the map's code have downloaded and run on a slow phone (issue 40). The shell's own notice
 * (components/connection-notice.tsx) takes over once it renders, and removes this one.
 */
export function earlyNoticeHtml(lang) {
  const text = retryingText(lang);
  return text ? `<p id="${EARLY_NOTICE_ID}" class="gm-early-notice" role="status" hidden>${escapeHtml(text)}</p>` : '';
}

/** The page with the config (and the customer, when given) inlined, the screen's hints, its prerendered hero, and the visitor's theme.
 *  `earlyNotice`: a page whose screen needs the API at once (a map page) checks it from its first script. */
export function renderPage(
  html,
  { config, customer = null, lang = 'en', hints = '', prerender = '', theme = 'light', earlyNotice = false },
) {
  const data = `<script type="application/json" id="gm-boot-config">${jsonForHtml(config)}</script>`;
  const route = hints ? `${ROUTE_START}${hints}${ROUTE_END}` : '';
  let out = html.replace(CONFIG_PRELOAD, '').replace('</head>', `${data}${route}</head>`);
  // In the route's part of the page: the service worker's copy of a page (any route) has no such check.
  if (earlyNotice) out = out.replace('</body>', `${ROUTE_START}${earlyNoticeHtml(lang)}${ROUTE_END}</body>`);
  // The page's own stylesheet (index.html) holds the dark theme's variables under this attribute.
  if (theme === 'dark') out = out.replace(/<html(?=[\s>])/, '<html data-theme="dark"');
  if (prerender) out = out.replace('</body>', `${ROUTE_START}${prerender}${ROUTE_END}</body>`);
  if (customer && typeof customer.name === 'string' && out.includes(ROOT_OPEN)) {
    const block = `${CUSTOMER_START}${splashHtml(customer, lang)}<script type="application/json" id="gm-boot-customer">${jsonForHtml(pageTexts(customer, lang))}</script>${CUSTOMER_END}`;
    out = out.replace(ROOT_OPEN, ROOT_OPEN + block);
  }
  return out;
}

/**
 * Reads customers for map pages through the local stack's REST API as the anonymous visitor (row-level
 * security decides what is visible), keeps answers (and "not visible") for `ttlMs`, and gives up after
 * `timeoutMs` (the page is then sent without it: the shell reads the customer itself).
 */
export function createCustomerReader({ apiUrl, anonKey, ttlMs = 30000, timeoutMs = 400, fetchImpl = fetch }) {
  const cache = expiringCache(ttlMs);
  return async function read(id) {
    const hit = cache.get(id);
    if (hit) return hit.value;
    try {
      // The row as the shell reads it, with the hotel's ward embedded (CUSTOMER_WARD in src/app/customer.ts).
      const url = `${apiUrl}/rest/v1/customers?select=*,ward:vn_wards(name,province)&id=eq.${encodeURIComponent(id)}`;
      const res = await fetchImpl(url, {
        headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) return null;
      const rows = await res.json();
      const row = Array.isArray(rows) && rows[0] && typeof rows[0] === 'object' ? rows[0] : null;
      cache.set(id, row);
      return row;
    } catch {
      return null;
    }
  };
}
