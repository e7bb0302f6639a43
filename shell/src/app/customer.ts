// Customer routes (spec section 4): on a customerId change the customer state is reset, the
// customer read from `customers` by id, and the map centre set to its position and zoom (16 when
// absent). An unknown customer: the error toast "Customer not found" and the console warning
// 'Map not found'.
//
// The shell is the page's one reader of that row (issue 28): remotes take it from `useCustomer()` in the
// contract (`Platform.customer`, `customerSource` below), and a screen that saved a change calls its
// `reload()`, so the customer page, the map and the dashboard show the same row.
//
// Its texts written per language (the welcome) are read in the page's language and the fallbacks only on
// the guest's screens (an English page downloads no Chinese, Korean or Japanese: docs/content-languages.md),
// and in every language on the dashboard's, whose editor shows and saves them all: `CustomerTexts`. A change
// of language on a guest screen reads the row again, in place; entering the dashboard with a row read for a
// guest screen shows it loading until the row in every language is there (never a partial row to an editor).
import { useEffect, useLayoutEffect, useRef } from 'react';
import {
  connectivity,
  isTransientResponse,
  type Customer,
  type CustomerSource,
  type Db,
  type ToastApi,
} from '@guestmap/shared-ui/contracts';
import { contentColumns, contentLanguagesFor, foldContent, type ContentLanguage } from '@guestmap/shared-ui/i18n';
import { customerSlice, type AppDispatch, type AppStore, type CustomerState } from './store.ts';
import { afterLoadAndIdle } from './idle.ts';

export type CustomerResult =
  | { status: 'loaded'; row: Customer }
  | { status: 'notFound' }
  | { status: 'error'; error: unknown; transient: boolean };

/** The languages of the row's texts a screen needs: the guest's and the fallbacks, or all (the editor). */
export type CustomerTexts = readonly ContentLanguage[] | 'all';

/** The dashboard's screens edit every language; the others show the page's language and the fallbacks. */
export function customerTextsFor(remote: string | undefined, locale: string): CustomerTexts {
  return remote === 'dashboard' ? 'all' : contentLanguagesFor(locale);
}

const textsKey = (t: CustomerTexts) => (t === 'all' ? 'all' : t.join(','));

/**
 * Every column of `customers` but the texts written per language, checked against the generated database
 * types (supabase/types/database.ts): a column renamed or removed is a type error here, and so is a column
 * added to the table and not listed (`EveryColumnListed`); customer.test.ts reads the row both ways.
 */
export const CUSTOMER_COLUMN_LIST = [
  'id',
  'kind',
  'name',
  'tagline',
  'latitude',
  'longitude',
  'zoom',
  'logo_url',
  'primary_color',
  'cover_url',
  'package',
  'is_public',
  'rewards_reinvestment_pct',
  'time_zone',
  'require_mfa',
  // The address after Vietnam's 2025 reform, with the old form (docs/addresses.md).
  'street',
  'ward_code',
  'old_ward',
  'old_district',
  'ward_needs_review',
  // The front desk's number (the guest's emergency sheet, docs/emergency.md).
  'phone',
  'created_by',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Customer)[];
export const CUSTOMER_TEXTS = ['welcome'] as const satisfies readonly (keyof Customer)[];
// `ward` is no column: it is embedded (CUSTOMER_WARD below).
type Unlisted = Exclude<
  keyof Customer,
  (typeof CUSTOMER_COLUMN_LIST)[number] | (typeof CUSTOMER_TEXTS)[number] | 'ward'
>;
/** `true` only when every column of the generated `customers` row is listed above (else: the missing names). */
export type EveryColumnListed = [Unlisted] extends [never] ? true : Unlisted;
export const EVERY_COLUMN_LISTED: EveryColumnListed = true;
/**
 * The hotel's new ward or commune with its province (`Customer.ward`), embedded in the same read: the emergency
 * sheet shows the hotel's address in Vietnamese offline after one visit, from the row the service worker kept
 * (docs/emergency.md). The server's copy with the page embeds it too (scripts/prefill.mjs).
 */
export const CUSTOMER_WARD = 'ward:vn_wards(name, province)';
const CUSTOMER_COLUMNS = `${CUSTOMER_COLUMN_LIST.join(', ')}, ${CUSTOMER_WARD}`;

/** The texts the route on screen needs (set by useCustomerLoader; at boot by prefetch/seed). */
let wanted: CustomerTexts = 'all';
/** The texts each row in the store was read with (rows are stored as they were read: same object). */
const readWith = new WeakMap<object, string>();

