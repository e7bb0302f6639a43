import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionKeeper, isExpired, refreshDelayMs, retryDelayMs, type RefreshOutcome } from './session-keeper.ts';

const MIN = 60_000;
const sec = (ms: number) => Math.floor(ms / 1000);

describe('session timings', () => {
  it('a token counts as expired 30 s before its expiry', () => {
    const now = Date.UTC(2026, 0, 1);
    const s = { expiresAt: sec(now) + 31 };
    expect(isExpired(s, now)).toBe(false);
    expect(isExpired(s, now + 1000)).toBe(true);
  });

  it('refreshes 5 minutes before expiry, or at once inside that window', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(refreshDelayMs({ expiresAt: sec(now) + 3600, issuedAt: sec(now) }, now)).toBe(55 * MIN);
    expect(refreshDelayMs({ expiresAt: sec(now) + 240, issuedAt: sec(now) - 3360 }, now)).toBe(0);
    expect(refreshDelayMs({ expiresAt: sec(now) + 3600 }, now)).toBe(55 * MIN);
  });

  it('short-lived tokens are refreshed at half their lifetime instead of in a loop', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(refreshDelayMs({ expiresAt: sec(now) + 60, issuedAt: sec(now) }, now)).toBe(30_000);
    expect(refreshDelayMs({ expiresAt: sec(now) + 240, issuedAt: sec(now) }, now)).toBe(120_000);
    expect(refreshDelayMs({ expiresAt: sec(now) + 600, issuedAt: sec(now) }, now)).toBe(5 * MIN);
  });

  it('network retries back off from 30 s, doubling, up to 16 minutes', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000,
    ]);
  });
});

describe('SessionKeeper', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 0, 1, 12));
  });
  afterEach(() => vi.useRealTimers());

  const hourToken = () => ({ expiresAt: sec(Date.now()) + 3600, issuedAt: sec(Date.now()) });

  it('refreshes 5 minutes before expiry and keeps doing so with each new token', async () => {
    const refresh = vi.fn(async (): Promise<RefreshOutcome> => ({ ok: true, session: hourToken() }));
    const keeper = new SessionKeeper({ refresh, signOut: vi.fn() });
    keeper.track(hourToken());
    await vi.advanceTimersByTimeAsync(55 * MIN - 1);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(55 * MIN);
    expect(refresh).toHaveBeenCalledTimes(2);
    keeper.stop();
  });

  it('refreshes at once when the token is already inside the window', async () => {
    const refresh = vi.fn(async (): Promise<RefreshOutcome> => ({ ok: true, session: hourToken() }));
    const keeper = new SessionKeeper({ refresh, signOut: vi.fn() });
    keeper.track({ expiresAt: sec(Date.now()) + 120, issuedAt: sec(Date.now()) - 3480 });
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    keeper.stop();
  });

  it('after network failures retries at 30 s, 60 s, 120 s ... capped at 16 min, then recovers', async () => {
    let fail = true;
    const refresh = vi.fn(async (): Promise<RefreshOutcome> =>
      fail ? { ok: false, kind: 'network' } : { ok: true, session: hourToken() },
    );
    const keeper = new SessionKeeper({ refresh, signOut: vi.fn() });
    keeper.track({ expiresAt: sec(Date.now()) + 60, issuedAt: sec(Date.now()) - 3540 });
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    const waits = [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000];
    for (const [i, w] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(w - 1);
      expect(refresh).toHaveBeenCalledTimes(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(refresh).toHaveBeenCalledTimes(i + 2);
    }
    expect(keeper.state.failures).toBe(waits.length + 1);
    fail = false;
    await vi.advanceTimersByTimeAsync(960_000);
    expect(keeper.state.failures).toBe(0);
    const calls = refresh.mock.calls.length;
    await vi.advanceTimersByTimeAsync(55 * MIN - 1);
    expect(refresh).toHaveBeenCalledTimes(calls);
    keeper.stop();
  });

  it('wake() retries at once while backing off (tab visible again, network back)', async () => {
    const refresh = vi.fn(async (): Promise<RefreshOutcome> => ({ ok: false, kind: 'network' }));
    const keeper = new SessionKeeper({ refresh, signOut: vi.fn() });
    keeper.track({ expiresAt: sec(Date.now()) + 100, issuedAt: sec(Date.now()) - 3500 });
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    keeper.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(refresh).toHaveBeenCalledTimes(2);
    keeper.stop();
  });

  it.each(['user_banned', 'session_not_found', 'refresh_token_not_found', 'user_not_found'] as const)(
    '%s signs the user out and stops',
    async (code) => {
      const refresh = vi.fn(async (): Promise<RefreshOutcome> => ({ ok: false, kind: 'fatal', code }));
      const signOut = vi.fn();
      const keeper = new SessionKeeper({ refresh, signOut });
      keeper.track({ expiresAt: sec(Date.now()) + 10, issuedAt: sec(Date.now()) - 3590 });
      await vi.advanceTimersByTimeAsync(0);
      expect(signOut).toHaveBeenCalledWith(code);
      await vi.advanceTimersByTimeAsync(60 * MIN);
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(keeper.state.tracking).toBe(false);
    },
  );

  it('a server handing out already-due tokens does not make it loop', async () => {
    const due = () => ({ expiresAt: sec(Date.now()) + 5 });
    const refresh = vi.fn(async (): Promise<RefreshOutcome> => ({ ok: true, session: due() }));
    const keeper = new SessionKeeper({ refresh, signOut: vi.fn() });
    keeper.track(due());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refresh.mock.calls.length).toBeLessThanOrEqual(11);
    keeper.stop();
  });

  it('a 60 s token is refreshed every 30 s', async () => {
    const short = () => ({ expiresAt: sec(Date.now()) + 60, issuedAt: sec(Date.now()) });
    const refresh = vi.fn(async (): Promise<RefreshOutcome> => ({ ok: true, session: short() }));
    const keeper = new SessionKeeper({ refresh, signOut: vi.fn() });
    keeper.track(short());
    await vi.advanceTimersByTimeAsync(3 * 30_000);
    expect(refresh).toHaveBeenCalledTimes(3);
    keeper.stop();
  });

  it('signing out while a refresh is in flight leaves it signed out', async () => {
    let resolve!: (o: RefreshOutcome) => void;
    const refresh = vi.fn(() => new Promise<RefreshOutcome>((r) => (resolve = r)));
    const keeper = new SessionKeeper({ refresh, signOut: vi.fn() });
    keeper.track({ expiresAt: sec(Date.now()) + 10 });
    await vi.advanceTimersByTimeAsync(0);
    keeper.stop();
    resolve({ ok: false, kind: 'network' });
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
