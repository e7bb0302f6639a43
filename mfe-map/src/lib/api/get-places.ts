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
import { contentColumns, contentFolder, contentLanguagesFor } from '@guestmap/shared-ui/i18n';
import type { Activity, Customer } from '../utils/types.ts';

const ACTIVITY_COLUMNS =
  'id, customer_id, slug, category, latitude, longitude, address, address_local, phone, website, price_level, price_min_vnd, price_max_vnd, opening_hours, photos, tags, is_partner, sort_order, street, old_ward, old_district, attributes, ward:vn_wards(name, province)';
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

const cache = new Map<string, Reading>();

/**
 * Rows per request: PostgREST answers at most `max_rows` rows (1,000 on hosted Supabase and locally), and
 * a longer answer is cut without an error. A map with more places is read in pages of this size.
 */
export const PAGE_ROWS = 1000;
/** Pages asked for at once after the first (a city of 10,000 places: at most 3 in flight, so the next
 * page in the map's order arrives first, instead of nine sharing the connection). */
const PAGES_AT_ONCE = 3;

/** One page of a map's published places, with the given columns, in the map's order; `count` asks for the
 * number of places too (the first page). */
export function activitiesPage(db: Db, customerId: string, page: number, columns: string, count = false) {
  return db
    .from('activities')
    .select(columns, count ? { count: 'exact' } : undefined)
    .eq('customer_id', customerId)
    .eq('published', true)
    .order('sort_order')
    .order('id')
    .range(page * PAGE_ROWS, page * PAGE_ROWS + PAGE_ROWS - 1);
}

type Row = Record<string, unknown>;

/** An answer with an error, as the read reports it: PlacesUnavailable when worth reading again later. */
class Refused {
  constructor(readonly error: unknown) {}
}

/**
 * Every page of a map's published places with the given columns (more than one only past PAGE_ROWS), in
 * the map's order, each row made into what the caller keeps (`make`, once per row). The first page also
 * asks for the number of places (`Prefer: count=exact`: one index range in the database), so exactly the
 * pages needed are read: a map of 10,000 places is 10 requests, not 10 and 3 empty ones (without a count,
 * pages are read until one is short). `onPage` gets the places read so far as soon as each page and the
 * ones before it are here, except after the last (the whole answer follows): a big map shows its first
 * thousand places while the others arrive. Throws PlacesUnavailable when the API cannot answer.
 */
export async function readAllPages<T>(
  db: Db,
  customerId: string,
  columns: string,
  make: (row: Row) => T,
  onPage?: (soFar: T[]) => void,
): Promise<T[]> {
  type Answer = Awaited<ReturnType<typeof activitiesPage>>;
  const rowsOf = (r: Answer): T[] => {
    if (r.error) throw new Refused(isTransientResponse(r) ? new PlacesUnavailable(r.error) : r.error);
    return ((r.data as unknown as Row[] | null) ?? []).map(make);
  };
  try {
    const first = await activitiesPage(db, customerId, 0, columns, true);
    let places = rowsOf(first);
    // Only a page of exactly PAGE_ROWS rows can have more after it (a server answering everything at once
    // answers more, and that is all).
    const pages = places.length !== PAGE_ROWS ? 1 : first.count != null ? Math.ceil(first.count / PAGE_ROWS) : Infinity;
    const asked: Promise<Answer>[] = [];
    for (let page = 1; page < pages; page++) {
      onPage?.(places);
      // The next pages, a few at a time: one more asked for as each arrives.
      for (let k = Math.max(page, asked.length); k < Math.min(pages, page + PAGES_AT_ONCE); k++) {
        const p = Promise.resolve(activitiesPage(db, customerId, k, columns));
        p.catch(() => undefined); // awaited below in order; one after a failed page is not
        asked[k] = p;
      }
      const more = rowsOf(await asked[page]!);
      places = places.concat(more);
      if (more.length !== PAGE_ROWS) break;
    }
    return places;
  } catch (e) {
    if (e instanceof Refused) throw e.error;
    throw isTransientError(e) ? new PlacesUnavailable(e) : e;
  }
}

export async function fetchPlaces(
  db: Db,
  customerId: string,
  locale = 'en',
  onPage?: (soFar: Activity[]) => void,
): Promise<Places> {
  const languages = contentLanguagesFor(locale);
  const activities = await readAllPages(
    db,
    customerId,
    `${ACTIVITY_COLUMNS}, ${contentColumns(ACTIVITY_TEXTS, languages)}`,
    // The JSON columns (texts, opening hours) have the shapes `Activity` gives them.
    contentFolder<Activity>(ACTIVITY_TEXTS, languages),
    onPage,
  );
  return { activities };
}

/** A read of a map's places under way or done: the places so far (a big map's first pages) and who waits. */
interface Reading {
  done: Promise<Places>;
  soFar: Activity[] | null;
  watchers: Set<(soFar: Activity[]) => void>;
}

function reading(db: Db, customerId: string, locale: string): Reading {
  const key = `${customerId}|${contentLanguagesFor(locale).join(',')}`;
  let r = cache.get(key);
  if (!r) {
    const started: Reading = { done: null!, soFar: null, watchers: new Set() };
    started.done = fetchPlaces(db, customerId, locale, (soFar) => {
      started.soFar = soFar;
      for (const w of started.watchers) w(soFar);
    });
    started.done.then(
      () => {
        started.soFar = null;
        started.watchers.clear();
      },
      () => cache.delete(key),
    );
    cache.set(key, (r = started));
  }
  return r;
}

