import { describe, expect, it, vi } from 'vitest';
import { answerInstall, handOverLate, networkQuiet } from './offline.ts';

type Entry = { name: string; startTime: number };
/** A window whose PerformanceObserver is driven by the test (`finish` reports requests as finished). */
function fakeWindow() {
  const observers: ((list: { getEntries: () => Entry[] }) => void)[] = [];
  class Observer {
    constructor(private cb: (list: { getEntries: () => Entry[] }) => void) {}
    observe() {
      observers.push(this.cb);
    }
    disconnect() {
      const i = observers.indexOf(this.cb);
      if (i >= 0) observers.splice(i, 1);
    }
  }
  const loaded: string[] = [];
  const entries = (): Entry[] => loaded.map((name, i) => ({ name, startTime: i * 10 }));
  const win = {
    PerformanceObserver: Observer,
    performance: { getEntriesByType: () => entries() },
    location: { href: 'http://x/saigon-riverside-hotel/map' },
    setTimeout: globalThis.setTimeout.bind(globalThis),
    clearTimeout: globalThis.clearTimeout.bind(globalThis),
  } as unknown as Window;
  const finish = (...entries: Entry[]) => observers.slice().forEach((cb) => cb({ getEntries: () => entries }));
  return { win, finish, loaded, observing: () => observers.length };
}

describe('handing the first visit over to the service worker', () => {
  it('passes on requests that started before the worker took over and finished after the list, once each', () => {
    const { win, finish, loaded } = fakeWindow();
    // Listed to the installing worker, then one more finished while it installed.
    loaded.push('http://x/known', 'http://x/static/js/photo-panel.1234abcd.js');
    const sent: string[][] = [];
    handOverLate(win, 1000, new Set(['http://x/known']), (urls) => sent.push(urls));
    expect(sent).toEqual([['http://x/static/js/photo-panel.1234abcd.js']]);
    finish(
      { name: 'http://api/rest/v1/activities?x', startTime: 900 },
      { name: 'http://x/known', startTime: 100 },
      { name: 'http://api/through-the-worker', startTime: 1200 },
    );
    finish({ name: 'http://api/rest/v1/activities?x', startTime: 900 });
    expect(sent).toEqual([['http://x/static/js/photo-panel.1234abcd.js'], ['http://api/rest/v1/activities?x']]);
  });

  it('waits until no request has finished for a while, and no longer than its cap', async () => {
    vi.useFakeTimers();
    try {
      const { win, finish, observing } = fakeWindow();
      let quiet = false;
      void networkQuiet(win, 500, 5000).then(() => (quiet = true));
      await vi.advanceTimersByTimeAsync(400);
      finish({ name: 'http://api/a', startTime: 0 });
      await vi.advanceTimersByTimeAsync(400);
      expect(quiet).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(quiet).toBe(true);
      expect(observing()).toBe(0);
      let capped = false;
      void networkQuiet(win, 500, 2000).then(() => (capped = true));
      for (let t = 0; t < 1900; t += 300) {
        finish({ name: `http://api/${t}`, startTime: t });
        await vi.advanceTimersByTimeAsync(300);
      }
      await vi.advanceTimersByTimeAsync(200);
      expect(capped).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('telling the installing worker what this page loaded', () => {
  it('answers its question once the network is quiet, with every file loaded by then', async () => {
    vi.useFakeTimers();
    try {
      const { win, finish, loaded } = fakeWindow();
      let listen: ((e: MessageEvent) => void) | undefined;
      let started = false;
      const container = {
        addEventListener: (_: string, fn: (e: MessageEvent) => void) => (listen = fn),
        startMessages: () => (started = true),
      };
      const listed: string[][] = [];
      answerInstall(container as never, win, (urls) => listed.push(urls));
      expect(started).toBe(true);
      const answers: unknown[] = [];
      const port = { postMessage: (m: unknown) => answers.push(m) };
      // Other messages, or a question without a port to answer on, are not answered.
      listen!({ data: { type: 'gm:other' }, ports: [port] } as never);
      listen!({ data: { type: 'gm:files?' }, ports: [] } as never);
      loaded.push('http://x/static/js/index.1234abcd.js');
      listen!({ data: { type: 'gm:files?' }, ports: [port] } as never);
      await vi.advanceTimersByTimeAsync(300);
      // The map's places arrive while the worker waits: they are in the answer.
      loaded.push('http://api/rest/v1/activities?customer_id=eq.x');
      finish({ name: 'http://api/rest/v1/activities?customer_id=eq.x', startTime: 250 });
      await vi.advanceTimersByTimeAsync(400);
      expect(answers).toEqual([]);
      await vi.advanceTimersByTimeAsync(200);
      const files = ['http://x/static/js/index.1234abcd.js', 'http://api/rest/v1/activities?customer_id=eq.x'];
      expect(answers).toEqual([{ page: 'http://x/saigon-riverside-hotel/map', urls: files }]);
      expect(listed).toEqual([files]);
    } finally {
      vi.useRealTimers();
    }
  });
});
