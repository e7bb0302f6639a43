/* Guestmap service worker: repeat visits and offline for the guest map (docs/offline.md).
 *
 * Served from the shell's origin with `Cache-Control: no-cache`, so the browser checks it on every
 * navigation. The rules keep a deploy from ever being hidden by a cache:
 *   - pages, /config.json and every remote's mf-manifest.json: network first; the cache only answers
 *     when the network does not (offline). A deploy changes exactly these files, so online visitors
 *     always get the new app.
 *   - content-hashed files under /static/ (any of our origins): cache first. Their names change with
 *     their content, so a cached copy can never be stale.
 *   - the map's public data (REST reads of customers and activities): network first, cache when offline.
 *   - photos (Supabase Storage objects and other images, map tiles excepted): cache first, capped.
 *   - anything else (auth, writes, realtime, tiles, RPC): not touched.
 */
'use strict';

const VERSION = 'v1';
// The shell's build writes its id here (shell/build/sw-build-id.ts): a deploy changes this file, so the
// browser installs the worker again, and the installing worker keeps the files of the new deploy with their
// compiled code (see 'install'). The caches' names stay: the new worker reuses what is kept.
const BUILD = 'dev';
// Each cache with the number of entries it keeps (oldest dropped first).
const STORES = {
  pages: { name: `gm-pages-${VERSION}`, limit: 10 },
  static: { name: `gm-static-${VERSION}`, limit: 400 },
  data: { name: `gm-data-${VERSION}`, limit: 200 },
  images: { name: `gm-images-${VERSION}`, limit: 150 },
};
// Where each kind of request (see classify) is kept: the page, config and manifests together.
const STORE_OF = {
  page: STORES.pages,
  fresh: STORES.pages,
  static: STORES.static,
  data: STORES.data,
  image: STORES.images,
};
// The key all navigations share: every route serves the same index.html.
const APP_SHELL_KEY = '/__app-shell__';

const HASHED_STATIC = /\/static\/.+\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const TILE_LIKE = /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp)$/i;
const MAP_DATA = /\/rest\/v1\/(customers|activities)$/;

/**
 * What to do with a request: 'page' | 'fresh' | 'static' | 'data' | 'image' | null (leave it alone).
 * Pure, so unit tests can check the rules without a browser.
 */
function classify(request, scopeOrigin) {
  if (request.method !== 'GET') return null;
  let url;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (request.mode === 'navigate') return url.origin === scopeOrigin ? 'page' : null;
  const path = url.pathname;
  if (path.endsWith('/mf-manifest.json') || (url.origin === scopeOrigin && path === '/config.json')) return 'fresh';
  if (HASHED_STATIC.test(path)) return 'static';
  if (MAP_DATA.test(path)) return 'data';
  if (path.startsWith('/storage/v1/object/public/') || path.startsWith('/storage/v1/render/image/public/'))
    return 'image';
  if (request.destination === 'image' && !TILE_LIKE.test(path) && !/tile/i.test(url.hostname)) return 'image';
  return null;
}

async function put(store, key, response) {
  // Opaque responses (a remote's script loaded without CORS) are kept too: scripts accept them.
  if (!response || (!response.ok && response.type !== 'opaque')) return;
  try {
    const cache = await caches.open(store.name);
    await cache.put(key, response);
    const keys = await cache.keys();
    // Keys come back in insertion order: drop the oldest.
    for (let i = 0; i < keys.length - store.limit; i++) await cache.delete(keys[i]);
  } catch (e) {
    // Quota or a response that cannot be stored: the app still works online.
    console.warn('[sw] not cached', key instanceof Request ? key.url : key, e);
  }
}

const cached = (store, key) => caches.match(key, { cacheName: store.name, ignoreVary: true });

// The route's parts of a page (shell/scripts/prefill.mjs), each between its markers: a map page's
// customer (splash and row) and a public page's hints for its screen's scripts. The one cached page
// serves every route offline, so it is kept without them: it must never show another hotel's welcome
// (the shell reads the customer itself then) nor hint another screen's files.
const ROUTE_PARTS = /<!--gm:(customer|route)-->[\s\S]*?<!--\/gm:\1-->/g;

