// What the static server writes into the shell's HTML before sending it (docs/performance.md):
//  - the runtime configuration, inlined as JSON data (the shell reads it instead of fetching /config.json);
//  - on a map page (/:customerId/map…), the customer as the anonymous visitor may read it (one REST
//    read, kept briefly), and the customer's name and welcome over the boot spinner, so a guest
//    sees their hotel with the first bytes; the shell starts with that customer in its store and
//    renders the same splash in place while the map's code arrives.
// JSON data blocks are not scripts (the CSP forbids inline scripts); every text is escaped.

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

export const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** JSON safe inside a <script type="application/json"> element (no "</script>", no HTML comment openers). */
export const jsonForHtml = (v) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The page's language from Accept-Language, as the shell names it (the shell may still choose another: a stored choice wins). */
export function languageOf(acceptLanguage) {
  for (const part of String(acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    const l = tag.slice(0, 2);
    if (l === 'en' || l === 'vi' || l === 'fr') return l;
  }
  return 'en';
}

function pick(value, lang) {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return '';
  const s = value[lang] ?? value.en;
  return typeof s === 'string' ? s : '';
}

/** The splash the shell's CustomerSplash renders (same classes, same texts), over the boot spinner. */
export function splashHtml(row, lang) {
  const text = pick(row.kind === 'hotel' ? row.welcome : row.tagline, lang);
  const brand = typeof row.primary_color === 'string' && HEX.test(row.primary_color) ? ` style="--gm-brand:${row.primary_color}"` : '';
  return (
    `<div class="gm-boot gm-boot-splash"><div class="gm-splash" role="status"${brand}>` +
    `<p class="gm-splash-name">${escapeHtml(row.name)}</p>` +
    (text ? `<p class="gm-splash-text">${escapeHtml(text)}</p>` : '') +
    `<span class="gm-spinner" aria-hidden="true"></span></div></div>`
  );
}

// The customer's part of a page sits between these markers, so the service worker can keep a copy of the
// page without it (one cached page serves every route offline: it must not show another hotel).
export const CUSTOMER_START = '<!--gm:customer-->';
export const CUSTOMER_END = '<!--/gm:customer-->';
const ROOT_OPEN = '<div id="root">';
const CONFIG_PRELOAD = /\s*<!--[^>]*-->\s*<link rel="preload" href="\/config.json"[^>]*>|\s*<link rel="preload" href="\/config.json"[^>]*>/;

/** The page with the config (and the customer, when given) inlined. */
export function renderPage(html, { config, customer = null, lang = 'en' }) {
  const data = `<script type="application/json" id="gm-boot-config">${jsonForHtml(config)}</script>`;
  let out = html.replace(CONFIG_PRELOAD, '').replace('</head>', `${data}</head>`);
  if (customer && typeof customer.name === 'string' && out.includes(ROOT_OPEN)) {
    const block = `${CUSTOMER_START}${splashHtml(customer, lang)}<script type="application/json" id="gm-boot-customer">${jsonForHtml(customer)}</script>${CUSTOMER_END}`;
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
  const cache = new Map();
  return async function read(id) {
    const hit = cache.get(id);
    if (hit && hit.until > Date.now()) return hit.row;
    try {
      const url = `${apiUrl}/rest/v1/customers?select=*&id=eq.${encodeURIComponent(id)}`;
      const res = await fetchImpl(url, { headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, Accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) return null;
      const rows = await res.json();
      const row = Array.isArray(rows) && rows[0] && typeof rows[0] === 'object' ? rows[0] : null;
      if (cache.size > 500) cache.clear();
      cache.set(id, { row, until: Date.now() + ttlMs });
      return row;
    } catch {
      return null;
    }
  };
}
