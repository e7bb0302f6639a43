// Typed data access for the dashboard, and translation of database refusals into messages.
import { useParams, useSupabase } from '@guestmap/shared-ui/contracts';
import type { TypedClient } from '@guestmap/shared-ui/database';

export function useDb(): TypedClient {
  // The full client (storage for photos, too): the screen waits for it on a first visit.
  return useSupabase() as unknown as TypedClient;
}

export function useCustomerId(): string {
  return useParams().customerId ?? '';
}

/** The stable `details` codes the database returns become i18n keys under `errors.` */
export const ERROR_CODES = [
  'package_limit',
  'not_moderator',
  'user_not_found',
  'user_disabled',
  'last_moderator',
  'not_a_moderator',
  'not_admin',
  'invalid_package',
  'package_city',
  'cannot_disable_self',
  'customer_not_found',
  // rewards and commission (supabase/README-data.md "Rewards and commission")
  'not_authenticated',
  'invalid_month',
  'invalid_kind',
  'not_hotel',
  'invalid_daily_limit',
  'campaign_not_found',
  'invalid_prize',
  'invalid_partner',
  'prize_not_found',
  'not_partner',
  'invalid_pin',
  'idempotency_conflict',
  'invalid_amount',
  'invalid_currency',
  'invalid_key',
  // invitations (supabase/README-data.md "RPCs")
  'invalid_email',
  'already_invited',
  'invitation_limit',
  'invitation_not_found',
  'invitation_not_pending',
  // settlement (docs/settlement.md)
  'not_pending',
  'month_closed',
  'reason_required',
  'invalid_rate',
  'month_not_ended',
  'rate_not_found',
  'rate_not_open',
  'invoice_not_found',
  'payout_not_found',
  'commission_rate_read_only',
  'transaction_not_found',
  'not_allowed',
  'settlement_immutable',
  'reason_too_long',
];

export function errorKey(error: unknown): string {
  const e = error as { details?: string; code?: string; message?: string } | null;
  if (e?.details && ERROR_CODES.includes(e.details)) return `errors.${e.details}`;
  if (e?.code === '23505') return 'errors.duplicate';
  if (e?.code === '23514' || e?.code === '22P02' || e?.code === '23502') return 'errors.invalid';
  if (e?.code === '42501' || e?.code === 'PGRST301') return 'errors.forbidden';
  if (e?.message && /fetch|network/i.test(e.message)) return 'errors.network';
  return 'errors.unexpected';
}