/** A copy of a page response fit to serve any route: without the customer's part or the route's hints. */
async function neutralPage(response) {
  if (!response.ok) return response;
  const html = (await response.text()).replace(ROUTE_PARTS, '');
  return new Response(html, {
    status: response.status,
    statusText: response.statusText,
    headers: { 'Content-Type': response.headers.get('Content-Type') || 'text/html; charset=utf-8' },
  });
}

async function networkFirst(request, store, key, keep = (r) => r) {
  try {
    const response = await fetch(request);
    if (response.ok || response.type === 'opaque') {
      await put(store, key, await keep(response.clone()));
      return response;
    }
    // A server error: the cached copy, when there is one, is more useful than an error page.
    return (response.status >= 500 && (await cached(store, key))) || response;
  } catch (e) {
    const copy = await cached(store, key);
    if (copy) return copy;
    throw e;
  }
}

async function cacheFirst(request, store) {
  const copy = await cached(store, request);
  if (copy) return copy;
  const response = await fetch(request);
  await put(store, request, response.clone());
  return response;
}

let anonHeaders;
/** Public data is read as a guest reads it: with the project's public (anon) key from /config.json. */
async function guestHeaders() {
  if (!anonHeaders) {
    const config = await (await fetch('/config.json', { cache: 'no-cache' })).json();
    anonHeaders = { apikey: config.supabaseAnonKey, authorization: `Bearer ${config.supabaseAnonKey}` };
  }
  return anonHeaders;
}

const SCRIPT = /\.m?js$/i;

async function warmOne(url, kind, installing = false) {
  const store = STORE_OF[kind];
  if (kind !== 'fresh' && kind !== 'data') {
    const copy = await cached(store, url);
    // A script kept while no worker was installing (fetched at runtime, after an earlier install) has no
    // compiled code with it: put again now, it gets some (see 'install'). No download: the copy is the file.
    if (copy && installing && kind === 'static' && SCRIPT.test(new URL(url).pathname)) {
      await put(store, url, copy);
      return true;
    }
    if (copy) return false;
  }
  let response;
  try {
    response = await fetch(url, {
      mode: 'cors',
      credentials: 'omit',
      headers: kind === 'data' ? await guestHeaders() : undefined,
    });
  } catch {
    // An image from a host without CORS: an opaque copy still displays.
    if (kind !== 'image') return false;
    response = await fetch(url, { mode: 'no-cors', credentials: 'omit' });
  }
  await put(store, url, response.clone());
  if (kind === 'fresh' && url.endsWith('/mf-manifest.json') && response.ok)
    await warmExposes(url, await response.json());
  return true;
}

/**
 * A remote this visit used may be entered through another of its screens next time (a place's deep
 * link instead of the map): keep the small entry file of each screen it exposes. The shared code the shell
 * provides was loaded, and kept, with the screen that was shown; shared code the shell does not provide (the
 * data layer, which no first screen carries: docs/platform.md) is loaded only by a part opened later, so its
 * files are kept too, or that part could not open offline.
 */
async function warmExposes(manifestUrl, manifest) {
  const publicPath = manifest && manifest.metaData && manifest.metaData.publicPath;
  const baseUrl = publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl) : new URL('./', manifestUrl);
  const files = [];
  const add = (assets) => {
    for (const group of [assets && assets.js, assets && assets.css])
      if (group) files.push(...(group.sync || []), ...(group.async || []));
  };
  for (const expose of (manifest && manifest.exposes) || []) add(expose.assets);
  const shared = (manifest && manifest.shared) || [];
  if (shared.length) {
    const provided = await shellShared();
    for (const s of shared) if (provided && !provided.has(s.name)) add(s.assets);
  }
  for (const file of files) {
    const url = new URL(file, baseUrl).href;
    if (classify({ method: 'GET', url, mode: 'cors', destination: '' }, self.location.origin) === 'static')
      await warmOne(url, 'static').catch(() => false);
  }
}

/** The names of the modules the shell shares (its own mf-manifest.json), or null when it cannot be read. */
async function shellShared() {
  try {
    const url = new URL('/mf-manifest.json', self.location.origin).href;
    const response = (await fetch(url, { cache: 'no-cache' }).catch(() => null)) || (await cached(STORES.pages, url));
    if (!response || !response.ok) return null;
    return new Set(((await response.json()).shared || []).map((s) => s.name));
  } catch {
    return null;
  }
}

