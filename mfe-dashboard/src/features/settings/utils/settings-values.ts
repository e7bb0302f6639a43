// The settings form's values and the customer's row: the row → form mapping and the form → update.
import type { Tables, TablesUpdate } from '@guestmap/shared-ui/database';
import { fromFields, toFields } from '../../../lib/translations.ts';
import { toAddressColumns, toAddressFields, type VnAddressValues } from '../../../lib/vn-address-values.ts';

type Customer = Tables<'customers'>;

/** A hotel's phone as the database checks it (customers_phone_format): digits, spaces, + ( ) . / - only. */
export const PHONE = /^\s*\+?[0-9 ()./-]{3,32}\s*$/;

/** A hotel's address (street, new ward, old ward and district, the flag to confirm) is among them: lib/vn-address-values.ts. */
export interface SettingsValues extends VnAddressValues {
  name: string;
  tagline?: string;
  phone?: string;
  primary_color?: string;
  logo_url?: string;
  cover_url?: string;
  /** welcome_en … welcome_ja (lib/translations.ts). */
  [welcome: `welcome_${string}`]: string | undefined;
  latitude: number;
  longitude: number;
  zoom: number;
  is_public: boolean;
  require_mfa: boolean;
  rewards_reinvestment_pct: number;
}

/** The form's values for `customer`. */
export function settingsValues(customer: Customer): SettingsValues {
  return {
    name: customer.name,
    tagline: customer.tagline ?? '',
    phone: customer.phone ?? '',
    primary_color: customer.primary_color ?? '',
    logo_url: customer.logo_url ?? '',
    cover_url: customer.cover_url ?? '',
    ...toFields('welcome', customer.welcome),
    latitude: customer.latitude,
    longitude: customer.longitude,
    zoom: customer.zoom,
    is_public: customer.is_public,
    require_mfa: customer.require_mfa,
    rewards_reinvestment_pct: Number(customer.rewards_reinvestment_pct),
    ...toAddressFields(customer),
  };
}

/** The update the form's values make: texts trimmed, an empty optional field stored as null. The address is a
 * hotel's only (a city's map has none, and its form no address fields): `kind` says whether it is written. */
export function settingsPatch(v: SettingsValues, kind: Customer['kind']): TablesUpdate<'customers'> {
  return {
    name: v.name.trim(),
    tagline: v.tagline?.trim() || null,
    phone: v.phone?.trim() || null,
    primary_color: v.primary_color?.trim() || null,
    logo_url: v.logo_url?.trim() || null,
    cover_url: v.cover_url?.trim() || null,
    welcome: fromFields('welcome', v),
    latitude: v.latitude,
    longitude: v.longitude,
    zoom: v.zoom,
    is_public: v.is_public,
    require_mfa: v.require_mfa,
    rewards_reinvestment_pct: v.rewards_reinvestment_pct,
    ...(kind === 'hotel' ? toAddressColumns(v) : {}),
  };
}
