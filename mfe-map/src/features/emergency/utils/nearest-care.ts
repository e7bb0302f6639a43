// The nearest hospital or clinic among the map's places (docs/emergency.md). A place counts as one when its
// tags say so (`hospital` or `clinic`): the category list has no medical category (hospitals are `service`,
// beside laundries and SIM shops), and tags are what moderators already write for it (the seed's
// hospitals carry `hospital` and `emergency`). Tags are compared without case or surrounding spaces.
import { distanceMetres, type LatLng } from '../../../lib/utils/distance.ts';

/** The tags that make a place a hospital or clinic. */
export const CARE_TAGS: readonly string[] = ['hospital', 'clinic'];
/** The tag that says a place has 24-hour emergency care (shown beside its name). */
export const EMERGENCY_TAG = 'emergency';

const normal = (tag: string) => tag.trim().toLowerCase();

export function hasTag(place: { tags?: readonly string[] | null }, tag: string): boolean {
  return (place.tags ?? []).some((t) => normal(t) === tag);
}

/** Whether a place is a hospital or clinic. */
export function isCarePlace(place: { tags?: readonly string[] | null }): boolean {
  return CARE_TAGS.some((tag) => hasTag(place, tag));
}

export interface NearestCare<T> {
  place: T;
  metres: number;
}

/**
 * The hospital or clinic nearest to `from`, with its distance; null when the map has none. Equal distances
 * keep the map's order (the first listed wins). Places without a position are left out.
 */
export function nearestCare<T extends LatLng & { tags?: readonly string[] | null }>(
  places: readonly T[],
  from: LatLng,
): NearestCare<T> | null {
  let best: NearestCare<T> | null = null;
  for (const place of places) {
    if (!isCarePlace(place) || !Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) continue;
    const metres = distanceMetres(from, place);
    if (!best || metres < best.metres) best = { place, metres };
  }
  return best;
}