export function loadPlaces(db: Db, customerId: string, locale = 'en'): Promise<Places> {
  return reading(db, customerId, locale).done;
}

/** The places read so far while a big map's pages arrive: `onPage` now if some are here, then after each
 * page but the last (loadPlaces answers all). Returns what stops the calls. */
export function watchPlaces(db: Db, customerId: string, locale: string, onPage: (soFar: Activity[]) => void) {
  const r = reading(db, customerId, locale);
  if (r.soFar) onPage(r.soFar);
  r.watchers.add(onPage);
  return () => void r.watchers.delete(onPage);
}

// ─── places kept from the last visit ─────────────────────────────────────────────────────────────────
// The last successful read of each of the last few maps opened on this device, shown only while a new
// read cannot answer. Small maps only: localStorage holds a few megabytes for the whole origin.
const KEPT_PREFIX = 'guestmap:places:';
const KEPT_MAPS = 3;
const KEPT_MAX_CHARS = 1_500_000;
/** Places of about 700 characters each (three languages' texts) fill KEPT_MAX_CHARS at about 2,000. */
const KEPT_MAX_PLACES = 2_000;

export interface KeptPlaces {
  customer: Customer;
  activities: Activity[];
  /** When they were read (ms since epoch). */
  at: number;
}

function keepPlaces(customerId: string, customer: Customer, activities: Activity[]) {
  // A big map would not fit: not even written out (10,000 places took 400 ms of a phone's main thread
  // before the first markers, to be refused for their size).
  if (activities.length > KEPT_MAX_PLACES) return;
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
 * customer (the shell's read, or the one the server sent with the page), its places still to come: while
 * the first read is under way, and while the API cannot answer (then both read again until it does).
 * `shown: 'partial'`: the first pages of a big map's places, the others still arriving.
 */
export type PlacesState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'notFound' }
  | {
      status: 'ready';
      customer: Customer;
      activities: Activity[];
      shown: 'fresh' | 'partial' | 'kept' | 'welcome';
    };

/** What the page already has for this customer while its places are read: kept places, else the welcome. */
function meanwhile(customer: PageCustomer, customerId: string): PlacesState | null {
  const kept = keptPlaces(customerId);
  const row = customer.status === 'loaded' ? customer.data : null;
  if (kept) return { status: 'ready', customer: row ?? kept.customer, activities: kept.activities, shown: 'kept' };
  if (row) return { status: 'ready', customer: row, activities: [], shown: 'welcome' };
  return null;
}

const LOADING: PlacesState = { status: 'loading' };
const NO_PLACES: Activity[] = [];
/** A big map's places arriving in pages are shown at most this often (the first page at once). */
const PARTIAL_EVERY_MS = 1000;

type Read =
  /** `complete` false: the pages read so far. */
  | { status: 'ready'; activities: Activity[]; complete: boolean }
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
    // A big map's first page is shown as soon as it arrives, then what has arrived at most once a second
    // (each showing renders the list's count, the markers' index and items again: for every page, that
    // work would delay the last one's). Never over a complete read shown before: a change of language
    // keeps the old texts until the new ones are all here.
    // The first page is an ordinary update, the later ones transitions: a transition gives way to the next
    // one, and on a slow phone each page's arrival restarted the first page's render until the last.
    let shownAt = -Infinity;
    const stop = watchPlaces(db, customerId, locale, (soFar) => {
      if (!live || performance.now() - shownAt < PARTIAL_EVERY_MS) return;
      const update = () =>
        setState((prev) =>
          prev?.id === customerId && prev.read.status === 'ready' && prev.read.complete
            ? prev
            : { id: customerId, attempt, read: { status: 'ready', activities: soFar, complete: false } },
        );
      if (shownAt === -Infinity) update();
      else startTransition(update);
      shownAt = performance.now();
    });
    loadPlaces(db, customerId, locale).then(
      // A transition: the list and the markers render in slices, so a tap is never kept waiting.
      (r) =>
        live &&
        startTransition(() =>
          setState({ id: customerId, attempt, read: { status: 'ready', activities: r.activities, complete: true } }),
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
      stop();
    };
  }, [db, customerId, attempt, locale]);
  const current = state?.id === customerId ? state : null;
  const waiting = current?.read.status === 'waiting';
  // Read again at each attempt of the page's schedule, and as soon as the API answers again.
  useRetryWhileDown(!!current && waiting && current.attempt === attempt, () => setAttempt((n) => n + 1));
  // While a read is under way, what was read before stays (a failed read's kept places or welcome).
  const read = current && (current.attempt === attempt || waiting) ? current.read : null;
  const row = customer.status === 'loaded' ? customer.data : null;
  const fresh = read?.status === 'ready' && read.complete && row ? read.activities : null;
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
      if (c)
        return {
          status: 'ready',
          customer: c,
          activities: read.activities,
          shown: read.complete ? 'fresh' : 'partial',
        };
    }
    // A read that cannot answer, or a first read that is slow: what the page already has.
    if (read?.status === 'waiting' || slowOrDown || customer.status === 'error')
      return meanwhile(customer, customerId) ?? LOADING;
    // A first read under way: the screen with the customer the shell read, its places to come. The map,
    // the header and the filters are built while the places cross the network, so the first page of a big
    // map has only its markers and rows left to draw.
    if (row) return { status: 'ready', customer: row, activities: NO_PLACES, shown: 'welcome' };
    return LOADING;
  }, [customerId, customer, read, row, slowOrDown]);
}
