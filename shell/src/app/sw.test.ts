// The service worker's rules (public/sw.js), run in a sandbox with an in-memory Cache Storage and a
// scripted network: what is cached, what is always asked of the network first, and why a deploy is
// never hidden. The browser test shell/e2e/offline.spec.ts runs the same file in Chromium.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { beforeEach, describe, expect, it } from 'vitest';

const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../public/sw.js'), 'utf8');
const ORIGIN = 'http://127.0.0.1:3000';
const REMOTE = 'http://127.0.0.1:3002';
const API = 'http://127.0.0.1:54321';

/** A cache key as Cache Storage reads it: a request's URL, or a string resolved against the site. */
const keyOf = (req: Request | string) => (typeof req === 'string' ? new URL(req, ORIGIN).href : req.url);

class MemoryCache {
  entries = new Map<string, Response>();
  /** Every put, in order: a put during install is when Chrome compiles a script and keeps its code. */
  puts: string[] = [];
  async match(req: Request | string) {
    const r = this.entries.get(keyOf(req));
    return r?.clone();
  }
  async put(req: Request | string, res: Response) {
    this.puts.push(keyOf(req));
    this.entries.set(keyOf(req), res);
  }
  async keys() {
    return [...this.entries.keys()].map((u) => new Request(u));
  }
  async delete(req: Request | string) {
    return this.entries.delete(keyOf(req));
  }
}

class MemoryCaches {
  stores = new Map<string, MemoryCache>();
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new MemoryCache());
    return this.stores.get(name)!;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(req: Request | string, opts: { cacheName?: string } = {}) {
    const names = opts.cacheName ? [opts.cacheName] : [...this.stores.keys()];
    for (const n of names) {
      const hit = await this.stores.get(n)?.match(req);
      if (hit) return hit;
    }
    return undefined;
  }
}

type Listener = (e: unknown) => void;

/** An open page: answers the installing worker's question with its files, or stays silent. */
type Page = { url: string; files: string[] | null };

function load(pages: Page[] = []) {
  const listeners = new Map<string, Listener>();
  const network: { calls: string[]; answer: (url: string) => Response | Promise<Response> } = {
    calls: [],
    answer: () => new Response('nothing', { status: 404 }),
  };
  const caches = new MemoryCaches();
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: Listener) => listeners.set(type, fn),
    skipWaiting: async () => {},
    clients: {
      claim: async () => {},
      matchAll: async () =>
        pages.map((p) => ({
          postMessage: (msg: { type: string }, [port]: MessagePort[]) => {
            if (msg.type === 'gm:files?' && p.files) port!.postMessage({ page: p.url, urls: p.files });
          },
        })),
    },
  };
  const fetch = async (input: Request | string) => {
    const url = typeof input === 'string' ? new URL(input, ORIGIN).href : input.url;
    network.calls.push(url);
    return network.answer(url);
  };
  // Timers run 1,000 times faster: a silent page costs the install 10 ms here instead of 10 s.
  const timers = { setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms / 1000), clearTimeout };
  const sandbox = {
    self,
    caches,
    fetch,
    URL,
    Request,
    Response,
    MessageChannel,
    ...timers,
    console: { warn() {} },
  } as Record<string, unknown>;
  vm.runInNewContext(source, sandbox);
  const classify = sandbox.classify as (r: Partial<Request>, origin: string) => string | null;

  async function request(url: string, init: { mode?: string; method?: string; destination?: string } = {}) {
    let responded: Promise<Response> | undefined;
    const req = Object.assign(new Request(url, { method: init.method ?? 'GET' }), {});
    Object.defineProperty(req, 'mode', { value: init.mode ?? 'cors' });
    Object.defineProperty(req, 'destination', { value: init.destination ?? '' });
    listeners.get('fetch')!({ request: req, respondWith: (p: Promise<Response>) => (responded = p) });
    return responded ? { handled: true, response: await responded } : { handled: false, response: undefined };
  }
  async function dispatch(type: string, data?: unknown, ports: MessagePort[] = []) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ data, ports, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  }
  return { classify, request, dispatch, network, caches };
}

let sw: ReturnType<typeof load>;
beforeEach(() => {
  sw = load();
});

const page = (u: string) => ({
  method: 'GET',
  url: u,
  mode: 'navigate' as RequestMode,
  destination: 'document' as RequestDestination,
});
const get = (u: string, destination = '') => ({
  method: 'GET',
  url: u,
  mode: 'cors' as RequestMode,
  destination: destination as RequestDestination,
});

