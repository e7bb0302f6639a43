// The data layer against a real HTTP server through the page's real PostgREST client (createDb, trackedFetch):
// requests are counted where the page sends them (fetch), so what is proved is what the network sees.
// Deduplication (components showing the same read share one request), invalidation (a write re-reads the list
// once), and retries that wait for connectivity's schedule (no request of their own while the API is down, one
// per read when it is back).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PlatformContext, connectivity, createDb, type Platform } from '@guestmap/shared-ui/contracts';
import { createPlatform } from '../platform/index.ts';
import { dataApi, fromApi, readState, useInvalidate } from './index.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A REST service with one list per hotel: GET lists, POST adds; `stop()` refuses connections until `start()`. */
function restServer() {
  let rows: Record<string, { id: string }[]> = {};
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    // No kept connection: a restart of the server must not leave the client a dead socket to reuse.
    res.setHeader('connection', 'close');
    const url = new URL(req.url!, 'http://x');
    if (url.pathname !== '/rest/v1/activities') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'not found' }));
      return;
    }
    const hotel = (url.searchParams.get('customer_id') ?? '').replace('eq.', '');
    if (req.method === 'POST') {
      (rows[hotel] ??= []).push({ id: `${hotel}${rows[hotel].length + 1}` });
      res.writeHead(201).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(rows[hotel] ?? []));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  let port = 0;
  return {
    url: () => `http://127.0.0.1:${port}`,
    reset: () => void (rows = { a: [{ id: 'a1' }], b: [{ id: 'b1' }] }),
    start: () =>
      new Promise<void>((resolve) =>
        server.listen(port, '127.0.0.1', () => {
          port = (server.address() as AddressInfo).port;
          resolve();
        }),
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

const api = dataApi.enhanceEndpoints({ addTagTypes: ['TestList'] }).injectEndpoints({
  endpoints: (b) => ({
    testList: b.query<{ id: string }[], string>({
      queryFn: fromApi((c, hotel) => c.db.from('activities').select('id').eq('customer_id', hotel)),
      providesTags: (_r, _e, hotel) => [{ type: 'TestList', id: hotel }],
    }),
    testAdd: b.mutation<null, { url: string; hotel: string }>({
      queryFn: fromApi(async (_c, { url, hotel }) => {
        await fetch(`${url}/rest/v1/activities?customer_id=eq.${hotel}`, { method: 'POST' });
        return null;
      }),
      invalidatesTags: (_r, _e, { hotel }) => [{ type: 'TestList', id: hotel }],
    }),
  }),
});

function List({ hotel, id }: { hotel: string; id: string }) {
  const r = api.useTestListQuery(hotel);
  const { waiting } = readState(r);
  return (
    <p data-testid={id}>
      {r.data ? r.data.map((x) => x.id).join(',') : waiting ? 'waiting' : r.isError ? 'error' : 'loading'}
    </p>
  );
}

function Adder({ url, hotel }: { url: string; hotel: string }) {
  const [add] = api.useTestAddMutation();
  return <button onClick={() => void add({ url, hotel })}>add</button>;
}

function Invalidator({ hotel }: { hotel: string }) {
  const invalidate = useInvalidate();
  const [n, setN] = useState(0);
  return (
    <button
      data-testid="invalidate"
      onClick={() => {
        setN(n + 1);
        invalidate([{ type: 'TestList', id: hotel }]);
      }}
    >
      {n}
    </button>
  );
}

const server = restServer();
let root: Root | null = null;
let platform: Platform;
let reads: string[] = [];
const realFetch = globalThis.fetch;

beforeEach(async () => {
  server.reset();
  await server.start();
  reads = [];
  globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if ((init?.method ?? 'GET') === 'GET') reads.push(new URL(url).searchParams.get('customer_id') ?? '');
    return realFetch(input, init);
  };
  platform = createPlatform({
    i18n: i18next,
    locale: 'en-US',
    db: createDb(server.url(), 'anon', async () => null),
  });
});

afterEach(async () => {
  act(() => root?.unmount());
  root = null;
  globalThis.fetch = realFetch;
  connectivity.reportUp();
  await server.stop().catch(() => undefined);
});

function render(ui: React.ReactNode) {
  const el = document.createElement('div');
  document.body.append(el);
  root = createRoot(el);
  act(() => root!.render(<PlatformContext value={platform}>{ui}</PlatformContext>));
  return el;
}
const text = (el: HTMLElement, id: string) => el.querySelector(`[data-testid="${id}"]`)?.textContent;
async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out: ' + document.body.textContent + ' reads ' + reads.join(' '));
    await act(() => new Promise((r) => setTimeout(r, 20)));
  }
}
const wait = (ms: number) => act(() => new Promise((r) => setTimeout(r, ms)));
const readsOf = (hotel: string) => reads.filter((h) => h === `eq.${hotel}`).length;

