// Reads a customer and its published activities through the shared Supabase client (RLS decides
// what a visitor sees). Results are cached per customer for the page's life, so going from the
// Customer screen to the Map, or between Map and Activity, never refetches.
//
// When the API cannot answer (no connection, a server fault, a restart), the screens never wait in
// silence (issue 32): they show what the page already has, the places kept from the guest's last visit
// (localStorage, below) or else the welcome the server sent with the page, while the shell says it is
// still trying; the read runs again on the page's one retry schedule (connectivity, in the contract) and
// the fresh places replace what was shown as soon as the API answers, without a reload.
import { startTransition, useEffect, useMemo, useState } from 'react';
import {
  isTransientError,
  isTransientResponse,
  pageCustomer,
  useConnectivity,
  useRetryWhileDown,
  type Db,
  type StoreApi,
} from '@guestmap/shared-ui/contracts';
import type { Activity, Customer } from '../utils/types.ts';

const CUSTOMER_COLUMNS =
  'id, kind, name, tagline, latitude, longitude, zoom, logo_url, primary_color, cover_url, welcome';
const ACTIVITY_COLUMNS =
  'id, customer_id, slug, category, title, description, latitude, longitude, address, address_local, phone, website, price_level, opening_hours, photos, tags, is_partner, guest_offer, sort_order';

export interface Places {
  customer: Customer | null;
  activities: Activity[];
}

/** A read that failed without an answer, or with a server fault: worth reading again later. */
export class PlacesUnavailable extends Error {
  constructor(override readonly cause: unknown) {
    super('places unavailable');
    this.name = 'PlacesUnavailable';
  }
}

const cache = new Map<string, Promise<Places>>();

/**
 * Rows per request: PostgREST answers at most `max_rows` rows (1,000 on hosted Supabase and locally), and
 * a longer answer is cut without an error. A map with more places is read in pages of this size.
 */
export const PAGE_ROWS = 1000;
/** Pages asked for at once after the first (a city of 10,000 places: 1 + 4 round trips instead of 10). */
const PAGES_AT_ONCE = 3;

function activitiesPage(db: Db, customerId: string, page: number) {
  return db
    .from('activities')
    .select(ACTIVITY_COLUMNS)
    .eq('customer_id', customerId)
    .eq('published', true)
    .order('sort_order')
    .order('id')
    .range(page * PAGE_ROWS, page * PAGE_ROWS + PAGE_ROWS - 1);
}

export async function fetchPlaces(db: Db, customerId: string): Promise<Places> {
  let c, a;
  const pages = [];
  try {
    [c, a] = await Promise.all([
      db.from('customers').select(CUSTOMER_COLUMNS).eq('id', customerId).maybeSingle(),
      activitiesPage(db, customerId, 0),
    ]);
    pages.push(a);
    // A full page means there may be more: read the next ones, a few at a time, until one is short.
    while (!a.error && (a.data?.length ?? 0) === PAGE_ROWS) {
      const next = await Promise.all(
        Array.from({ length: PAGES_AT_ONCE }, (_, i) => activitiesPage(db, customerId, pages.length + i)),
      );
      pages.push(...next);
      a = next.find((r) => r.error || (r.data?.length ?? 0) < PAGE_ROWS) ?? next[next.length - 1]!;
    }
  } catch (e) {
    throw isTransientError(e) ? new PlacesUnavailable(e) : e;
  }
  for (const r of [c, ...pages]) {
    if (r.error) throw isTransientResponse(r) ? new PlacesUnavailable(r.error) : r.error;
  }
  const activities = pages.flatMap((r) => (r.data as Activity[] | null) ?? []);
  return { customer: (c.data as Customer | null) ?? null, activities };
}

export function loadPlaces(db: Db, customerId: string): Promise<Places> {
  let p = cache.get(customerId);
  if (!p) {
    p = fetchPlaces(db, customerId);
    cache.set(customerId, p);
    p.then(
      (r) => r.customer && keepPlaces(customerId, r),
      () => cache.delete(customerId),
    );
  }
  return p;
}

// ─── places kept from the last visit ─────────────────────────────────────────────────────────────────
// The last successful read of each of the last few maps opened on this device, shown only while a new
// read cannot answer. Small maps only: localStorage holds a few megabytes for the whole origin.
const KEPT_PREFIX = 'guestmap:places:';
const KEPT_MAPS = 3;
const KEPT_MAX_CHARS = 1_500_000;

