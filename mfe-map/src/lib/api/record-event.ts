// Anonymous analytics through the record_event RPC: a random visitor id kept in localStorage,
// never a user id or anything personal. Failures are ignored: analytics never blocks a guest.
// The id tells guests on one hotel Wi-Fi apart; the database bounds how many new ids (and events)
// one network address may add to a hotel per day, so invented ids cannot grow its figures at will.
import type { Db } from '@guestmap/shared-ui/contracts';

export type EventType = 'qr_scan' | 'map_view' | 'activity_view' | 'directions_click' | 'share' | 'favourite';

export const VISITOR_KEY = 'guestmap.visitor';

export function visitorId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()): string {
  const existing = storage?.getItem(VISITOR_KEY);
  if (existing && /^[0-9a-f-]{36}$/i.test(existing)) return existing;
  const id = crypto.randomUUID();
  try {
    storage?.setItem(VISITOR_KEY, id);
  } catch {}
  return id;
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export async function recordEvent(
  db: Db,
  customerId: string,
  type: EventType,
  activityId?: string | null,
): Promise<boolean> {
  try {
    const { data, error } = await db.rpc('record_event', {
      p_customer_id: customerId,
      p_type: type,
      // Left out when there is none: the function's default (null) applies, as the generated type says.
      p_activity_id: activityId ?? undefined,
      p_visitor_id: visitorId(),
    });
    if (error) return false;
    return data === true;
  } catch {
    return false;
  }
}