describe('which requests the worker answers', () => {
  it('pages, config and manifests are asked of the network first; hashed files are kept; the rest is left alone', () => {
    expect(sw.classify(page(`${ORIGIN}/saigon-riverside-hotel/map`), ORIGIN)).toBe('page');
    expect(sw.classify(get(`${ORIGIN}/config.json`), ORIGIN)).toBe('fresh');
    expect(sw.classify(get(`${REMOTE}/mf-manifest.json`), ORIGIN)).toBe('fresh');
    expect(sw.classify(get(`${REMOTE}/static/js/async/a.2be2ffc349.js`), ORIGIN)).toBe('static');
    expect(sw.classify(get(`${ORIGIN}/static/css/index.0d1e2f3a.css`), ORIGIN)).toBe('static');
    expect(sw.classify(get(`${API}/rest/v1/activities?select=id&customer_id=eq.x`), ORIGIN)).toBe('data');
    expect(sw.classify(get(`${API}/rest/v1/customers?select=*&id=eq.x`), ORIGIN)).toBe('data');
    expect(sw.classify(get(`${API}/storage/v1/object/public/activity-photos/a/b.webp`, 'image'), ORIGIN)).toBe('image');
  });

  it('never touches writes, auth, RPC, other tables, unhashed files, tiles or another site’s pages', () => {
    expect(sw.classify({ ...get(`${API}/rest/v1/activities`), method: 'POST' }, ORIGIN)).toBeNull();
    expect(sw.classify(get(`${API}/auth/v1/user`), ORIGIN)).toBeNull();
    expect(sw.classify(get(`${API}/rest/v1/rpc/record_event`), ORIGIN)).toBeNull();
    expect(sw.classify(get(`${API}/rest/v1/favourites?select=*`), ORIGIN)).toBeNull();
    expect(sw.classify(get(`${REMOTE}/static/js/map.js`), ORIGIN)).toBeNull();
    expect(sw.classify(get('https://tile.openstreetmap.org/15/26104/15236.png', 'image'), ORIGIN)).toBeNull();
    expect(sw.classify(get('https://a.example.com/tiles/15/26104/15236@2x.png', 'image'), ORIGIN)).toBeNull();
    expect(sw.classify(page('https://elsewhere.example/'), ORIGIN)).toBeNull();
  });
});

describe('a deploy is never hidden', () => {
  it('a new manifest replaces the old one as soon as the network has it; offline, the last one answers', async () => {
    const url = `${REMOTE}/mf-manifest.json`;
    sw.network.answer = () => new Response('{"v":1}', { status: 200 });
    expect(await (await sw.request(url)).response!.text()).toBe('{"v":1}');
    sw.network.answer = () => new Response('{"v":2}', { status: 200 });
    expect(await (await sw.request(url)).response!.text()).toBe('{"v":2}');
    sw.network.answer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await (await sw.request(url)).response!.text()).toBe('{"v":2}');
  });

  it('every route is one app page: online it is always fetched, offline the last one serves any route', async () => {
    sw.network.answer = () => new Response('<html>build A</html>', { status: 200 });
    await sw.request(`${ORIGIN}/hanoi/map`, { mode: 'navigate' });
    sw.network.answer = () => new Response('<html>build B</html>', { status: 200 });
    expect(await (await sw.request(`${ORIGIN}/hanoi/map`, { mode: 'navigate' })).response!.text()).toBe(
      '<html>build B</html>',
    );
    sw.network.answer = () => Promise.reject(new TypeError('offline'));
    expect(
      await (
        await sw.request(`${ORIGIN}/saigon-riverside-hotel/map/pho-2000/123`, { mode: 'navigate' })
      ).response!.text(),
    ).toBe('<html>build B</html>');
  });

  it('the kept page never carries a hotel or a route’s hints: offline, another map opens without the first hotel’s welcome', async () => {
    const prefilled =
      '<head><!--gm:route--><link rel="preload" href="http://remote/static/js/ms.1.js" as="script" /><!--/gm:route--></head>' +
      '<div id="root"><!--gm:customer--><p>Saigon Riverside Hotel</p><script type="application/json">{"id":"saigon-riverside-hotel"}</script><!--/gm:customer--><div class="gm-boot"></div></div>';
    sw.network.answer = () => new Response(prefilled, { status: 200, headers: { 'Content-Type': 'text/html' } });
    // Online, the visitor gets the page as sent, welcome included.
    expect(
      await (await sw.request(`${ORIGIN}/saigon-riverside-hotel/map`, { mode: 'navigate' })).response!.text(),
    ).toBe(prefilled);
    sw.network.answer = () => Promise.reject(new TypeError('offline'));
    const offline = await (await sw.request(`${ORIGIN}/hanoi/map`, { mode: 'navigate' })).response!.text();
    // Nor the first page's hints for its screen's scripts.
    expect(offline).toBe('<head></head><div id="root"><div class="gm-boot"></div></div>');
  });

  it('a server error does not replace a good copy', async () => {
    const url = `${API}/rest/v1/activities?customer_id=eq.x`;
    sw.network.answer = () => new Response('[{"id":1}]', { status: 200 });
    await sw.request(url);
    sw.network.answer = () => new Response('boom', { status: 503 });
    expect(await (await sw.request(url)).response!.text()).toBe('[{"id":1}]');
  });

  it('a content-hashed file is fetched once and then served from the cache', async () => {
    const url = `${REMOTE}/static/js/async/a.2be2ffc349.js`;
    sw.network.answer = () => new Response('chunk', { status: 200 });
    await sw.request(url);
    await sw.request(url);
    expect(sw.network.calls.filter((c) => c === url)).toHaveLength(1);
  });

  it('a failed download is not kept', async () => {
    const url = `${REMOTE}/static/js/async/b.3be2ffc349.js`;
    sw.network.answer = () => new Response('gone', { status: 404 });
    expect((await sw.request(url)).response!.status).toBe(404);
    sw.network.answer = () => new Response('chunk', { status: 200 });
    expect(await (await sw.request(url)).response!.text()).toBe('chunk');
  });

  it('activating a new version drops the caches of the old one', async () => {
    await (await sw.caches.open('gm-static-v0')).put(`${REMOTE}/static/js/x.12345678.js`, new Response('old'));
    await (await sw.caches.open('someone-else')).put(`${ORIGIN}/x`, new Response('x'));
    await sw.dispatch('activate');
    expect(await sw.caches.keys()).toEqual(['someone-else']);
  });

  it('signing out forgets the cached data', async () => {
    sw.network.answer = () => new Response('[]', { status: 200 });
    await sw.request(`${API}/rest/v1/customers?id=eq.private-hotel`);
    expect((await sw.caches.keys()).some((k) => k.startsWith('gm-data-'))).toBe(true);
    await sw.dispatch('message', { type: 'gm:clear-data' });
    expect((await sw.caches.keys()).some((k) => k.startsWith('gm-data-'))).toBe(false);
  });
});

