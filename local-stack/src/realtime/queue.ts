// A database queue the service drains in order (postgres_changes' `_realtime.changes`, the database's
// broadcasts in `_realtime.messages_out`): woken by a NOTIFY channel, one drain at a time (a wake-up during
// a drain runs it again), and on PGlite also polled, since writes through the wire-protocol port (psql, pg
// clients) raise no NOTIFY callbacks in-process.
import type { Realtime } from './channels.ts';

export interface Queue {
  /** Listening (and polling on PGlite). */
  ready: Promise<void>;
  /** Drains now (or again once the drain under way ends). */
  wake: () => void;
  /** Stops polling (the stack is stopping). */
  stopPolling: () => void;
  /** Waits for the drain under way, then stops listening. */
  close: () => Promise<void>;
}

/**
 * `drainBatch` takes (and handles) up to one batch and says how many items it took; it runs until the queue
 * is empty. Listening starts once `after` (the queue's setup) has settled well. `what` names the queue in the log.
 */
export function drainQueue(
  rt: Pick<Realtime, 'ctx' | 'conns' | 'closed'>,
  opts: { channel: string; what: string; after: Promise<unknown>; drainBatch: () => Promise<number> },
): Queue {
  const { ctx } = rt;
  let unlisten: (() => Promise<void>) | null = null;
  let poller: NodeJS.Timeout | null = null;
  let draining = false;
  let again = false;
  let idle: Promise<void> = Promise.resolve();

  function wake(): void {
    if (rt.closed) return;
    if (draining) {
      again = true;
      return;
    }
    draining = true;
    idle = (async () => {
      try {
        do {
          again = false;
          while ((await opts.drainBatch()) > 0 && !rt.closed);
        } while (again && !rt.closed);
      } catch (e) {
        if (!rt.closed) ctx.log(`[realtime] ${opts.what} failed: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        draining = false;
      }
    })();
  }

  const ready = (async () => {
    await opts.after;
    unlisten = await ctx.db.listen(opts.channel, () => wake());
    if (ctx.db.kind === 'pglite') {
      poller = setInterval(() => {
        // Not while a wire client holds a transaction open on the single PGlite session.
        if (ctx.db.pglite?.isInTransaction()) return;
        if (!draining && [...rt.conns].some((c) => c.channels.size > 0)) wake();
      }, 300);
      poller.unref?.();
    }
  })();

  return {
    ready,
    wake,
    stopPolling: () => {
      if (poller) clearInterval(poller);
    },
    close: async () => {
      await ready.catch(() => undefined);
      await idle.catch(() => undefined);
      await unlisten?.();
    },
  };
}