async function warm(pageUrl, urls, installing = false) {
  let n = 0;
  if (typeof pageUrl === 'string' && new URL(pageUrl).origin === self.location.origin) {
    const page = await fetch(pageUrl, { credentials: 'same-origin' });
    await put(STORES.pages, APP_SHELL_KEY, await neutralPage(page));
    n++;
  }
  for (const url of new Set(urls)) {
    if (typeof url !== 'string') continue;
    const kind = classify(
      {
        method: 'GET',
        url,
        mode: 'cors',
        destination: /\.(png|jpe?g|webp|gif|svg|avif)(\?|$)/i.test(url) ? 'image' : '',
      },
      self.location.origin,
    );
    if (kind && kind !== 'page' && (await warmOne(url, kind, installing).catch(() => false))) n++;
  }
  return n;
}

// How long an installing worker waits for a page to list its files (a page whose shell predates the
// question never answers).
const ASK_PAGE_MS = 10000;

/** Asks a page for the files it loaded: `{ page, urls }`, or null when it does not answer in time. */
function askPage(client) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const answer = (list) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(list);
    };
    const timer = setTimeout(() => answer(null), ASK_PAGE_MS);
    channel.port1.onmessage = (e) => answer(e.data);
    client.postMessage({ type: 'gm:files?' }, [channel.port2]);
  });
}

/** Keeps what the open pages of this site loaded before any worker was there to see it. */
async function keepOpenPages() {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const lists = await Promise.all(pages.map(askPage));
  for (const list of lists) if (list && Array.isArray(list.urls)) await warm(list.page, list.urls, true).catch(() => 0);
}

function handle(request, kind) {
  const store = STORE_OF[kind];
  switch (kind) {
    case 'page':
      return networkFirst(request, store, APP_SHELL_KEY, neutralPage);
    case 'fresh':
    case 'data':
      // The URL holds the whole query (customer, columns, filters); headers only carry keys.
      return networkFirst(request, store, request.url);
    case 'static':
    case 'image':
      return cacheFirst(request, store);
    default:
      return fetch(request);
  }
}

if (typeof self !== 'undefined' && typeof self.addEventListener === 'function' && typeof caches !== 'undefined') {
  self.addEventListener('install', (event) => {
    // The open pages' files are kept now, while installing: Chrome compiles a script put in Cache Storage
    // during install and keeps its code cache with it, so even the first visit served from this cache
    // starts without compiling (put later, a script is compiled on its first run from the cache). Then
    // take over at once.
    event.waitUntil(keepOpenPages().then(() => self.skipWaiting()));
  });

  self.addEventListener('activate', (event) => {
    const keep = new Set(Object.values(STORES).map((store) => store.name));
    event.waitUntil(
      (async () => {
        for (const name of await caches.keys())
          if (name.startsWith('gm-') && !keep.has(name)) await caches.delete(name);
        await self.clients.claim();
      })(),
    );
  });

  self.addEventListener('fetch', (event) => {
    const kind = classify(event.request, self.location.origin);
    if (kind) event.respondWith(handle(event.request, kind));
  });

  self.addEventListener('message', (event) => {
    const data = event.data || {};
    // Signing out forgets cached data (it may include what a signed-in account could read).
    if (data.type === 'gm:clear-data') event.waitUntil(caches.delete(STORES.data.name));
    // Which deploy of the shell this worker came with (diagnostics and browser tests).
    if (data.type === 'gm:build?' && event.ports && event.ports[0]) event.ports[0].postMessage({ build: BUILD });
    // A page hands over files this worker has not seen: those the install did not get from it (it did not
    // answer in time) and requests that started before the worker took over and finished later.
    if (data.type === 'gm:warm' && Array.isArray(data.urls)) {
      const reply = event.ports && event.ports[0];
      event.waitUntil(
        warm(data.page, data.urls).then(
          (n) => reply && reply.postMessage({ ok: true, cached: n }),
          (e) => reply && reply.postMessage({ ok: false, error: String(e) }),
        ),
      );
    }
  });
}
