// Outbound links for a place: directions in the apps guests already use, a tel: link, and the
// shareable URL of the Activity route. Built from coordinates, never from free text alone.
export interface Place {
  latitude: number;
  longitude: number;
  name: string;
}

export function directionsLinks(p: Place) {
  const ll = `${p.latitude},${p.longitude}`;
  return {
    google: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(ll)}`,
    apple: `https://maps.apple.com/?daddr=${encodeURIComponent(ll)}&q=${encodeURIComponent(p.name)}`,
    grab: `https://grab.onelink.me/2695613898?pid=guestmap&c=directions&af_dp=${encodeURIComponent(`grab://open?screenType=BOOKING&dropOffLatitude=${p.latitude}&dropOffLongitude=${p.longitude}&dropOffAddress=${p.name}`)}`,
  };
}

/** tel: URI with only the characters a dialler accepts. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^0-9+]/g, '')}`;
}

/** Only http(s) URLs become links (the database checks too; this is defence in depth). */
export function safeHttpUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/** "€€" style price level. */
export const priceLabel = (level: number | null | undefined) =>
  level ? '₫'.repeat(Math.max(1, Math.min(4, level))) : null;
