// Server operations of customer creation. The RPCs decide: check_customer_slug for the live check,
// create_customer (atomic: customer + first moderator + list entry + home customer) to create.
import type { SupabaseClient } from '@supabase/supabase-js';
import { pickText } from '@guestmap/shared-ui/i18n';

export type SlugStatus = 'ok' | 'slug_format' | 'slug_reserved' | 'slug_taken';

export async function checkSlug(supabase: SupabaseClient, slug: string): Promise<SlugStatus> {
  const { data, error } = await supabase.rpc('check_customer_slug', { p_id: slug });
  if (error) throw error;
  return data as SlugStatus;
}

export interface NewCustomer {
  id: string;
  name: string;
  kind: 'city' | 'hotel';
  latitude: number;
  longitude: number;
  zoom: number;
}

export async function createCustomer(supabase: SupabaseClient, c: NewCustomer): Promise<void> {
  const { error } = await supabase.rpc('create_customer', {
    p_id: c.id,
    p_name: c.name.trim(),
    p_kind: c.kind,
    p_latitude: c.latitude,
    p_longitude: c.longitude,
    p_zoom: c.zoom,
  });
  if (error) throw error;
}

export interface Place {
  key: string;
  label: string;
  detail: string;
  latitude: number;
  longitude: number;
  zoom: number;
  /** Lowercase, accent-free text to match against. */
  haystack: string;
}

export const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();

/**
 * The places a position can be searched among: public customers and their published activities.
 * No external geocoder is reachable from here, so the curated places are the gazetteer.
 */
export async function loadPlaces(supabase: SupabaseClient, locale: string): Promise<Place[]> {
  const [customers, activities] = await Promise.all([
    supabase.from('customers').select('id, name, latitude, longitude, zoom').limit(1000),
    supabase.from('activities').select('id, title, address, latitude, longitude, customer_id').limit(1000),
  ]);
  if (customers.error) throw customers.error;
  if (activities.error) throw activities.error;
  const places: Place[] = [];
  for (const c of (customers.data ?? []) as Array<{
    id: string;
    name: string;
    latitude: number;
    longitude: number;
    zoom: number | null;
  }>) {
    places.push({
      key: `c:${c.id}`,
      label: c.name,
      detail: `/${c.id}`,
      latitude: c.latitude,
      longitude: c.longitude,
      zoom: c.zoom ?? 16,
      haystack: fold(`${c.name} ${c.id}`),
    });
  }
  for (const a of (activities.data ?? []) as Array<{
    id: string;
    title: Record<string, string>;
    address: string | null;
    latitude: number;
    longitude: number;
    customer_id: string;
  }>) {
    const title = pickText(a.title, locale) || pickText(a.title, 'en');
    const all = Object.values(a.title ?? {}).join(' ');
    places.push({
      key: `a:${a.id}`,
      label: title,
      detail: a.address ?? `/${a.customer_id}`,
      latitude: a.latitude,
      longitude: a.longitude,
      zoom: 17,
      haystack: fold(`${all} ${a.address ?? ''}`),
    });
  }
  return places;
}

/** Matches every word of the query; the same place listed by several maps shows once. */
export function searchPlaces(places: Place[], query: string, limit = 8): Place[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [];
  const seen = new Set<string>();
  const out: Place[] = [];
  for (const p of places) {
    if (!words.every((w) => p.haystack.includes(w))) continue;
    const k = `${p.label}|${p.latitude.toFixed(4)}|${p.longitude.toFixed(4)}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(p);
    if (out.length >= limit) break;
  }
  return out;
}