export async function fetchCustomer(db: Db, id: string, texts: CustomerTexts = wanted): Promise<CustomerResult> {
  try {
    const res =
      texts === 'all'
        ? await db.from('customers').select(`*, ${CUSTOMER_WARD}`).eq('id', id).maybeSingle()
        : await db
            .from('customers')
            .select(`${CUSTOMER_COLUMNS}, ${contentColumns(CUSTOMER_TEXTS, texts)}`)
            .eq('id', id)
            .maybeSingle();
    const { data, error } = res;
    if (error) {
      // An id that cannot even be a customer id (PostgREST rejects it) is simply not found.
      if (error.code === '22P02' || error.code === 'PGRST116') return { status: 'notFound' };
      return { status: 'error', error, transient: isTransientResponse(res) };
    }
    if (!data) return { status: 'notFound' };
    const row =
      texts === 'all'
        ? (data as Customer)
        : foldContent<Customer>(data as unknown as Record<string, unknown>, CUSTOMER_TEXTS, texts);
    readWith.set(row, textsKey(texts));
    return { status: 'loaded', row };
  } catch (error) {
    return { status: 'error', error, transient: true };
  }
}

// At boot, before React renders: a read started for the page's customer (its first load takes it
// over), or the row the page came with (the server read it; already in the store).
let early: { id: string; result: Promise<CustomerResult> } | { id: string; seeded: Customer } | null = null;

/** Starts reading the page's customer at boot (the welcome shows while the map's code arrives). */
export function prefetchCustomer(db: Db, id: string, texts: CustomerTexts): void {
  wanted = texts;
  early = { id, result: fetchCustomer(db, id, texts) };
}

/**
 * The page's customer as the server sent it with the page (scripts/prefill.mjs): in the store before
 * the first render, so the splash the server drew is rendered again in place. Returns false (nothing
 * done) when it is not this route's customer.
 */
export function seedCustomer(dispatch: AppDispatch, id: string, row: unknown, texts: CustomerTexts): boolean {
  if (!row || typeof row !== 'object' || (row as { id?: unknown }).id !== id) return false;
  wanted = texts;
  readWith.set(row, textsKey(texts));
  dispatch(customerSlice.actions.reset(id));
  // The server's copy of the row (its per-language texts cut to the page's languages; read again once idle).
  dispatch(customerSlice.actions.loaded(row as Customer));
  early = { id, seeded: row as Customer };
  return true;
}

export async function loadCustomer(
  deps: { db: Db; dispatch: AppDispatch; toast: ToastApi; t: (k: string) => string },
  id: string,
  isCurrent: () => boolean = () => true,
) {
  const { db, dispatch, toast, t } = deps;
  if (early && 'seeded' in early && early.id === id) {
    const sent = JSON.stringify(early.seeded);
    early = null;
    // Read it again once the page has settled: fresher than the server's short-lived copy, and the
    // service worker keeps that answer for an offline visit (its cached page carries no customer).
    afterLoadAndIdle(async () => {
      const r = await fetchCustomer(db, id);
      // Only a change is applied (a moderator edited the customer meanwhile).
      if (r.status === 'loaded' && isCurrent() && JSON.stringify(r.row) !== sent)
        dispatch(customerSlice.actions.loaded(r.row));
    }, 2000);
    return;
  }
  dispatch(customerSlice.actions.reset(id));
  const pending = early && 'result' in early && early.id === id ? early.result : null;
  early = null;
  const r = await (pending ?? fetchCustomer(db, id));
  if (!isCurrent()) return;
  if (r.status === 'loaded') {
    dispatch(customerSlice.actions.loaded(r.row));
  } else if (r.status === 'notFound') {
    console.warn('Map not found', id);
    toast.error(t('customer.notFound'));
    dispatch(customerSlice.actions.notFound(id));
  } else if (r.transient) {
    // No answer, or a server fault: the page says it is still trying (ConnectionNotice), the map shows
    // what it has, and the read runs again on the page's retry schedule until it answers.
    console.warn('[shell] customer not loaded yet, trying again', id, r.error);
    dispatch(customerSlice.actions.failed(id));
    retryCustomer(deps, id, isCurrent);
  } else {
    console.error('[shell] customer not loaded', id, r.error);
    toast.error(t('errors.network'));
    dispatch(customerSlice.actions.failed(id));
  }
}

