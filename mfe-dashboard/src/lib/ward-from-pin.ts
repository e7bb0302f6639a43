// A place's or a hotel's address after Vietnam's 2025 reform (docs/addresses.md): the new ward from the pin (point in
// polygon on the wards' simplified boundaries, vn_wards.boundary), and the old ward and district it proposes.
// Old wards were merged, and 47 of HCMC's were split between new wards, so the old form cannot be read from the
// new ward alone: when the new ward was made from several old wards, or from one that was split, the proposal is
// flagged for a person to confirm (activities.ward_needs_review, customers.ward_needs_review).

type Ring = [number, number][]; // [longitude, latitude], GeoJSON order
export type WardBoundary = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] };

export interface OldUnit {
  code: string;
  ward: string;
  district: string;
  split: boolean;
}
export interface WardRow {
  code: string;
  name: string;
  province: string;
  old_units: OldUnit[];
  boundary: WardBoundary | null;
}

export interface WardProposal {
  ward: WardRow;
  /** The old ward and district proposed, when the new ward came from exactly one old ward. */
  oldWard: string | null;
  oldDistrict: string | null;
  /** The old units the pin may have been in, for the editor's choice. */
  candidates: OldUnit[];
  /** A person must confirm: the old form is ambiguous or an old ward was split. */
  needsReview: boolean;
}

/** Ray casting on one ring (even–odd). */
function inRing(lng: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside the outer ring and outside every hole. */
function inPolygon(lng: number, lat: number, rings: Ring[]): boolean {
  return rings.length > 0 && inRing(lng, lat, rings[0]) && !rings.slice(1).some((hole) => inRing(lng, lat, hole));
}

export function containsPoint(boundary: WardBoundary, lat: number, lng: number): boolean {
  return boundary.type === 'Polygon'
    ? inPolygon(lng, lat, boundary.coordinates)
    : boundary.coordinates.some((polygon) => inPolygon(lng, lat, polygon));
}

/** The ward whose boundary holds the pin; null when none does (or no ward has a boundary): never a guess by
 * distance to a ward's centre, which puts Tân Định Church in Tân Định instead of Xuân Hòa. */
export function wardAt(lat: number, lng: number, wards: WardRow[]): WardRow | null {
  return wards.find((w) => w.boundary && containsPoint(w.boundary, lat, lng)) ?? null;
}

/** The new ward at the pin and the old form it proposes. */
export function proposeAddress(lat: number, lng: number, wards: WardRow[]): WardProposal | null {
  const ward = wardAt(lat, lng, wards);
  if (!ward) return null;
  const candidates = ward.old_units;
  const only = candidates.length === 1 ? candidates[0] : null;
  return {
    ward,
    oldWard: only?.ward ?? null,
    oldDistrict:
      only?.district ?? (new Set(candidates.map((c) => c.district)).size === 1 ? candidates[0].district : null),
    candidates,
    needsReview: !only || only.split,
  };
}
