// The page's one view of the backend's reachability, shared by the shell and every remote (this module is
// part of the contract, a Module Federation singleton). Every request to the Supabase API goes through
// `trackedFetch`, which reports what it saw: no answer at all (network down, server stopped) or a 5xx is
// "down"; any other answer is "up". While down, one backoff schedule (1 s, 2 s, 4 s, 8 s, then every 10 s)
// asks the screens waiting on a failed read to read again (`onRetry`), or probes the API's health when
// none is; the first answer ends it and every waiting screen reads again at once. A request still
// unanswered after `SLOW_MS` makes the state "slow", so a page can say it is still waiting rather than
// spin silently. Nothing here retries by itself: a read that failed is read again by its owner, which
// knows whether it is safe (writes are never replayed here).
import { useEffect, useRef, useSyncExternalStore } from 'react';

export type ConnectionStatus = 'online' | 'slow' | 'down';

export interface ConnectionState {
  status: ConnectionStatus;
  /** When the current fault began (ms since epoch), or null when online. */
  since: number | null;
  /** When the next attempt is due while down (ms since epoch). */
  nextTryAt: number | null;
  /** The last time the backend came back after being down (ms since epoch). */
  recoveredAt: number | null;
}

/** A request unanswered for this long makes the page say it is still waiting. */
export const SLOW_MS = 2500;
/** Waits between attempts while the backend is down: short at first, then every 10 s. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 10000];

/** Statuses that mean "the server is there but cannot answer now": treated like no answer at all. */
export function isServerFault(status: number): boolean {
  return status >= 500 && status !== 501 && status !== 505;
}

/** A failed read worth reading again later: no answer, or a server fault (never a refusal such as 4xx). */
export function isTransientError(error: unknown): boolean {
  if (!error) return false;
  const e = error as { name?: string; message?: string; status?: number; code?: string };
  if (typeof e.status === 'number' && e.status > 0) return isServerFault(e.status);
  if (e.name === 'AbortError') return false;
  if (e.name === 'TypeError' || e.name === 'FetchError') return true;
  return /fetch|network|load failed|connection/i.test(`${e.message ?? ''}`);
}

/** A PostgREST or supabase-js answer whose error is transient: no answer (status 0) or a server fault. */
export function isTransientResponse(r: { error: unknown; status?: number }): boolean {
  if (!r.error) return false;
  if (typeof r.status === 'number') return r.status === 0 || isServerFault(r.status);
  return isTransientError(r.error);
}

/**
 * Whether a read that just failed failed for the connection's sake: its error says so, or the page's
 * connectivity is down (the request reported no answer or a server fault before its promise settled).
 * For loaders whose errors no longer carry the status (PostgREST errors rethrown).
 */
export function failedForConnection(error: unknown): boolean {
  return isTransientError(error) || connectivity.getState().status === 'down';
}

type Listener = () => void;

