// postgres_changes (Realtime's PostgresCdcRls extension): changes captured by triggers (capture.ts), drained
// from the queue in order and delivered only to subscribers whose bindings match (filter.ts) and whose role
// and claims may SELECT the row now (authorise.ts).
import type { Realtime } from '../channels.ts';
import { authorise, keyOnlyUnlessFull } from './authorise.ts';
import { statusMessage, unpublished, type Binding } from './bindings.ts';
import { drainChanges, installCapture, NOTIFY_CHANNEL, syncTriggers, type CapturedChange } from './capture.ts';
import { matchesFilter } from './filter.ts';
import { drainQueue } from '../queue.ts';

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
  // Published tables as of the last sync; changes of tables that left the publication are dropped.
  let published = new Set<string>();
  let lastSync = 0;
  const sync = async () => {
    published = await syncTriggers(ctx.db);
    lastSync = Date.now();
    return published;
  };

  const setup = (async () => {
    await installCapture(ctx.db);
    await ctx.db.exec('delete from _realtime.changes');
    await sync();
  })();
  const queue = drainQueue(rt, {
    channel: NOTIFY_CHANNEL,
    what: 'dispatch',
    after: setup,
    drainBatch: async () => {
      const batch = await drainChanges(ctx.db);
      if (batch.length && Date.now() - lastSync > 2000) await sync();
      for (const change of batch) {
        if (published.has(`${change.schema_name}.${change.table_name}`)) await dispatch(change);
      }
      return batch.length;
    },
  });
  const ready = queue.ready;
  ready.catch((e) => ctx.log(`[realtime] failed to start: ${e instanceof Error ? e.message : String(e)}`));

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
    stopPolling: queue.stopPolling,
    close: async () => {
      await ready.catch(() => undefined);
      await queue.close();
    },
  };
}
