// A position in degrees, and the rounding every picker and coordinate field applies: no Leaflet here, so the
// number fields can be used (and tested) without the map.
export interface Point {
  latitude: number;
  longitude: number;
}

/** Six decimals: about 11 cm, more than a place needs and what the forms show. */
export const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** Both numbers there and in range (a form's fields may hold anything while being typed). */
export const isPoint = (p: Partial<Point> | null | undefined): p is Point =>
  !!p &&
  typeof p.latitude === 'number' &&
  typeof p.longitude === 'number' &&
  Math.abs(p.latitude) <= 90 &&
  Math.abs(p.longitude) <= 180;
