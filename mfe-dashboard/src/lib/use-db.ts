// Typed data access for the dashboard, and translation of database refusals into messages.
import { useParams, useSupabase } from '@guestmap/shared-ui/contracts';
import type { TypedClient } from '@guestmap/shared-ui/database';
import { DB_ERROR_CODES, dbErrorCode, type DbErrorCode } from '@guestmap/shared-ui/db-errors';

export function useDb(): TypedClient {
  // The full client (storage for photos, too): the screen waits for it on a first visit. The contract
  // types it with the generated database types already.
  return useSupabase();
}

export function useCustomerId(): string {
  return useParams().customerId ?? '';
}

/**
 * Every code the database gives (`details`, generated from the migrations: shared-ui/src/contracts/db-errors.ts)
 * and whether the dashboard explains it with a message of its own, `errors.<code>` in its catalogues (true), or
 * with the general one its error's SQL state gives (false). Exhaustive on purpose: a code a new migration
 * raises is a type error here until someone decides how the dashboard says it.
 */
const EXPLAINED: Record<DbErrorCode, boolean> = {
  aal2_required: true,
  account_required: false,
  already_invited: true,
  already_received: false,
  anonymous_user: false,
  campaign_inactive: false,
  campaign_not_found: true,
  cannot_disable_self: true,
  city_admin_only: false,
  commission_rate_read_only: true,
  customer_not_found: true,
  daily_limit: false,
  idempotency_conflict: true,
  invalid_amount: true,
  invalid_answer: false,
  invalid_argument: false,
  invalid_attribute: true,
  invalid_bank_account: false,
  invalid_currency: true,
  invalid_daily_limit: true,
  invalid_email: true,
  invalid_language: false,
  invalid_event: false,
  invalid_key: true,
  invalid_kind: true,
  invalid_month: true,
  invalid_name: false,
  invalid_package: true,
  invalid_partner: true,
  invalid_period: false,
  invalid_pin: true,
  invalid_position: false,
  invalid_prize: true,
  invalid_qr_field: false,
  invalid_rate: true,
  invalid_staff_name: true,
  invalid_zoom: false,
  invitation_accepted: false,
  invitation_declined: false,
  invitation_expired: false,
  invitation_limit: true,
  invitation_not_found: true,
  invitation_not_pending: true,
  invitation_pending: false,
  invitation_role_unsupported: false,
  invitation_withdrawn: false,
  invoice_not_found: true,
  last_moderator: true,
  moderator_anonymous: false,
  mfa_enrolment_required: true,
  moderator_cannot_be_staff: true,
  month_closed: true,
  month_not_ended: true,
  no_prizes: false,
  not_a_moderator: true,
  not_admin: true,
  not_allowed: true,
  not_authenticated: true,
  not_hotel: true,
  not_moderator: true,
  not_partner: true,
  not_pending: true,
  order_stale: true,
  own_factor: true,
  own_proposal: true,
  own_sale: true,
  package_city: true,
  package_limit: true,
  partner_locked: false,
  partner_may_dispute: true,
  payout_not_found: true,
  pin_locked: false,
  pin_not_set: false,
  pin_partner_only: true,
  prize_not_found: true,
  rate_limited: false,
  rate_not_found: true,
  rate_not_open: true,
  reason_required: true,
  reason_too_long: true,
  settlement_immutable: true,
  slug_format: false,
  slug_reserved: false,
  slug_taken: false,
  staff_cannot_be_moderator: true,
  staff_link_limit: true,
  staff_link_not_found: true,
  till_other_partner: false,
  till_signed_out: false,
  transaction_immutable: false,
  transaction_not_found: true,
  user_disabled: true,
  user_not_found: true,
  voucher_expired: false,
  voucher_not_found: false,
  voucher_used: false,
  wrong_pin: false,
};

/** The codes with a message of their own (`errors.<code>`; the catalogue test checks each language has it). */
export const ERROR_CODES: DbErrorCode[] = DB_ERROR_CODES.filter((c) => EXPLAINED[c]);

export function errorKey(error: unknown): string {
  const e = error as { details?: string; code?: string; message?: string } | null;
  const code = dbErrorCode(error);
  if (code && EXPLAINED[code]) return `errors.${code}`;
  if (e?.code === '23505') return 'errors.duplicate';
  if (e?.code === '23514' || e?.code === '22P02' || e?.code === '23502') return 'errors.invalid';
  if (e?.code === '42501' || e?.code === 'PGRST301') return 'errors.forbidden';
  if (e?.message && /fetch|network/i.test(e.message)) return 'errors.network';
  return 'errors.unexpected';
}
