// Customer routes (spec section 4): on a customerId change the customer state is reset, the
// customer read from `customers` by id, and the map centre set to its position and zoom (16 when
// absent). An unknown customer: the error toast "Customer not found" and the console warning
// 'Map not found'.
//
// The row's texts written per language (the welcome) are read in the page's language and its fallbacks only
// (an English page downloads no Chinese, Korean or Japanese: docs/content-languages.md); a change of language
// reads the row again, in place.
import { useEffect, useRef } from 'react';
import { connectivity, isTransientResponse, type Db, type Locale, type ToastApi } from '@guestmap/shared-ui/contracts';
import { contentColumns, contentLanguagesFor, foldContent } from '@guestmap/shared-ui/i18n';
import { customerSlice, type AppDispatch } from './store.ts';
import { afterLoadAndIdle } from './idle.ts';

export type CustomerResult =
  | { status: 'loaded'; row: Record<string, unknown> }
  | { status: 'notFound' }
  | { status: 'error'; error: unknown; transient: boolean };

/** The columns of `customers` the page uses, but the texts written per language. */
const CUSTOMER_COLUMNS =
  'id, kind, name, tagline, latitude, longitude, zoom, logo_url, primary_color, cover_url, package, is_public, rewards_reinvestment_pct, time_zone, updated_at';
const CUSTOMER_TEXTS = ['welcome'] as const;

export async function fetchCustomer(db: Db, id: string, locale: Locale | string): Promise<CustomerResult> {
  const languages = contentLanguagesFor(locale);
  try {
    const res = await db
      .from('customers')
      .select(`${CUSTOMER_COLUMNS}, ${contentColumns(CUSTOMER_TEXTS, languages)}`)
      .eq('id', id)
      .maybeSingle();
    const { data, error } = res;
    if (error) {
      // An id that cannot even be a customer id (PostgREST rejects it) is simply not found.
      if (error.code === '22P02' || error.code === 'PGRST116') return { status: 'notFound' };
      return { status: 'error', error, transient: isTransientResponse(res) };
    }
    return data
      ? { status: 'loaded', row: foldContent(data as unknown as Record<string, unknown>, CUSTOMER_TEXTS, languages) }
      : { status: 'notFound' };
  } catch (error) {
    return { status: 'error', error, transient: true };
  }
}

// At boot, before React renders: a read started for the page's customer (its first load takes it
// over), or the row the page came with (the server read it; already in the store).
let early: { id: string; result: Promise<CustomerResult> } | { id: string; seeded: Record<string, unknown> } | null =
  null;

/** Starts reading the page's customer at boot (the welcome shows while the map's code arrives). */
export function prefetchCustomer(db: Db, id: string, locale: Locale): void {
  early = { id, result: fetchCustomer(db, id, locale) };
}

/**
 * The page's customer as the server sent it with the page (scripts/prefill.mjs): in the store before
 * the first render, so the splash the server drew is rendered again in place. Returns false (nothing
 * done) when it is not this route's customer.
 */
export function seedCustomer(dispatch: AppDispatch, id: string, row: unknown): boolean {
  if (!row || typeof row !== 'object' || (row as { id?: unknown }).id !== id) return false;
  dispatch(customerSlice.actions.reset(id));
  dispatch(customerSlice.actions.loaded(row as Record<string, unknown>));
  early = { id, seeded: row as Record<string, unknown> };
  return true;
}

export async function loadCustomer(
  deps: { db: Db; dispatch: AppDispatch; toast: ToastApi; t: (k: string) => string; locale: () => Locale },
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
      const r = await fetchCustomer(db, id, deps.locale());
      // Only a change is applied (a moderator edited the customer meanwhile).
      if (r.status === 'loaded' && isCurrent() && JSON.stringify(r.row) !== sent)
        dispatch(customerSlice.actions.loaded(r.row));
    }, 2000);
    return;
  }
  dispatch(customerSlice.actions.reset(id));
  const pending = early && 'result' in early && early.id === id ? early.result : null;
  early = null;
  const r = await (pending ?? fetchCustomer(db, id, deps.locale()));
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
function retryCustomer(deps: Parameters<typeof loadCustomer>[0], id: string, isCurrent: () => boolean) {
  let busy = false;
  const stop = connectivity.onRetry(() => {
    if (busy) return;
    if (!isCurrent()) return stop();
    busy = true;
    void fetchCustomer(deps.db, id, deps.locale()).then((r) => {
      busy = false;
      if (!isCurrent() || (r.status === 'error' && r.transient)) return;
      stop();
      if (r.status === 'loaded') deps.dispatch(customerSlice.actions.loaded(r.row));
      else if (r.status === 'notFound') deps.dispatch(customerSlice.actions.notFound(id));
    });
  });
}

/** Keeps the customer store on the route's customerId, its texts in the page's language. */
export function useCustomerLoader(
  deps: Omit<Parameters<typeof loadCustomer>[0], 'locale'> & { locale: Locale },
  customerId: string | undefined,
) {
  const { db, dispatch, toast, locale } = deps;
  // The language may change while loading; the customer must not reset for that (it is read again in place).
  const tRef = useRef(deps.t);
  tRef.current = deps.t;
  const localeRef = useRef(locale);
  localeRef.current = locale;
  useEffect(() => {
    if (!customerId) {
      dispatch(customerSlice.actions.reset(null));
      return;
    }
    let live = true;
    void loadCustomer(
      { db, dispatch, toast, t: (k) => tRef.current(k), locale: () => localeRef.current },
      customerId,
      () => live,
    );
    return () => {
      live = false;
    };
  }, [customerId, db, dispatch, toast]);
  // Another language: the same row read again with that language's texts, replacing the shown one when it
  // answers (a failed read keeps what is shown; the next language change or visit reads again).
  const readIn = useRef(locale);
  useEffect(() => {
    if (!customerId || readIn.current === locale) return;
    readIn.current = locale;
    let live = true;
    void fetchCustomer(db, customerId, locale).then((r) => {
      if (live && r.status === 'loaded') dispatch(customerSlice.actions.loaded(r.row));
    });
    return () => {
      live = false;
    };
  }, [customerId, db, dispatch, locale]);
}
