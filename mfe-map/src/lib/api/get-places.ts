// Reads a customer's published activities through the page's PostgREST client (RLS decides what a
// visitor sees); the customer itself is the page's, read once by the shell (`useCustomer()` in the
// contract, issue 28), so a change saved in the dashboard's settings shows here at once. Places are cached
// per customer for the page's life, so going from the Customer screen to the Map, or between Map and
// Activity, never refetches.
//
// When the API cannot answer (no connection, a server fault, a restart), the screens never wait in
// silence (issue 32): they show what the page already has, the places kept from the guest's last visit
// (localStorage, below) or else the welcome the server sent with the page, while the shell says it is
// still trying; the read runs again on the page's one retry schedule (connectivity, in the contract) and
// the fresh places replace what was shown as soon as the API answers, without a reload.
//
// Texts hotels write in six languages (titles, descriptions, guest offers) are read in the guest's language
// and its fallbacks only (issue 30: an English guest downloads no Chinese, Korean or Japanese), so the cache
// is per customer and language; the names in every language, which search needs, are read when the guest
// first searches (get-place-names.ts).
import { startTransition, useEffect, useMemo, useState } from 'react';
import {
  isTransientError,
  isTransientResponse,
  useConnectivity,
  useCustomer,
  usePlatform,
  useRetryWhileDown,
  type Db,
  type PageCustomer,
} from '@guestmap/shared-ui/contracts';
import { contentColumns, contentLanguagesFor, foldContent } from '@guestmap/shared-ui/i18n';
import type { Activity, Customer } from '../utils/types.ts';

const ACTIVITY_COLUMNS =
  'id, customer_id, slug, category, latitude, longitude, address, address_local, phone, website, price_level, opening_hours, photos, tags, is_partner, sort_order';
/** The texts written per language. */
const ACTIVITY_TEXTS = ['title', 'description', 'guest_offer'] as const;

