// Row shapes read from Supabase (customers, activities). Kept narrow: only what the guest path uses.
import type { ContentText } from '@guestmap/shared-ui/i18n';

/** `{en, vi, fr, zh, ko, ja}`, any of them missing (shown with pickText's fallbacks). */
export type I18nText = ContentText;

export const CATEGORIES = [
  'food',
  'cafe',
  'nightlife',
  'sight',
  'culture',
  'shopping',
  'wellness',
  'tour',
  'transport',
  'family',
  'nature',
  'service',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** Weekly schedule: {"mon": [["08:00","22:00"]], ...}; null = unknown. */
export type OpeningHours = Partial<Record<'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun', [string, string][]>>;

export interface Customer {
  id: string;
  kind: 'city' | 'hotel';
  name: string;
  tagline: string | null;
  latitude: number;
  longitude: number;
  zoom: number | null;
  logo_url: string | null;
  primary_color: string | null;
  cover_url: string | null;
  welcome: I18nText | null;
}

export interface Activity {
  id: string;
  customer_id: string;
  slug: string;
  category: Category;
  title: I18nText;
  description: I18nText | null;
  latitude: number;
  longitude: number;
  address: string | null;
  address_local: string | null;
  phone: string | null;
  website: string | null;
  price_level: number | null;
  opening_hours: OpeningHours | null;
  photos: string[] | null;
  tags: string[] | null;
  is_partner: boolean;
  guest_offer: I18nText | null;
  sort_order: number;
}