export function createConnectivity() {
  let state: ConnectionState = { status: 'online', since: null, nextTryAt: null, recoveredAt: null };
  const listeners = new Set<Listener>();
  const retriers = new Set<Listener>();
  const inFlight = new Map<number, number>();
  let nextId = 1;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let slowTimer: ReturnType<typeof setTimeout> | undefined;
  let probe: (() => Promise<unknown>) | null = null;

  const set = (next: Partial<ConnectionState>) => {
    state = { ...state, ...next };
    for (const l of [...listeners]) l();
  };

  const runRetries = () => {
    if (retriers.size === 0) {
      // Nothing is waiting on a read: ask the API whether it is back (its answer reports itself).
      void probe?.().catch(() => undefined);
      return;
    }
    for (const r of [...retriers]) r();
  };

  const schedule = () => {
    clearTimeout(retryTimer);
    const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
    attempt++;
    set({ nextTryAt: Date.now() + delay });
    retryTimer = setTimeout(() => {
      if (state.status !== 'down') return;
      schedule();
      runRetries();
    }, delay);
  };

  const checkSlow = () => {
    clearTimeout(slowTimer);
    if (state.status === 'down') return;
    const oldest = Math.min(...inFlight.values());
    if (!Number.isFinite(oldest)) {
      if (state.status === 'slow') set({ status: 'online', since: null });
      return;
    }
    const waited = Date.now() - oldest;
    if (waited >= SLOW_MS) {
      if (state.status !== 'slow') set({ status: 'slow', since: oldest });
      slowTimer = setTimeout(checkSlow, 500);
    } else {
      slowTimer = setTimeout(checkSlow, SLOW_MS - waited);
    }
  };

  return {
    getState: () => state,
    subscribe(l: Listener) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    /** How the page asks the API whether it is back when no screen is waiting on a read. */
    setProbe(fn: (() => Promise<unknown>) | null) {
      probe = fn;
    },
    /** A request got no answer, or a server fault. */
    reportDown() {
      if (state.status === 'down') return;
      attempt = 0;
      clearTimeout(slowTimer);
      set({ status: 'down', since: state.since ?? Date.now() });
      schedule();
    },
    /** A request got an answer (any status below the server faults). */
    reportUp() {
      if (state.status !== 'down') return;
      clearTimeout(retryTimer);
      attempt = 0;
      set({ status: 'online', since: null, nextTryAt: null, recoveredAt: Date.now() });
      checkSlow();
      // Every screen still waiting on a failed read reads again now, not at its next scheduled try.
      for (const r of [...retriers]) r();
    },
    /** Tries again now (the guest asked, or the browser says it is back online). */
    retryNow() {
      if (state.status !== 'down') return;
      attempt = 0;
      schedule();
      runRetries();
    },
    requestStarted(): number {
      const id = nextId++;
      inFlight.set(id, Date.now());
      if (inFlight.size === 1) checkSlow();
      return id;
    },
    requestEnded(id: number) {
      inFlight.delete(id);
      if (state.status === 'slow' || inFlight.size === 0) checkSlow();
    },
    /**
     * While the backend is down, `retry` runs at each scheduled attempt and once more when it answers
     * again. Returns the unsubscribe.
     */
    onRetry(retry: Listener) {
      retriers.add(retry);
      return () => void retriers.delete(retry);
    },
  };
}

export type Connectivity = ReturnType<typeof createConnectivity>;

/** The page's connectivity (one per page: the contract is a singleton). */
export const connectivity: Connectivity = createConnectivity();

if (typeof window !== 'undefined') window.addEventListener('online', () => connectivity.retryNow());

/**
 * A fetch for the Supabase API that reports to `connectivity`: a rejection (other than an abort) or a
 * server fault is "down", any other answer "up"; requests still unanswered after SLOW_MS make it "slow".
 * No timeout of its own: a slow link's answer is awaited as long as the browser waits for it.
 */
export function trackedFetch(inner: typeof fetch = (...a) => globalThis.fetch(...a)): typeof fetch {
  return async (input, init) => {
    const id = connectivity.requestStarted();
    try {
      const res = await inner(input, init);
      if (isServerFault(res.status)) connectivity.reportDown();
      else connectivity.reportUp();
      return res;
    } catch (e) {
      if ((e as { name?: string })?.name !== 'AbortError') connectivity.reportDown();
      throw e;
    } finally {
      connectivity.requestEnded(id);
    }
  };
}

export function useConnectivity(): ConnectionState {
  return useSyncExternalStore(connectivity.subscribe, connectivity.getState, connectivity.getState);
}

/**
 * Reads again while `failed` is true: at each attempt of the backoff schedule and as soon as the backend
 * answers again. For screens whose read failed for a transient reason (see isTransientError): they keep
 * what they show and call their own loader again, without a reload.
 */
export function useRetryWhileDown(failed: boolean, retry: () => void): void {
  const ref = useRef(retry);
  ref.current = retry;
  useEffect(() => {
    if (!failed) return;
    return connectivity.onRetry(() => ref.current());
  }, [failed]);
}

/** Calls `reload` each time the backend answers again after being down (screens that show live data). */
export function useOnReconnect(reload: () => void): void {
  const ref = useRef(reload);
  ref.current = reload;
  useEffect(() => {
    let last = connectivity.getState().recoveredAt;
    return connectivity.subscribe(() => {
      const at = connectivity.getState().recoveredAt;
      if (at !== last) {
        last = at;
        ref.current();
      }
    });
  }, []);
}
