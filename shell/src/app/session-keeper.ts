// The session keeper: our own refresh policy for the access token (supabase-js runs with
// autoRefreshToken: false). Spec section 4:
//   - a token counts as expired 30 s before its real expiry;
//   - a refresh is scheduled 5 minutes before expiry, or at once when already inside that window;
//   - after a network failure, retries back off from 30 s, doubling, up to 16 minutes;
//   - user_banned, session_not_found, refresh_token_not_found and user_not_found sign the user out.
// Short-lived tokens (lifetime of 10 minutes or less, e.g. JWT_EXPIRY=60 in tests) are refreshed at
// half their lifetime instead, so the keeper never refreshes in a loop.
// The keeper is pure scheduling: the refresh itself, the clock and the timers are injected, so
// the timings are unit-tested with fake timers.

export const EXPIRY_MARGIN_MS = 30_000;
export const REFRESH_LEAD_MS = 5 * 60_000;
export const RETRY_INITIAL_MS = 30_000;
export const RETRY_MAX_MS = 16 * 60_000;
/** Never schedule two refreshes closer than this (guards against clock skew loops). */
export const MIN_REFRESH_DELAY_MS = 1_000;

/** Errors after which the session cannot be recovered: the user is signed out. */
export const FATAL_AUTH_CODES = [
  'user_banned',
  'session_not_found',
  'refresh_token_not_found',
  'user_not_found',
] as const;
export type FatalAuthCode = (typeof FATAL_AUTH_CODES)[number];

export interface KeptSession {
  /** Seconds since the epoch, as in the JWT's exp and supabase-js's session.expires_at. */
  expiresAt: number;
  /** Seconds since the epoch (JWT iat) when known: used to tell a short-lived token. */
  issuedAt?: number;
}

export type RefreshOutcome =
  | { ok: true; session: KeptSession }
  | { ok: false; kind: 'network' }
  | { ok: false; kind: 'fatal'; code: FatalAuthCode }
  | { ok: false; kind: 'other'; message?: string };

export interface KeeperDeps {
  refresh: () => Promise<RefreshOutcome>;
  signOut: (code: FatalAuthCode) => void;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

export function isExpired(s: KeptSession, now: number): boolean {
  return s.expiresAt * 1000 - EXPIRY_MARGIN_MS <= now;
}

/** How long before expiry the refresh runs: 5 minutes, or half the lifetime of short-lived tokens. */
export function refreshLeadMs(s: KeptSession): number {
  if (s.issuedAt === undefined) return REFRESH_LEAD_MS;
  const lifetime = (s.expiresAt - s.issuedAt) * 1000;
  if (lifetime <= 0) return REFRESH_LEAD_MS;
  return lifetime <= 2 * REFRESH_LEAD_MS ? Math.min(REFRESH_LEAD_MS, lifetime / 2) : REFRESH_LEAD_MS;
}

/** Delay until the next refresh: 0 when already inside the refresh window. */
export function refreshDelayMs(s: KeptSession, now: number): number {
  const at = s.expiresAt * 1000 - refreshLeadMs(s);
  return Math.max(0, at - now);
}

/** Backoff after the n-th consecutive network failure (n = 1, 2, ...): 30 s, 60 s, ... 16 min. */
export function retryDelayMs(failures: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_INITIAL_MS * 2 ** Math.max(0, failures - 1));
}

export function fatalCode(code: unknown): FatalAuthCode | null {
  return typeof code === 'string' && (FATAL_AUTH_CODES as readonly string[]).includes(code)
    ? (code as FatalAuthCode)
    : null;
}

export class SessionKeeper {
  private session: KeptSession | null = null;
  private timer: unknown = null;
  private failures = 0;
  private failedAt: number | null = null;
  private retryAt: number | null = null;
  private inFlight = false;
  private lastRefreshStart = -Infinity;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (t: unknown) => void;

  constructor(private readonly deps: KeeperDeps) {
    this.now = deps.now ?? (() => Date.now());
    this.setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = deps.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  }

  /** The current session changed (signed in, refreshed here or in another tab, restored). */
  track(session: KeptSession | null): void {
    this.session = session;
    this.failures = 0;
    this.schedule();
  }

  stop(): void {
    this.session = null;
    this.failures = 0;
    this.cancel();
  }

  /** Status for diagnostics and tests. */
  get state() {
    return {
      tracking: !!this.session,
      failures: this.failures,
      expired: this.session ? isExpired(this.session, this.now()) : false,
      /** When the last refresh failed for network reasons, and when the retry is due (ms since the epoch). */
      failedAt: this.failures > 0 ? this.failedAt : null,
      retryAt: this.failures > 0 ? this.retryAt : null,
    };
  }

  /** The page came back (tab visible again, network back online): catch up at once if due. */
  wake(): void {
    if (!this.session || this.inFlight) return;
    if (this.failures > 0 || refreshDelayMs(this.session, this.now()) === 0) {
      this.cancel();
      void this.run();
    }
  }

  private cancel() {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private schedule() {
    this.cancel();
    if (!this.session) return;
    let delay = refreshDelayMs(this.session, this.now());
    // A server that hands out already-due tokens must not make us hammer it.
    const sinceLast = this.now() - this.lastRefreshStart;
    if (delay < MIN_REFRESH_DELAY_MS && sinceLast < MIN_REFRESH_DELAY_MS) delay = MIN_REFRESH_DELAY_MS - sinceLast;
    this.timer = this.setTimer(() => {
      this.timer = null;
      void this.run();
    }, delay);
  }

  private retryLater() {
    this.cancel();
    this.failedAt = this.now();
    this.retryAt = this.failedAt + retryDelayMs(this.failures);
    this.timer = this.setTimer(() => {
      this.timer = null;
      void this.run();
    }, retryDelayMs(this.failures));
  }

  private async run(): Promise<void> {
    if (!this.session || this.inFlight) return;
    this.inFlight = true;
    this.lastRefreshStart = this.now();
    const tracked = this.session;
    let outcome: RefreshOutcome;
    try {
      outcome = await this.deps.refresh();
    } catch {
      outcome = { ok: false, kind: 'network' };
    } finally {
      this.inFlight = false;
    }
    // Signed out (or replaced) while the request was in flight: the new state wins.
    if (this.session !== tracked) return;
    if (outcome.ok) {
      this.track(outcome.session);
      return;
    }
    if (outcome.kind === 'fatal') {
      this.stop();
      this.deps.signOut(outcome.code);
      return;
    }
    this.failures += 1;
    this.retryLater();
  }
}
