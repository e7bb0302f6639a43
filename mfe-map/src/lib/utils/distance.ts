// Great-circle distance and sorting by it ("Near me").
export interface LatLng {
  latitude: number;
  longitude: number;
}

const R = 6371e3;
const rad = (d: number) => (d * Math.PI) / 180;

/** Haversine distance in metres. */
export function distanceMetres(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** "350 m", "1.2 km", "12 km" in the given locale. */
export function formatDistance(m: number, locale: string): string {
  if (m < 1000)
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.round(m / 10) * 10)} m`;
  const km = m / 1000;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km)} km`;
}