export interface KeptPlaces {
  customer: Customer;
  activities: Activity[];
  /** When they were read (ms since epoch). */
  at: number;
}

function keepPlaces(customerId: string, places: Places) {
  try {
    const value = JSON.stringify({ customer: places.customer, activities: places.activities, at: Date.now() });
    if (value.length > KEPT_MAX_CHARS) return;
    const keys = Object.keys(localStorage)
      .filter((k) => k.startsWith(KEPT_PREFIX) && k !== KEPT_PREFIX + customerId)
      .map((k) => ({ k, at: Number((JSON.parse(localStorage.getItem(k) ?? '{}') as { at?: number }).at ?? 0) }))
      .sort((x, y) => y.at - x.at);
    for (const old of keys.slice(KEPT_MAPS - 1)) localStorage.removeItem(old.k);
    localStorage.setItem(KEPT_PREFIX + customerId, value);
  } catch {
    // Storage full or denied (private mode): nothing is kept, nothing breaks.
  }
}

export function keptPlaces(customerId: string): KeptPlaces | null {
  try {
    const raw = localStorage.getItem(KEPT_PREFIX + customerId);
    const v = raw ? (JSON.parse(raw) as KeptPlaces) : null;
    return v && v.customer && Array.isArray(v.activities) ? v : null;
  } catch {
    return null;
  }
}

// ─── the screens' hook ───────────────────────────────────────────────────────────────────────────────
/**
 * `ready` with `shown: 'kept'` shows the places of an earlier visit and with `shown: 'welcome'` only the
 * customer the server sent with the page (its places still to come); both read again until the API answers.
 */
export type PlacesState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'notFound' }
  | { status: 'ready'; customer: Customer; activities: Activity[]; shown: 'fresh' | 'kept' | 'welcome' };

/** What the page already has for this customer while its read waits: kept places, else the welcome. */
function meanwhile(store: StoreApi, customerId: string): PlacesState | null {
  const kept = keptPlaces(customerId);
  if (kept) return { status: 'ready', customer: kept.customer, activities: kept.activities, shown: 'kept' };
  const row = pageCustomer(store, customerId) as Customer | null;
  if (row && typeof row.name === 'string' && typeof row.latitude === 'number')
    return { status: 'ready', customer: row, activities: [], shown: 'welcome' };
  return null;
}

const LOADING: PlacesState = { status: 'loading' };

export function usePlaces(db: Db, store: StoreApi, customerId: string | undefined): PlacesState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ id: string; attempt: number; value: PlacesState; waiting: boolean } | null>(
    null,
  );
  const connection = useConnectivity().status;
  useEffect(() => {
    if (!customerId) return;
    let live = true;
    loadPlaces(db, customerId).then(
      // A transition: the list and the markers render in slices, so a tap is never kept waiting.
      (r) =>
        live &&
        startTransition(() =>
          setState({
            id: customerId,
            attempt,
            waiting: false,
            value: r.customer
              ? { status: 'ready', customer: r.customer, activities: r.activities, shown: 'fresh' }
              : { status: 'notFound' },
          }),
        ),
      (e) => {
        if (!live) return;
        if (e instanceof PlacesUnavailable) {
          setState({
            id: customerId,
            attempt,
            waiting: true,
            value: meanwhile(store, customerId) ?? { status: 'loading' },
          });
        } else {
          setState({
            id: customerId,
            attempt,
            waiting: false,
            value: { status: 'error', retry: () => setAttempt((n) => n + 1) },
          });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [db, store, customerId, attempt]);
  const current = state?.id === customerId ? state : null;
  // One object per customer and fault (a new one each render would render the screen again and again).
  const slowOrDown = connection !== 'online';
  const fallback = useMemo(
    () => (customerId && slowOrDown ? meanwhile(store, customerId) : null),
    [store, customerId, slowOrDown],
  );
  // Read again at each attempt of the page's schedule, and as soon as the API answers again.
  useRetryWhileDown(!!current && current.waiting && current.attempt === attempt, () => setAttempt((n) => n + 1));
  if (!customerId) return { status: 'notFound' };
  // While a read is under way, what was shown stays (a failed read's kept places or welcome).
  if (current && (current.attempt === attempt || current.waiting)) return current.value;
  // A first read that is slow or cannot answer shows what the page already has.
  return fallback ?? LOADING;
}