describe('the data layer', { timeout: 20_000 }, () => {
  it('deduplicates: two components showing the same read send one request; another read, its own', async () => {
    const el = render(
      <>
        <List hotel="a" id="one" />
        <List hotel="a" id="two" />
        <List hotel="b" id="three" />
      </>,
    );
    await until(() => text(el, 'one') === 'a1' && text(el, 'two') === 'a1' && text(el, 'three') === 'b1');
    await wait(100);
    expect(readsOf('a')).toBe(1);
    expect(readsOf('b')).toBe(1);
  });

  it('invalidates: a write re-reads the list it changes, once, and no other', async () => {
    const el = render(
      <>
        <List hotel="a" id="one" />
        <List hotel="a" id="two" />
        <List hotel="b" id="three" />
        <Adder url={server.url()} hotel="a" />
        <Invalidator hotel="b" />
      </>,
    );
    await until(() => text(el, 'one') === 'a1' && text(el, 'three') === 'b1');
    act(() => el.querySelector<HTMLButtonElement>('button:not([data-testid])')!.click());
    await until(() => text(el, 'one') === 'a1,a2' && text(el, 'two') === 'a1,a2');
    await wait(100);
    expect(readsOf('a')).toBe(2);
    expect(readsOf('b')).toBe(1);
    // A write made elsewhere (an api/ function called by a hook): the hook invalidates what it changed.
    act(() => el.querySelector<HTMLButtonElement>('[data-testid="invalidate"]')!.click());
    await until(() => readsOf('b') === 2);
    await wait(100);
    expect(readsOf('a')).toBe(2);
  });

  it('defers retries to connectivity: while down, one request per read at each scheduled attempt; back online, one re-read each', async () => {
    await server.stop();
    const el = render(
      <>
        <List hotel="a" id="one" />
        <List hotel="a" id="two" />
        <List hotel="b" id="three" />
      </>,
    );
    await until(
      () => text(el, 'one') === 'waiting' && text(el, 'two') === 'waiting' && text(el, 'three') === 'waiting',
    );
    expect(connectivity.getState().status).toBe('down');
    expect([readsOf('a'), readsOf('b')]).toEqual([1, 1]);
    // The schedule's attempts come at 1 s and then 2 s later: in 2.5 s, one more request per read, no storm.
    await wait(2500);
    expect([readsOf('a'), readsOf('b')]).toEqual([2, 2]);
    expect(text(el, 'one')).toBe('waiting');
    // Back: the browser says it is online (connectivity.retryNow): each read is sent once and the lists appear.
    await server.start();
    act(() => connectivity.retryNow());
    await until(() => text(el, 'one') === 'a1' && text(el, 'two') === 'a1' && text(el, 'three') === 'b1');
    expect(connectivity.getState().status).toBe('online');
    await wait(1500);
    expect([readsOf('a'), readsOf('b')]).toEqual([3, 3]);
  });

  it('says a refusal once and does not read it again by itself', async () => {
    platform = createPlatform({
      i18n: i18next,
      locale: 'en-US',
      db: createDb(`${server.url()}/nowhere`, 'anon', async () => null),
    });
    const el = render(<List hotel="a" id="one" />);
    await until(() => text(el, 'one') === 'error' || text(el, 'one') === 'a1');
    await wait(1500);
    expect(readsOf('a')).toBe(1);
  });

  it('keeps one cache per user: another account starts from an empty cache', async () => {
    const el = render(<List hotel="a" id="one" />);
    await until(() => text(el, 'one') === 'a1');
    platform = { ...platform, user: { id: 'someone', email: null, isAnonymous: false } };
    act(() => root!.render(<PlatformContext value={platform}>{<List hotel="a" id="one" />}</PlatformContext>));
    expect(text(el, 'one')).toBe('loading');
    await until(() => text(el, 'one') === 'a1');
    expect(readsOf('a')).toBe(2);
  });
});

describe('the data layer in the page', () => {
  it('takes the contract at run time by its package name: the page’s one copy (its platform context, its connectivity)', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = path.dirname(new URL(import.meta.url).pathname);
    for (const f of fs.readdirSync(dir).filter((n) => /\.tsx?$/.test(n) && !n.includes('.test.'))) {
      const code = fs.readFileSync(path.join(dir, f), 'utf8');
      // A relative import would bundle a second contract into the data module's chunk: usePlatform() would
      // find no platform in the page, and failed reads would wait on a connectivity nobody reports to.
      expect(code, f).not.toMatch(/from '\.\.\/contracts/);
    }
  });
});
