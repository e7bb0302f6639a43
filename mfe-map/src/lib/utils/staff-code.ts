// The staff code of a guest's visit (`/{hotel}?s=<code>`, docs/staff-links.md), kept on the device per hotel for the
// attribution's 30 days: shared links carry it on, and the visit is bound to the guest's account once there is one.
// The database decides the attribution; what is kept here only says which code this device came with.
export const STAFF_QUERY = 's';
const PREFIX = 'guestmap.staff.';
const WINDOW_MS = 30 * 86_400_000;
const CODE = /^[A-Za-z0-9_-]{22}$/;

interface Kept {
  code: string;
  at: number;
  /** Sent once with a session, so the database bound the visit to the guest's account. */
  bound?: boolean;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

function store(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const isStaffCode = (code: string | null | undefined): code is string => !!code && CODE.test(code);

function read(s: Store | null, customerId: string, now: number): Kept | null {
  try {
    const k = JSON.parse(s?.getItem(PREFIX + customerId) ?? 'null') as Kept | null;
    return k && isStaffCode(k.code) && now - k.at < WINDOW_MS ? k : null;
  } catch {
    return null;
  }
}

/** Remembers the first code of this hotel on this device (a later one within 30 days does not replace it). */
export function keepStaffCode(customerId: string, code: string, now = Date.now(), s = store()): void {
  if (!isStaffCode(code) || read(s, customerId, now)) return;
  try {
    s?.setItem(PREFIX + customerId, JSON.stringify({ code, at: now } satisfies Kept));
  } catch {}
}

/** The code this device came to this hotel with, within the 30 days. */
export function staffCodeFor(customerId: string, now = Date.now(), s = store()): string | null {
  return read(s, customerId, now)?.code ?? null;
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