describe('installing', () => {
  const js = (body: string) => new Response(body, { status: 200, headers: { 'Content-Type': 'text/javascript' } });
  const shellFile = `${ORIGIN}/static/js/index.1234abcd.js`;
  const remoteFile = `${REMOTE}/static/js/async/map.89abcdef.js`;

  it('keeps the files the open page loaded before any worker existed, as it installs', async () => {
    sw = load([
      {
        url: `${ORIGIN}/saigon-riverside-hotel/map`,
        files: [shellFile, remoteFile, 'https://tile.openstreetmap.org/14/1/2.png'],
      },
    ]);
    sw.network.answer = (url) =>
      url.endsWith('.js')
        ? js(`/* ${url} */`)
        : new Response('<!doctype html><title>Guestmap</title>', {
            status: 200,
            headers: { 'Content-Type': 'text/html' },
          });
    await sw.dispatch('install');
    const kept = await sw.caches.open('gm-static-v1');
    expect(await (await kept.match(shellFile))?.text()).toBe(`/* ${shellFile} */`);
    expect(await kept.match(remoteFile)).toBeDefined();
    expect(await (await sw.caches.open('gm-pages-v1')).match('/__app-shell__')).toBeDefined();
    // Tiles are never kept.
    expect(sw.network.calls.some((u) => u.includes('openstreetmap'))).toBe(false);
    // Offline, the next visit is served from what the install kept.
    sw.network.answer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await (await sw.request(shellFile)).response!.text()).toBe(`/* ${shellFile} */`);
  });

  it('a page that does not answer does not hold the install: it completes without its files', async () => {
    sw = load([
      { url: `${ORIGIN}/`, files: null },
      { url: `${ORIGIN}/hotels`, files: [shellFile] },
    ]);
    sw.network.answer = (url) => js(`/* ${url} */`);
    await sw.dispatch('install');
    expect(await (await sw.caches.open('gm-static-v1')).match(shellFile)).toBeDefined();
  });

  it('a new deploy’s worker puts again, as it installs, the scripts kept while none was installing: no download', async () => {
    // The previous worker kept these at runtime (a deploy's files fetched on a visit): no compiled code with them.
    const runtime = await sw.caches.open('gm-static-v1');
    const styles = `${REMOTE}/static/css/map.0badcafe.css`;
    await runtime.put(shellFile, js('kept at runtime'));
    await runtime.put(styles, new Response('.x{}', { headers: { 'Content-Type': 'text/css' } }));
    const page = { url: `${ORIGIN}/ho-chi-minh-city/map`, files: [shellFile, styles, remoteFile] };
    sw = load([page]);
    // The same Cache Storage as before: a worker of the new deploy installs over it.
    (await sw.caches.open('gm-static-v1')).entries = runtime.entries;
    sw.network.answer = (url) =>
      url.endsWith('.js')
        ? js(`/* ${url} */`)
        : new Response('<!doctype html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    await sw.dispatch('install');
    const kept = await sw.caches.open('gm-static-v1');
    expect(kept.puts).toContain(shellFile);
    expect(kept.puts).toContain(remoteFile);
    expect(kept.puts).not.toContain(styles);
    expect(await (await kept.match(shellFile))?.text()).toBe('kept at runtime');
    expect(sw.network.calls).not.toContain(shellFile);
    // Outside an install a kept script is left as it is (a put then brings no compiled code).
    kept.puts = [];
    await sw.dispatch('message', { type: 'gm:warm', urls: [shellFile, remoteFile] });
    expect(kept.puts).toEqual([]);
  });

  it('tells which deploy it came with', async () => {
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => (channel.port1.onmessage = (e) => resolve(e.data)));
    await sw.dispatch('message', { type: 'gm:build?' }, [channel.port2]);
    // The source's placeholder; a production build writes its id there (shell/build/sw-build-id.test.ts).
    expect(await answer).toEqual({ build: 'dev' });
    channel.port1.close();
  });
});