/** Reads the customer again at each attempt of the page's retry schedule, without covering the page. */
function retryCustomer(deps: { db: Db; dispatch: AppDispatch }, id: string, isCurrent: () => boolean) {
  let busy = false;
  const stop = connectivity.onRetry(() => {
    if (busy) return;
    if (!isCurrent()) return stop();
    busy = true;
    void fetchCustomer(deps.db, id).then((r) => {
      busy = false;
      if (!isCurrent() || (r.status === 'error' && r.transient)) return;
      stop();
      if (r.status === 'loaded') deps.dispatch(customerSlice.actions.loaded(r.row));
      else if (r.status === 'notFound') deps.dispatch(customerSlice.actions.notFound(id));
    });
  });
}

let reloads = 0;

/**
 * Reads the current customer again (after a save, a sign-in or sign-out): the row shown stays until the
 * answer replaces it; a failed read keeps it and, when the API did not answer, reads again on the page's
 * retry schedule. The latest reload wins.
 */
export async function reloadCustomer(db: Db, store: Pick<AppStore, 'dispatch' | 'getState'>): Promise<void> {
  const current = (): CustomerState => store.getState().customer;
  const { id } = current();
  if (!id) return;
  const mine = ++reloads;
  store.dispatch(customerSlice.actions.reloading(id));
  const r = await fetchCustomer(db, id);
  if (mine !== reloads || current().id !== id) return;
  if (r.status === 'loaded') {
    // The same row again changes nothing (screens keep their object: no re-render, no map moved).
    const now = current();
    if (now.status !== 'loaded' || JSON.stringify(now.data) !== JSON.stringify(r.row))
      store.dispatch(customerSlice.actions.loaded(r.row));
  } else if (r.status === 'notFound') store.dispatch(customerSlice.actions.notFound(id));
  else {
    console.warn('[shell] customer not read again', id, r.error);
    if (current().status !== 'loaded') store.dispatch(customerSlice.actions.failed(id));
    if (r.transient) retryCustomer({ db, dispatch: store.dispatch }, id, () => mine === reloads && current().id === id);
  }
}

const sources = new WeakMap<object, CustomerSource>();

/** The page's customer as the contract gives it to remotes (`Platform.customer`, `useCustomer()`). */
export function customerSource(store: AppStore, db: Db): CustomerSource {
  let source = sources.get(store);
  if (!source) {
    source = {
      get: () => store.getState().customer,
      subscribe: store.subscribe,
      reload: () => reloadCustomer(db, store),
    };
    sources.set(store, source);
  }
  return source;
}

/** Keeps the customer store on the route's customerId, with the texts the route needs (`texts`). */
export function useCustomerLoader(
  deps: Parameters<typeof loadCustomer>[0] & { getState: AppStore['getState'] },
  customerId: string | undefined,
  texts: CustomerTexts,
) {
  const { db, dispatch, toast, getState } = deps;
  const key = textsKey(texts);
  // Every read from now on (first loads, retries, reloads) reads these texts: set after rendering, before the
  // effects below read.
  useLayoutEffect(() => {
    wanted = texts;
  });
  // The language may change while loading; the customer must not reload for that (see below).
  const tRef = useRef(deps.t);
  tRef.current = deps.t;
  useEffect(() => {
    if (!customerId) {
      dispatch(customerSlice.actions.reset(null));
      return;
    }
    let live = true;
    void loadCustomer({ db, dispatch, toast, t: (k) => tRef.current(k) }, customerId, () => live);
    return () => {
      live = false;
    };
  }, [customerId, db, dispatch, toast]);
  // Texts the row in the store was not read with: a guest screen in another language reads it again in place
  // (the row shown meanwhile); the dashboard's (every language) shows loading until it has them. A row read
  // in every language serves every screen.
  useEffect(() => {
    const state = getState().customer;
    if (!customerId || state.id !== customerId || state.status !== 'loaded' || !state.data) return;
    const held = readWith.get(state.data);
    if (held === 'all' || held === key) return;
    let live = true;
    if (key === 'all') dispatch(customerSlice.actions.reset(customerId));
    void fetchCustomer(db, customerId).then((r) => {
      if (!live) return;
      if (r.status === 'loaded') dispatch(customerSlice.actions.loaded(r.row));
      else if (key === 'all') dispatch(customerSlice.actions.failed(customerId));
    });
    return () => {
      live = false;
    };
  }, [customerId, key, db, dispatch, getState]);
}