export interface Places {
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

/** One page of a map's published places, with the given columns, in the map's order. */
export function activitiesPage(db: Db, customerId: string, page: number, columns: string) {
  return db
    .from('activities')
    .select(columns)
    .eq('customer_id', customerId)
    .eq('published', true)
    .order('sort_order')
    .order('id')
    .range(page * PAGE_ROWS, page * PAGE_ROWS + PAGE_ROWS - 1);
}

/** Every page of a map's published places with the given columns (more than one only past PAGE_ROWS).
 * Throws PlacesUnavailable when the API cannot answer. */
export async function readAllPages(db: Db, customerId: string, columns: string): Promise<Record<string, unknown>[]> {
  let a;
  const pages = [];
  try {
    a = await activitiesPage(db, customerId, 0, columns);
    pages.push(a);
    // A full page means there may be more: read the next ones, a few at a time, until one is short.
    while (!a.error && (a.data?.length ?? 0) === PAGE_ROWS) {
      const next = await Promise.all(
        Array.from({ length: PAGES_AT_ONCE }, (_, i) => activitiesPage(db, customerId, pages.length + i, columns)),
      );
      pages.push(...next);
      a = next.find((r) => r.error || (r.data?.length ?? 0) < PAGE_ROWS) ?? next[next.length - 1]!;
    }
  } catch (e) {
    throw isTransientError(e) ? new PlacesUnavailable(e) : e;
  }
  for (const r of pages) {
    if (r.error) throw isTransientResponse(r) ? new PlacesUnavailable(r.error) : r.error;
  }
  return pages.flatMap((r) => (r.data as unknown as Record<string, unknown>[] | null) ?? []);
}

export async function fetchPlaces(db: Db, customerId: string, locale = 'en'): Promise<Places> {
  const languages = contentLanguagesFor(locale);
  const rows = await readAllPages(db, customerId, `${ACTIVITY_COLUMNS}, ${contentColumns(ACTIVITY_TEXTS, languages)}`);
  // The JSON columns (texts, opening hours) have the shapes `Activity` gives them.
  return { activities: rows.map((r) => foldContent<Activity>(r, ACTIVITY_TEXTS, languages)) };
}

export function loadPlaces(db: Db, customerId: string, locale = 'en'): Promise<Places> {
  const key = `${customerId}|${contentLanguagesFor(locale).join(',')}`;
  let p = cache.get(key);
  if (!p) {
    p = fetchPlaces(db, customerId, locale);
    cache.set(key, p);
    p.catch(() => cache.delete(key));
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

function keepPlaces(customerId: string, customer: Customer, activities: Activity[]) {
  try {
    const value = JSON.stringify({ customer, activities, at: Date.now() });
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

/** What the page already has for this customer while its places are read: kept places, else the welcome. */
function meanwhile(customer: PageCustomer, customerId: string): PlacesState | null {
  const kept = keptPlaces(customerId);
  const row = customer.status === 'loaded' ? customer.data : null;
  if (kept) return { status: 'ready', customer: row ?? kept.customer, activities: kept.activities, shown: 'kept' };
  if (row) return { status: 'ready', customer: row, activities: [], shown: 'welcome' };
  return null;
}

const LOADING: PlacesState = { status: 'loading' };

type Read =
  | { status: 'ready'; activities: Activity[] }
  | { status: 'error'; retry: () => void }
  /** No answer or a server fault: read again on the page's schedule. */
  | { status: 'waiting' };

/** The places of the route's customer, with the customer the shell read for the page (`useCustomer()`). */
export function usePlaces(db: Db, customerId: string | undefined): PlacesState {
  const customer = useCustomer();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ id: string; attempt: number; read: Read } | null>(null);
  const connection = useConnectivity().status;
  // The page's language chooses the texts read; a change reads them again while the screen keeps showing
  // the texts it has.
  const { locale } = usePlatform();
  useEffect(() => {
    if (!customerId) return;
    let live = true;
    loadPlaces(db, customerId, locale).then(
      // A transition: the list and the markers render in slices, so a tap is never kept waiting.
      (r) =>
        live &&
        startTransition(() =>
          setState({ id: customerId, attempt, read: { status: 'ready', activities: r.activities } }),
        ),
      (e) => {
        if (!live) return;
        setState({
          id: customerId,
          attempt,
          read:
            e instanceof PlacesUnavailable
              ? { status: 'waiting' }
              : { status: 'error', retry: () => setAttempt((n) => n + 1) },
        });
      },
    );
    return () => {
      live = false;
    };
  }, [db, customerId, attempt, locale]);
  const current = state?.id === customerId ? state : null;
  const waiting = current?.read.status === 'waiting';
  // Read again at each attempt of the page's schedule, and as soon as the API answers again.
  useRetryWhileDown(!!current && waiting && current.attempt === attempt, () => setAttempt((n) => n + 1));
  // While a read is under way, what was read before stays (a failed read's kept places or welcome).
  const read = current && (current.attempt === attempt || waiting) ? current.read : null;
  const row = customer.status === 'loaded' ? customer.data : null;
  const fresh = read?.status === 'ready' && row ? read.activities : null;
  // The last good read of this map, for a visit that cannot reach the API.
  useEffect(() => {
    if (customerId && row && fresh) keepPlaces(customerId, row, fresh);
  }, [customerId, row, fresh]);
  // One object per customer, read and fault (a new one each render would render the screen again and again).
  const slowOrDown = connection !== 'online';
  return useMemo<PlacesState>(() => {
    if (!customerId || customer.status === 'notFound') return { status: 'notFound' };
    if (read?.status === 'error') return { status: 'error', retry: read.retry };
    if (read?.status === 'ready') {
      // The places are here; the customer is the shell's, else (its read cannot answer) the one kept.
      const c = row ?? (customer.status === 'error' ? keptPlaces(customerId)?.customer : null);
      if (c) return { status: 'ready', customer: c, activities: read.activities, shown: 'fresh' };
    }
    // A read that cannot answer, or a first read that is slow: what the page already has.
    if (read?.status === 'waiting' || slowOrDown || customer.status === 'error')
      return meanwhile(customer, customerId) ?? LOADING;
    return LOADING;
  }, [customerId, customer, read, row, slowOrDown]);
}
