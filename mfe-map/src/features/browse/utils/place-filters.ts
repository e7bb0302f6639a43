// The traveller filters' rule over one place (docs/filters.md): every chosen filter must hold (vegetarian AND
// wheelchair), next to the categories, search and "open now" (use-place-entries.ts). Loaded with the filters' chips,
// when a guest first uses them or opens an address that carries them: the map's first screen does not need it.
import { PLACE_FILTERS, TAG_FILTER_RULES, attributesOf, type PlaceFilter } from '@guestmap/shared-ui/place-attributes';
import type { Activity } from '../../../lib/utils/types.ts';
import { isOpenNow, weekMinute } from '../../../lib/utils/opening-hours.ts';

/** "Open late": open at this minute of the evening (22:30) on the night under way, not stored. */
export const LATE_MINUTE = 22 * 60 + 30;
/** Before this hour a night is still the previous evening's (at 01:00, "late" means the night now ending). */
const NIGHT_ENDS_MINUTE = 5 * 60;

/** The moment "late" means tonight, in the city's time zone: today's 22:30, or last evening's after midnight. */
export function lateMoment(now: Date, timeZone: string): Date {
  const m = weekMinute(now, timeZone) % 1440;
  const delta = m >= NIGHT_ENDS_MINUTE ? LATE_MINUTE - m : LATE_MINUTE - 1440 - m;
  return new Date(Math.floor(now.getTime() / 60000) * 60000 + delta * 60000);
}

const known = (f: string): f is PlaceFilter => (PLACE_FILTERS as readonly string[]).includes(f);

/** The rule for the chosen filters (unknown names ignored): true when the place passes every one. */
export function placeFilterMatch(filters: string[], now: Date, timeZone: string): (a: Activity) => boolean {
  const chosen = filters.filter(known);
  const late = chosen.includes('open_late') ? lateMoment(now, timeZone) : null;
  const rules = chosen
    .filter((f) => f !== 'open_late')
    .map((f) => TAG_FILTER_RULES[f as Exclude<PlaceFilter, 'open_late'>]);
  return (a) => {
    if (late && !isOpenNow(a.opening_hours, late, timeZone)) return false;
    if (!rules.length) return true;
    const attrs = attributesOf(a.attributes);
    return rules.every((rule) => rule(attrs));
  };
}

/** The filters at least one of these places passes (the chips shown: a filter that empties the map is not
 * offered), plus any already chosen (so it can be switched off). */
export function offeredFilters(activities: Activity[], chosen: string[], now: Date, timeZone: string): PlaceFilter[] {
  return PLACE_FILTERS.filter((f) => chosen.includes(f) || activities.some(placeFilterMatch([f], now, timeZone)));
}
