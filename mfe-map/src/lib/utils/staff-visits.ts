// Writing the kept staff code of a visit (staff-code.ts reads it): on arrival through a staff link and once the visit
// was sent with a session. Loaded with the arrival's chunk and the rewards, not with the guest's first path.
import { PREFIX, isStaffCode, read, store, type Kept } from './staff-code.ts';

/** Remembers the first code of this hotel on this device (a later one within 30 days does not replace it). */
export function keepStaffCode(customerId: string, code: string, now = Date.now(), s = store()): void {
  if (!isStaffCode(code) || read(s, customerId, now)) return;
  try {
    s?.setItem(PREFIX + customerId, JSON.stringify({ code, at: now } satisfies Kept));
  } catch {}
}

/** The hotels whose visit has not yet been sent with a session, with their code. */
export function unboundStaffVisits(now = Date.now(), s = store()): { customerId: string; code: string }[] {
  const out: { customerId: string; code: string }[] = [];
  for (let i = 0; i < (s?.length ?? 0); i++) {
    const key = s?.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    const k = read(s, key.slice(PREFIX.length), now);
    if (k && !k.bound) out.push({ customerId: key.slice(PREFIX.length), code: k.code });
  }
  return out;
}

export function markStaffVisitBound(customerId: string, now = Date.now(), s = store()): void {
  const k = read(s, customerId, now);
  if (!k) return;
  try {
    s?.setItem(PREFIX + customerId, JSON.stringify({ ...k, bound: true }));
  } catch {}
}
