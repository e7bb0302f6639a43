// Row shapes read from Supabase (customers, activities): the generated types (supabase/types/database.ts),
// narrowed to what the guest path uses, with the JSON columns given their shape.
import type { ContentText } from '@guestmap/shared-ui/i18n';
import type { Tables } from '@guestmap/shared-ui/database';
import type { Customer as PageCustomerRow } from '@guestmap/shared-ui/contracts';

/** `{en, vi, fr, zh, ko, ja}`, any of them missing (shown with pickText's fallbacks). */
export type I18nText = ContentText;

/** The categories: one list for every app, the database enum's (`@guestmap/shared-ui/categories`). */
export { CATEGORIES, type Category } from '@guestmap/shared-ui/categories';

/** Weekly schedule: {"mon": [["08:00","22:00"]], ...}; null = unknown. */
export type OpeningHours = Partial<Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', [string, string][]>>;

/** The customer's columns the guest path shows (the page's customer row, `useCustomer()`, has them all; the
 * address and phone are the emergency sheet's, docs/emergency.md). */
export type Customer = Pick<
  PageCustomerRow,
  | 'id'
  | 'kind'
  | 'name'
  | 'tagline'
  | 'latitude'
  | 'longitude'
  | 'zoom'
  | 'logo_url'
  | 'primary_color'
  | 'cover_url'
  | 'welcome'
  | 'phone'
  | 'street'
  | 'old_ward'
  | 'old_district'
  | 'ward'
  | 'time_zone'
>;

/** A published place as the guest path reads it: the generated row, its JSON columns given their shape. */
export type Activity = Omit<
  Pick<
    Tables<'activities'>,
    | 'id'
    | 'customer_id'
    | 'slug'
    | 'category'
    | 'title'
    | 'description'
    | 'latitude'
    | 'longitude'
    | 'address'
    | 'address_local'
    | 'phone'
    | 'website'
    | 'price_level'
    | 'price_min_vnd'
    | 'price_max_vnd'
    | 'opening_hours'
    | 'photos'
    | 'tags'
    | 'is_partner'
    | 'guest_offer'
    | 'sort_order'
    | 'street'
    | 'old_ward'
    | 'old_district'
  >,
  'title' | 'description' | 'opening_hours' | 'guest_offer'
> & {
  /** Traveller attributes as OSM-style tags (docs/filters.md; read with attributesOf): absent in places kept
   * from a visit before they existed. */
  attributes?: Tables<'activities'>['attributes'];
  /** The new ward (vn_wards, embedded by its code), when the place is in Vietnam (docs/addresses.md). */
  ward?: { name: string; province: string } | null;
  title: I18nText;
  description: I18nText | null;
  opening_hours: OpeningHours | null;
  guest_offer: I18nText | null;
};
