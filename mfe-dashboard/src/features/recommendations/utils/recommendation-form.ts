// The recommendation editor's values and the row they come from and go to: the one place that maps an
// `activities` row to form fields and back (adding a field: docs/dashboard.md "Adding a field to a recommendation").
import type { Tables, TablesInsert } from '@guestmap/shared-ui/database';
import { ATTRIBUTE_KEYS, attributesOf, type PlaceAttributes } from '@guestmap/shared-ui/place-attributes';
import { fromFields, toFields, type TextField } from '../../../lib/translations.ts';
import { fromJson, toJson, type Hours } from './opening-hours.ts';
import { toPriceColumns } from '../../../lib/vnd-price.ts';
import { toAddressColumns, toAddressFields, type VnAddressValues } from '../../../lib/vn-address-values.ts';

type Activity = Tables<'activities'>;
type Customer = Tables<'customers'>;

export interface FormValues extends VnAddressValues {
  /** title_en (required), title_vi … title_ja, description_*, offer_* (lib/translations.ts). */
  [text: `${TextField}_${string}`]: string | undefined;
  title_en: string;
  slug: string;
  category: string;
  latitude: number;
  longitude: number;
  address?: string;
  address_local?: string;
  phone?: string;
  website?: string;
  price_level?: number | null;
  /** Whole đồng: the only price, or the lowest of a range (docs/prices.md). */
  price_min_vnd?: number | null;
  /** The highest of a range; empty for a single price. */
  price_max_vnd?: number | null;
  is_partner?: boolean;
  commission_pct?: number | null;
  published?: boolean;
  opening_hours: Hours;
  photos: string[];
  /** Traveller attributes (OSM tags, docs/filters.md); a key left empty is not known. */
  attributes?: PlaceAttributes;
}

/** The attributes the form holds, without the keys left empty (null or undefined from a cleared select). */
const setAttributes = (a: PlaceAttributes | undefined): PlaceAttributes =>
  Object.fromEntries(ATTRIBUTE_KEYS.filter((k) => a?.[k]).map((k) => [k, a![k]]));

/** The row without its customer: what the editor writes. */
export type ActivityPayload = Omit<TablesInsert<'activities'>, 'customer_id'>;

/** A new recommendation starts at the customer's centre, as a draft in the first category. */
export const newFormValues = (customer: Customer | null): Partial<FormValues> => ({
  category: 'food',
  latitude: customer?.latitude,
  longitude: customer?.longitude,
  published: false,
  opening_hours: fromJson(null),
  photos: [],
  attributes: {},
});

export const toFormValues = (r: Activity): Partial<FormValues> => ({
  ...toFields('title', r.title),
  ...toFields('description', r.description),
  ...toFields('offer', r.guest_offer),
  slug: r.slug,
  category: r.category,
  latitude: r.latitude,
  longitude: r.longitude,
  address: r.address ?? '',
  address_local: r.address_local ?? '',
  ...toAddressFields(r),
  phone: r.phone ?? '',
  website: r.website ?? '',
  price_level: r.price_level,
  price_min_vnd: r.price_min_vnd,
  price_max_vnd: r.price_max_vnd === r.price_min_vnd ? null : r.price_max_vnd,
  is_partner: r.is_partner,
  commission_pct: r.commission_rate === null ? null : Math.round(Number(r.commission_rate) * 1000) / 10,
  published: r.published,
  opening_hours: fromJson(r.opening_hours),
  photos: r.photos,
  attributes: attributesOf(r.attributes),
});

/** The commission rate is not written here: it is agreed in the Rewards tab (the database refuses a direct write). */
export const toPayload = (v: FormValues): ActivityPayload => ({
  slug: v.slug,
  category: v.category as Activity['category'],
  title: fromFields('title', v),
  description: fromFields('description', v),
  latitude: v.latitude,
  longitude: v.longitude,
  address: v.address?.trim() || null,
  address_local: v.address_local?.trim() || null,
  ...toAddressColumns(v),
  phone: v.phone?.trim() || null,
  website: v.website?.trim() || null,
  price_level: v.price_level ?? null,
  ...toPriceColumns(v.price_min_vnd, v.price_max_vnd),
  is_partner: !!v.is_partner,
  guest_offer: v.is_partner ? fromFields('offer', v) : null,
  published: !!v.published,
  opening_hours: toJson(v.opening_hours),
  photos: v.photos ?? [],
  attributes: setAttributes(v.attributes),
});
