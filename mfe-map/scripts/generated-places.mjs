// Generated places for measuring the map (not the backend): `n` activity rows of Ho Chi Minh City's
// map, shaped as the REST read answers them, spread within `spread` degrees of the centre.
// Used by the scale browser test (e2e/map-scale.spec.ts) and the map benchmark (scripts/bench-map.mjs).
import { CATEGORIES as CATS } from '@guestmap/shared-ui/categories';

/** @param {number} n @param {number} spread */
export function generatedPlaces(n, spread) {
  return Array.from({ length: n }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    customer_id: 'ho-chi-minh-city',
    slug: `place-${i}`,
    category: CATS[i % CATS.length],
    title: { en: `Place ${i}` },
    description: {},
    latitude: 10.7769 + Math.sin(i * 12.9898) * spread,
    longitude: 106.7009 + Math.cos(i * 78.233) * spread,
    address: null,
    address_local: null,
    phone: null,
    website: null,
    price_level: null,
    opening_hours: null,
    photos: [],
    tags: [],
    is_partner: false,
    guest_offer: null,
    sort_order: i,
  }));
}
