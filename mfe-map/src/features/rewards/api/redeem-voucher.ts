// redeem_voucher: partner staff (no account) redeem a guest's voucher with their partner PIN.
// A wrong PIN is an answer, not an error (so the attempt is counted): it comes back as ok = false.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import type { DbErrorCode } from '@guestmap/shared-ui/db-errors';

export interface Redemption {
  ok: true;
  transaction_id: string;
  voucher_id: string;
  customer_id: string;
  activity_id: string;
  amount_minor: number;
  currency: string;
  commission_minor: number;
  hotel_share_minor: number;
  platform_fee_minor: number;
  reinvestment_minor: number;
  net_to_hotel_minor: number;
  created_at: string;
}
export type RedeemAnswer =
  Redemption | { ok: false; details: Extract<DbErrorCode, 'wrong_pin'>; attempts_left: number };

export interface RedeemInput {
  code: string;
  pin: string;
  amountMinor: number;
  currency: string;
}

export async function redeemVoucher(
  supabase: SupabaseClient,
  input: RedeemInput,
  idempotencyKey: string,
): Promise<RedeemAnswer> {
  const { data, error } = await supabase.rpc('redeem_voucher', {
    p_code: input.code,
    p_pin: input.pin,
    p_amount_minor: input.amountMinor,
    p_currency: input.currency,
    p_idempotency_key: idempotencyKey,
  });
  if (error) throw error;
  return data as RedeemAnswer;
}
