// Reads a customer's published activities through the page's PostgREST client (RLS decides what a
// visitor sees); the customer itself is the page's, read once by the shell (`useCustomer()` in the
// contract, issue 28), so a change saved in the dashboard's settings shows here at once. The read is
// cached per customer and language for the page's life (store/places-cache.ts), kept for a visit that
// cannot reach the API (utils/kept-places.ts) and given to the screens by `usePlaces`
// (hooks/use-places.ts).
//
// Texts hotels write in six languages (titles, descriptions, guest offers) are read in the guest's language
// and its fallbacks only (issue 30: an English guest downloads no Chinese, Korean or Japanese); the names in
// every language, which search needs, are read when the guest first searches (get-place-names.ts).
import type { Db } from '@guestmap/shared-ui/contracts';
import { contentColumns, contentFolder, contentLanguagesFor } from '@guestmap/shared-ui/i18n';
import type { Activity } from '../utils/types.ts';
import { readAllPages } from '../utils/read-all-pages.ts';

const ACTIVITY_COLUMNS =
  'id, customer_id, slug, category, latitude, longitude, address, address_local, phone, website, price_level, price_min_vnd, price_max_vnd, opening_hours, photos, tags, is_partner, sort_order, street, old_ward, old_district, attributes, ward:vn_wards(name, province)';
/** The texts written per language. */
const ACTIVITY_TEXTS = ['title', 'description', 'guest_offer'] as const;

export interface Places {
  activities: Activity[];
}

/** Every published place of a map, with its texts in `locale`'s languages; `onPage` as `readAllPages`'s.
 * Throws PlacesUnavailable (utils/read-all-pages.ts) when the API cannot answer. */
export async function fetchPlaces(
  db: Db,
  customerId: string,
  locale = 'en',
  onPage?: (soFar: Activity[]) => void,
): Promise<Places> {
  const languages = contentLanguagesFor(locale);
  const activities = await readAllPages(
    db,
    customerId,
    `${ACTIVITY_COLUMNS}, ${contentColumns(ACTIVITY_TEXTS, languages)}`,
    // The JSON columns (texts, opening hours) have the shapes `Activity` gives them.
    contentFolder<Activity>(ACTIVITY_TEXTS, languages),
    onPage,
  );
  return { activities };
}
