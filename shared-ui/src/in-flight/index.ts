// One user action whose answer may be lost on the way back (a phone's connection drops during a save,
// a play, a redemption, a message): "in flight → outcome unknown → checked", the same way on every screen.
//
//   - The action gets ONE idempotency key, made when it starts and kept until the server answers: in
//     memory, and in sessionStorage where a reload must not lose it (a play, a redemption).
//   - No answer (the request failed in the network, not on the server): the state becomes `checking`
//     and the SAME request, with the same key, is sent again: at once when the browser says it is
//     back online, else after 5 s, 10 s, 20 s, then every 30 s, or when the user asks (checkNow).
//   - The server applies a key at most once and answers a repeated key with the first result, so the
//     answer to the check is the true outcome of that one action (saved or not, won or not): it can
//     never be applied twice however often the check runs.
//
// Screens keep their own words: they read `state` and show their catalogue's texts.
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';

export type InFlightState<T> =
  | { status: 'idle' }
  | { status: 'sending' }
  /** Sent, no answer: the connection was lost; the same request is being re-sent until one comes. */
  | { status: 'checking' }
  | { status: 'done'; value: T }
  | { status: 'failed'; error: unknown };

/** Delays between checks: 5 s, 10 s, 20 s, then every 30 s (an `online` event or checkNow() skips the wait). */
export const CHECK_DELAYS_MS = [5_000, 10_000, 20_000, 30_000] as const;
export const checkDelayMs = (n: number): number => CHECK_DELAYS_MS[Math.min(n, CHECK_DELAYS_MS.length - 1)]!;

interface ErrorLike {
  code?: string;
  status?: number;
  name?: string;
  message?: string;
}

/**
 * True when a request got no answer from the server (refused, reset, offline): postgrest-js and
 * auth-js report a failed fetch as an error without a code (or status 0), fetch itself as a TypeError.
 * An answer of the server (any PostgREST or auth error with a code) is not one.
 */
export function isConnectionError(e: unknown): boolean {
  if (e instanceof TypeError) return true;
  const err = (e ?? {}) as ErrorLike;
  return (
    err.name === 'AuthRetryableFetchError' ||
    err.status === 0 ||
    (!err.code && typeof err.message === 'string' && /fetch|network|load failed/i.test(err.message))
  );
}

/** A new idempotency key (v4 uuid; non-secure contexts such as a LAN address over http have no randomUUID). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface Unanswered<I> {
  key: string;
  /** What identifies the action (e.g. voucher code and amount): the same fingerprint reuses the key. */
  fingerprint: string;
  /** Kept only when `resume` is on: the input to send again after a reload. */
  input?: I;
}

function readStored<I>(storageKey: string | undefined): Unanswered<I> | null {
  if (!storageKey || typeof sessionStorage === 'undefined') return null;
  try {
    const v = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as Unanswered<I> | null;
    return v && typeof v.key === 'string' && typeof v.fingerprint === 'string' ? v : null;
  } catch {
    return null;
  }
}
function writeStored<I>(storageKey: string | undefined, v: Unanswered<I> | null) {
  if (!storageKey || typeof sessionStorage === 'undefined') return;
  try {
    if (v) sessionStorage.setItem(storageKey, JSON.stringify(v));
    else sessionStorage.removeItem(storageKey);
  } catch {
    // Private mode or full storage: the key still lives in memory for this page.
  }
}

export interface SendUntilAnsweredOptions {
  /** Called once the first attempt got no answer (the screen shows "checking"). */
  onUnanswered: () => void;
  /** Resolves when the next check is due (n = 0, 1, ...); rejects to give up (the screen went away). */
  waitForCheck: (n: number) => Promise<void>;
}

/** Sends until the server answers: resolves with its answer, rejects with its refusal. */
export async function sendUntilAnswered<T>(attempt: () => Promise<T>, opts: SendUntilAnsweredOptions): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (e) {
      if (!isConnectionError(e)) throw e;
      if (n === 0) opts.onUnanswered();
      await opts.waitForCheck(n);
    }
  }
}

