// Broadcast from the database (Realtime's ReplicationConnection on realtime.messages, and the Janitor's
// partition upkeep): a committed row of realtime.messages with an event, a topic, `private` and a payload
// (realtime.send(), realtime.broadcast_changes(), or an INSERT of one's own) goes to the topic's subscribers,
// public or private as the row says, with its id as metadata. Hosted reads the table's WAL; here the trigger
// of src/db/realtime-schema.sql queues each such row in `_realtime.messages_out` and NOTIFYs
// `realtime_messages` at commit; this module drains the queue in order.
import type { Realtime } from './channels.ts';
import { sendUserBroadcast } from './broadcast.ts';
import { drainQueue } from './queue.ts';

export const MESSAGES_CHANNEL = 'realtime_messages';
const HOUR = 60 * 60 * 1000;

interface QueuedMessage {
  id: string;
  topic: string;
  event: string;
  private: boolean;
  payload: string | null;
  binary_payload: string | null;
}

export interface DatabaseBroadcasts {
  ready: Promise<void>;
  stop: () => void;
  close: () => Promise<void>;
}

export function startDatabaseBroadcasts(rt: Pick<Realtime, 'ctx' | 'conns' | 'closed'>): DatabaseBroadcasts {
  const { ctx } = rt;
  // Messages queued while no stack ran (a seed's realtime.send, say) had no subscriber to reach.
  const setup = ctx.db.exec('delete from _realtime.messages_out');
  const queue = drainQueue(rt, {
    channel: MESSAGES_CHANNEL,
    what: 'broadcast from the database',
    after: setup,
    drainBatch: async () => {
      const { rows } = await ctx.db.query<QueuedMessage>(
        `with taken as (
           delete from _realtime.messages_out
            where seq in (select seq from _realtime.messages_out order by seq limit 200 for update skip locked)
           returning *
         )
         select id::text, topic, event, private, payload::text as payload,
                encode(binary_payload, 'base64') as binary_payload
           from taken order by seq`,
      );
      for (const m of rows) deliver(rt, m);
      return rows.length;
    },
  });
  queue.ready.catch((e: unknown) =>
    ctx.log(`[realtime] broadcast from the database failed to start: ${e instanceof Error ? e.message : String(e)}`),
  );
  // Daily partitions kept ahead and pruned, as hosted's Janitor does (the schema file did it at start).
  const upkeep = setInterval(() => {
    if (ctx.db.pglite?.isInTransaction()) return;
    ctx.db
      .query('select _realtime.maintain_messages()')
      .catch((e: unknown) => ctx.log(`[realtime] messages partitions: ${e instanceof Error ? e.message : String(e)}`));
  }, HOUR);
  upkeep.unref?.();

  return {
    ready: queue.ready,
    stop: () => {
      queue.stopPolling();
      clearInterval(upkeep);
    },
    close: queue.close,
  };
}

function deliver(rt: Pick<Realtime, 'conns'>, m: QueuedMessage): void {
  const meta = { id: m.id };
  const topic = `realtime:${m.topic}`;
  if (m.binary_payload !== null) {
    sendUserBroadcast(rt, topic, m.private, { event: m.event, binary: Buffer.from(m.binary_payload, 'base64'), meta });
  } else if (m.payload !== null) {
    sendUserBroadcast(rt, topic, m.private, { event: m.event, json: m.payload, meta });
  }
}
