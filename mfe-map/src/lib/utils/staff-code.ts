// The staff code of a guest's visit (`/{hotel}?s=<code>`, docs/staff-links.md), kept on the device per hotel for the
// attribution's 30 days: shared links carry it on, and the visit is bound to the guest's account once there is one.
// The database decides the attribution; what is kept here only says which code this device came with.
export const STAFF_QUERY = 's';
export const PREFIX = 'guestmap.staff.';
const WINDOW_MS = 30 * 86_400_000;
const CODE = /^[A-Za-z0-9_-]{22}$/;

export interface Kept {
  code: string;
  at: number;
  /** Sent once with a session, so the database bound the visit to the guest's account. */
  bound?: boolean;
}

export type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export function store(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const isStaffCode = (code: string | null | undefined): code is string => !!code && CODE.test(code);

export function read(s: Store | null, customerId: string, now: number): Kept | null {
  try {
    const k = JSON.parse(s?.getItem(PREFIX + customerId) ?? 'null') as Kept | null;
    return k && isStaffCode(k.code) && now - k.at < WINDOW_MS ? k : null;
  } catch {
    return null;
  }
}

/** The code this device came to this hotel with, within the 30 days. */
export function staffCodeFor(customerId: string, now = Date.now(), s = store()): string | null {
  return read(s, customerId, now)?.code ?? null;
}
