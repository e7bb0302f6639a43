// The places a new map's position can be searched among (customers and activities, read once).
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import { fold } from '../utils/place-search.ts';

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