class Gone extends Error {}

export interface UseInFlightOptions<I, T> {
  /** The write itself, sent with the action's key (the same key on every check). */
  send: (input: I, key: string) => Promise<T>;
  /** Identifies the action: a new input (another fingerprint) gets a new key. Default: one action at a time. */
  fingerprint?: (input: I) => string;
  /** sessionStorage key keeping the unanswered action's key across reloads. */
  storageKey?: string;
  /** Keep the input too and, when the page opens with an unanswered action, check it at once. */
  resume?: boolean;
  /** The answer to that check on opening (run() was not called by the screen, so it learns here). */
  onResumed?: (value: T) => void;
}

export interface InFlight<I, T> {
  state: InFlightState<T>;
  /** Runs the action (or checks the unanswered one with the same fingerprint); resolves with the server's answer, or null. */
  run: (input: I) => Promise<T | null>;
  /** While checking: check now instead of waiting for the next check. */
  checkNow: () => void;
  /** Back to idle (e.g. "redeem another"). */
  reset: () => void;
}

export function useInFlight<I, T>(opts: UseInFlightOptions<I, T>): InFlight<I, T> {
  const [state, setState] = useState<InFlightState<T>>({ status: 'idle' });
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const unanswered = useRef<Unanswered<I> | null>(readStored<I>(opts.storageKey));
  const busy = useRef(false);
  const alive = useRef(true);
  const wake = useRef<(() => void) | null>(null);

  const waitForCheck = useCallback(
    (n: number) =>
      new Promise<void>((resolve, reject) => {
        if (!alive.current) return reject(new Gone());
        const done = () => {
          clearTimeout(timer);
          window.removeEventListener('online', done);
          wake.current = null;
          if (alive.current) resolve();
          else reject(new Gone());
        };
        const timer = setTimeout(done, checkDelayMs(n));
        window.addEventListener('online', done);
        wake.current = done;
      }),
    [],
  );

  const run = useCallback(
    async (input: I): Promise<T | null> => {
      if (busy.current) return null;
      busy.current = true;
      const { send, fingerprint, storageKey, resume } = optsRef.current;
      const fp = fingerprint ? fingerprint(input) : '';
      const pending = unanswered.current?.fingerprint === fp ? unanswered.current : null;
      const action: Unanswered<I> = { key: pending?.key ?? newIdempotencyKey(), fingerprint: fp };
      if (resume) action.input = input;
      unanswered.current = action;
      writeStored(storageKey, action);
      // An action already unanswered before (a reload, a second tap): it is being checked.
      setState({ status: pending ? 'checking' : 'sending' });
      try {
        const value = await sendUntilAnswered(() => send(input, action.key), {
          onUnanswered: () => alive.current && setState({ status: 'checking' }),
          waitForCheck,
        });
        if (unanswered.current === action) unanswered.current = null;
        writeStored(storageKey, null);
        if (alive.current) setState({ status: 'done', value });
        return value;
      } catch (error) {
        if (error instanceof Gone) return null;
        // The server answered with a refusal: the action is over (a new attempt gets a new key).
        if (unanswered.current === action) unanswered.current = null;
        writeStored(storageKey, null);
        if (alive.current) setState({ status: 'failed', error });
        return null;
      } finally {
        busy.current = false;
      }
    },
    [waitForCheck],
  );

  // Opened with an unanswered action kept from before a reload: check it now.
  const resumeStored = useEffectEvent(() => {
    const stored = unanswered.current;
    if (optsRef.current.resume && stored && 'input' in stored)
      void run(stored.input as I).then((v) => v !== null && alive.current && optsRef.current.onResumed?.(v));
  });
  useEffect(() => {
    alive.current = true;
    resumeStored();
    return () => {
      alive.current = false;
      wake.current?.();
    };
  }, []); // once per mount

  const checkNow = useCallback(() => wake.current?.(), []);
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, run, checkNow, reset };
}
