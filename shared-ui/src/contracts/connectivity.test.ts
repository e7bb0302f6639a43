import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RETRY_DELAYS_MS,
  SLOW_MS,
  connectivity,
  createConnectivity,
  isTransientResponse,
  trackedFetch,
} from './connectivity.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connectivity', () => {
  it('down: waiting reads run again at 1, 2, 4, 8 s, then every 10 s, and once more when the API answers', () => {
    const c = createConnectivity();
    const retry = vi.fn();
    c.onRetry(retry);
    c.reportDown();
    expect(c.getState().status).toBe('down');
    expect(RETRY_DELAYS_MS).toEqual([1000, 2000, 4000, 8000, 10000]);
    const at: number[] = [];
    retry.mockImplementation(() => at.push(Date.now()));
    const t0 = Date.now();
    vi.advanceTimersByTime(45_000);
    expect(at.map((t) => t - t0)).toEqual([1000, 3000, 7000, 15000, 25000, 35000, 45000]);
    c.reportUp();
    expect(c.getState()).toMatchObject({ status: 'online', nextTryAt: null });
    expect(c.getState().recoveredAt).not.toBeNull();
    expect(retry).toHaveBeenCalledTimes(8);
    vi.advanceTimersByTime(60_000);
    expect(retry).toHaveBeenCalledTimes(8);
  });

  it('with no read waiting, the health probe asks whether the API is back', () => {
    const c = createConnectivity();
    const probe = vi.fn(() => Promise.resolve());
    c.setProbe(probe);
    c.reportDown();
    vi.advanceTimersByTime(3000);
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('a request unanswered for 2.5 s makes it slow; its answer ends that', () => {
    const c = createConnectivity();
    const id = c.requestStarted();
    vi.advanceTimersByTime(SLOW_MS - 100);
    expect(c.getState().status).toBe('online');
    vi.advanceTimersByTime(200);
    expect(c.getState().status).toBe('slow');
    c.requestEnded(id);
    expect(c.getState().status).toBe('online');
  });
});

describe('trackedFetch', () => {
  it('no answer and 5xx are "down", any other answer "up"; it adds no timeout and never retries', async () => {
    const inner = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('{}', { status: 404 }))
      .mockResolvedValueOnce(new Response('{}', { status: 503 }))
      .mockResolvedValueOnce(new Response('[]', { status: 200 }));
    const f = trackedFetch(inner);
    await expect(f('http://api/rest/v1/x')).rejects.toThrow('Failed to fetch');
    expect(connectivity.getState().status).toBe('down');
    expect((await f('http://api/rest/v1/x')).status).toBe(404);
    expect(connectivity.getState().status).toBe('online');
    expect((await f('http://api/rest/v1/x')).status).toBe(503);
    expect(connectivity.getState().status).toBe('down');
    expect((await f('http://api/rest/v1/x')).status).toBe(200);
    expect(connectivity.getState().status).toBe('online');
    expect(inner).toHaveBeenCalledTimes(4);
  });

  it('tells transient PostgREST answers (no answer, server faults) from refusals', () => {
    expect(isTransientResponse({ error: { message: 'TypeError: Failed to fetch' }, status: 0 })).toBe(true);
    expect(isTransientResponse({ error: { message: 'x' }, status: 503 })).toBe(true);
    expect(isTransientResponse({ error: { message: 'x' }, status: 500 })).toBe(true);
    expect(isTransientResponse({ error: { message: 'denied' }, status: 401 })).toBe(false);
    expect(isTransientResponse({ error: null, status: 200 })).toBe(false);
  });
});

describe('createDb', () => {
  it('a read the network refuses reports at once: one request, no hidden retries (the 24 s spinner)', async () => {
    vi.useRealTimers();
    const { createDb } = await import('./db.ts');
    const fetchStub = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetchStub);
    try {
      const db = createDb('http://api.invalid', 'anon', async () => null);
      const t0 = Date.now();
      const res = await db.from('activities').select('id');
      expect(Date.now() - t0).toBeLessThan(500);
      expect(res.status).toBe(0);
      expect(isTransientResponse(res)).toBe(true);
      expect(fetchStub).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
