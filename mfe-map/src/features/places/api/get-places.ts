// Reads a customer and its published activities through the shared Supabase client (RLS decides
// what a visitor sees). Results are cached per customer for the page's life, so going from the
// Customer screen to the Map, or between Map and Activity, never refetches.
import { startTransition, useEffect, useState } from 'react';
import type { Db } from '@guestmap/shared-ui/contracts';
import type { Activity, Customer } from '../utils/types.ts';

const CUSTOMER_COLUMNS =
  'id, kind, name, tagline, latitude, longitude, zoom, logo_url, primary_color, cover_url, welcome';
const ACTIVITY_COLUMNS =
  'id, customer_id, slug, category, title, description, latitude, longitude, address, address_local, phone, website, price_level, opening_hours, photos, tags, is_partner, guest_offer, sort_order';

export interface Places {
  customer: Customer | null;
  activities: Activity[];
}

const cache = new Map<string, Promise<Places>>();

export async function fetchPlaces(db: Db, customerId: string): Promise<Places> {
  const [c, a] = await Promise.all([
    db.from('customers').select(CUSTOMER_COLUMNS).eq('id', customerId).maybeSingle(),
    db
      .from('activities')
      .select(ACTIVITY_COLUMNS)
      .eq('customer_id', customerId)
      .eq('published', true)
      .order('sort_order')
      .order('id'),
  ]);
  if (c.error) throw c.error;
  if (a.error) throw a.error;
  return { customer: (c.data as Customer | null) ?? null, activities: (a.data as Activity[] | null) ?? [] };
}

/** Roaming data drops requests: retry a failed read twice (after 0.6 s, then 1.8 s) before giving up. */
async function withRetry<T>(fn: () => Promise<T>, delays = [600, 1800]): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= delays.length) throw e;
      await new Promise((r) => setTimeout(r, delays[i]));
    }
  }
}

export function loadPlaces(db: Db, customerId: string): Promise<Places> {
  let p = cache.get(customerId);
  if (!p) {
    p = withRetry(() => fetchPlaces(db, customerId));
    cache.set(customerId, p);
    p.catch(() => cache.delete(customerId));
  }
  return p;
}

export type PlacesState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'notFound' }
  | { status: 'ready'; customer: Customer; activities: Activity[] };

export function usePlaces(db: Db, customerId: string | undefined): PlacesState {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; value: PlacesState } | null>(null);
  const key = `${customerId}#${attempt}`;
  useEffect(() => {
    if (!customerId) return;
    let live = true;
    loadPlaces(db, customerId).then(
      // A transition: the list and the markers render in slices, so a tap is never kept waiting.
      (r) =>
        live &&
        startTransition(() =>
          setState({
            key,
            value: r.customer
              ? { status: 'ready', customer: r.customer, activities: r.activities }
              : { status: 'notFound' },
          }),
        ),
      () => live && setState({ key, value: { status: 'error', retry: () => setAttempt((n) => n + 1) } }),
    );
    return () => {
      live = false;
    };
  }, [db, customerId, key]);
  if (!customerId) return { status: 'notFound' };
  return state?.key === key ? state.value : { status: 'loading' };
}
