// The address after Vietnam's 2025 reform (docs/addresses.md) between a row and the form's fields
// (lib/vn-address-fields.tsx): the same columns on places (`activities`) and hotels (`customers`).
import type { Tables } from '@guestmap/shared-ui/database';

/** The address's columns, as `activities` and `customers` both have them. */
export type VnAddressColumns = Pick<
  Tables<'customers'>,
  'street' | 'ward_code' | 'old_ward' | 'old_district' | 'ward_needs_review'
>;

/** The form's fields: street, the new ward by code, the old ward and district, the flag a person clears. */
export interface VnAddressValues {
  street?: string;
  ward_code?: string | null;
  old_ward?: string;
  old_district?: string;
  ward_needs_review?: boolean;
}

/** The row's address as the fields show it (an empty text for a column with none). */
export const toAddressFields = (r: VnAddressColumns): VnAddressValues => ({
  street: r.street ?? '',
  ward_code: r.ward_code,
  old_ward: r.old_ward ?? '',
  old_district: r.old_district ?? '',
  ward_needs_review: r.ward_needs_review,
});

/** The columns the fields write: texts trimmed, an empty one stored as null. */
export const toAddressColumns = (v: VnAddressValues): VnAddressColumns => ({
  street: v.street?.trim() || null,
  ward_code: v.ward_code || null,
  old_ward: v.old_ward?.trim() || null,
  old_district: v.old_district?.trim() || null,
  ward_needs_review: !!v.ward_needs_review,
});
