// postgres_changes (Realtime's PostgresCdcRls extension): changes captured by triggers (capture.ts), drained
// from the queue in order and delivered only to subscribers whose bindings match (filter.ts) and whose role
// and claims may SELECT the row now (authorise.ts).
import type { Realtime } from '../channels.ts';
import { authorise, keyOnlyUnlessFull } from './authorise.ts';
import { statusMessage, unpublished, type Binding } from './bindings.ts';
import { drainChanges, installCapture, NOTIFY_CHANNEL, syncTriggers, type CapturedChange } from './capture.ts';
import { matchesFilter } from './filter.ts';

export { parseBindings, type Binding } from './bindings.ts';

export interface PostgresChanges {
  /** Capture installed and listening: sockets are accepted after this. */
  ready: Promise<void>;
  /** Re-reads the publication and fits the capture triggers to it; returns the published tables. */
  sync: () => Promise<Set<string>>;
  /** Stops looking at the queue (the stack is stopping). */
  stopPolling: () => void;
  /** Waits for the dispatch under way, then stops listening. */
  close: () => Promise<void>;
}

/** The `system` status a join with bindings gets (after a fresh look at the publication). */
export async function subscriptionStatus(
  changes: PostgresChanges,
  bindings: Binding[],
): Promise<ReturnType<typeof statusMessage>> {
  return statusMessage(unpublished(bindings, await changes.sync()));
}

export function startPostgresChanges(rt: Pick<Realtime, 'ctx' | 'conns' | 'closed'>): PostgresChanges {
  const { ctx } = rt;
  let unlisten: (() => Promise<void>) | null = null;
  let poller: NodeJS.Timeout | null = null;
  let draining = false;
  let drainAgain = false;
  let idle: Promise<void> = Promise.resolve();
  // Published tables as of the last sync; changes of tables that left the publication are dropped.
  let published = new Set<string>();
  let lastSync = 0;
  const sync = async () => {
    published = await syncTriggers(ctx.db);
    lastSync = Date.now();
    return published;
  };

  const ready = (async () => {
    await installCapture(ctx.db);
    await ctx.db.exec('delete from _realtime.changes');
    await sync();
    unlisten = await ctx.db.listen(NOTIFY_CHANNEL, () => scheduleDrain());
    // On PGlite, writes that arrive through the wire-protocol port (psql, pg clients) do not raise
    // NOTIFY callbacks in-process: look at the queue now and then while anyone is subscribed.
    if (ctx.db.kind === 'pglite') {
      poller = setInterval(() => {
        // Not while a wire client holds a transaction open on the single PGlite session.
        if (ctx.db.pglite?.isInTransaction()) return;
        if (!draining && [...rt.conns].some((c) => c.channels.size > 0)) scheduleDrain();
      }, 300);
      poller.unref?.();
    }
  })();
  ready.catch((e) => ctx.log(`[realtime] failed to start: ${e instanceof Error ? e.message : String(e)}`));

  function scheduleDrain(): void {
    if (rt.closed) return;
    if (draining) {
      drainAgain = true;
      return;
    }
    draining = true;
    idle = (async () => {
      try {
        do {
          drainAgain = false;
          for (;;) {
            const batch = await drainChanges(ctx.db);
            if (batch.length && Date.now() - lastSync > 2000) await sync();
            for (const change of batch) {
              if (published.has(`${change.schema_name}.${change.table_name}`)) await dispatch(change);
            }
            if (batch.length === 0 || rt.closed) break;
          }
        } while (drainAgain && !rt.closed);
      } catch (e) {
        if (!rt.closed) ctx.log(`[realtime] dispatch failed: ${e instanceof Error ? e.message : String(e)}`);
      } finally {
        draining = false;
      }
    })();
  }

  async function dispatch(change: CapturedChange): Promise<void> {
    // A filter sees no more of the row than a subscriber is sent (issue #26): for DELETE that is the
    // old record hosted Realtime carries, the primary key only unless the table has REPLICA IDENTITY
    // FULL and no RLS. A filter on another column (an e-mail, say) never matches a DELETE, so it
    // cannot tell whether a deleted row held a value. Column privileges are applied per subscriber
    // once its payload is known (below).
    const filterRow = change.op === 'DELETE' ? keyOnlyUnlessFull(change) : change.record;
    // Subscribers with the same claims (every anon visitor, say) share one check per change.
    const checked = new Map<string, Promise<Record<string, unknown> | null>>();
    for (const conn of rt.conns) {
      for (const ch of conn.channels.values()) {
        const ids = ch.bindings
          .filter(
            (b) =>
              b.active &&
              (b.event === '*' || b.event === change.op) &&
              (b.schema === '*' || b.schema === change.schema_name) &&
              (b.table === undefined || b.table === '*' || b.table === change.table_name) &&
              matchesFilter(b.filter, filterRow),
          )
          .map((b) => b.id);
        if (ids.length === 0) continue;
        const claimsKey = JSON.stringify(ch.claims);
        let pending = checked.get(claimsKey);
        if (!pending) {
          pending = authorise(ctx.db, ch.claims, change).catch(() => null);
          checked.set(claimsKey, pending);
        }
        const data = await pending;
        // The channel may have closed (token expiry, leave) while we were checking.
        if (!data || conn.channels.get(ch.topic) !== ch) continue;
        // Again on what this subscriber receives: a filter on a column its role may not select
        // (absent from the payload) never matches.
        const sent = (change.op === 'DELETE' ? data.old_record : data.record) as Record<string, unknown> | undefined;
        const visibleIds = ch.bindings
          .filter((b) => ids.includes(b.id) && matchesFilter(b.filter, sent ?? null))
          .map((b) => b.id);
        if (visibleIds.length === 0) continue;
        conn.send(null, null, ch.topic, 'postgres_changes', { ids: visibleIds, data });
      }
    }
  }

  return {
    ready,
    sync,
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
