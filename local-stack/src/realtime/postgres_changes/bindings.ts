// A channel's postgres_changes bindings, from the join's `config.postgres_changes`
// (`[{event, schema, table, filter}]`), and the system message that says whether Realtime serves them.
import { isObj } from '../protocol.ts';
import { parseFilter, type ParsedFilter } from './filter.ts';

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

export interface Binding {
  id: number;
  event: string;
  schema: string;
  table?: string;
  filter: ParsedFilter | null;
  active: boolean;
}

let nextBindingId = 1;

/** Throws (with the reason the join is refused) on an invalid event or filter. */
export function parseBindings(requested: unknown): { bindings: Binding[]; echoed: Record<string, unknown>[] } {
  const list = Array.isArray(requested) ? requested : [];
  const bindings: Binding[] = [];
  const echoed: Record<string, unknown>[] = [];
  for (const r of list) {
    if (!isObj(r)) throw new Error('Invalid postgres_changes parameters');
    const event = typeof r.event === 'string' ? r.event.toUpperCase() : '';
    if (!EVENTS.has(event)) throw new Error(`Invalid event: ${String(r.event)}`);
    const schema = typeof r.schema === 'string' && r.schema ? r.schema : 'public';
    const table = typeof r.table === 'string' && r.table ? r.table : undefined;
    const filterStr = typeof r.filter === 'string' ? r.filter : undefined;
    const binding: Binding = {
      id: nextBindingId++,
      event,
      schema,
      table,
      filter: parseFilter(filterStr),
      active: true,
    };
    bindings.push(binding);
    // Same fields as requested (realtime-js compares them), plus the id.
    echoed.push({ ...r, id: binding.id });
  }
  return { bindings, echoed };
}

/** The bindings that match no table of the publication. */
export function unpublished(bindings: Binding[], published: Set<string>): Binding[] {
  return bindings.filter(
    (b) =>
      !(b.table === undefined || b.table === '*'
        ? [...published].some((t) => b.schema === '*' || t.startsWith(`${b.schema}.`))
        : [...published].some(
            (t) => t === `${b.schema}.${b.table}` || (b.schema === '*' && t.endsWith(`.${b.table}`)),
          )),
  );
}

/** The `system` message sent after a join with bindings (the channel name is added by the caller). */
export function statusMessage(unknown: Binding[]): { extension: string; status: string; message: string } {
  if (unknown.length) {
    return {
      extension: 'postgres_changes',
      status: 'error',
      message: `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${unknown
        .map((b) => `event: ${b.event}, schema: ${b.schema}, table: ${b.table ?? '*'}`)
        .join('; ')}]`,
    };
  }
  return { extension: 'postgres_changes', status: 'ok', message: 'Subscribed to PostgreSQL' };
}
