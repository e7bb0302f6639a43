// The screens' places (issue 32): the screens never wait in silence when the API cannot answer (no
// connection, a server fault, a restart): they show what the page already has, the places kept from the
// guest's last visit (utils/kept-places.ts) or else the welcome the server sent with the page, while the
// shell says it is still trying; the read (store/places-cache.ts) runs again on the page's one retry
// schedule (connectivity, in the contract) and the fresh places replace what was shown as soon as the API
// answers, without a reload.
import { startTransition, useEffect, useMemo, useState } from 'react';
import {
  useConnectivity,
  useCustomer,
  usePlatform,
  useRetryWhileDown,
  type Db,
  type PageCustomer,
} from '@guestmap/shared-ui/contracts';
import type { Activity, Customer } from '../utils/types.ts';
import { PlacesUnavailable } from '../utils/read-all-pages.ts';
import { keepPlaces, keptPlaces } from '../utils/kept-places.ts';
import { loadPlaces, watchPlaces } from '../store/places-cache.ts';

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
