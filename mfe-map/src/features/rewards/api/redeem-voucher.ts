// redeem_voucher: partner staff (no account) redeem a guest's voucher with their partner PIN.
// A wrong PIN is an answer, not an error (so the attempt is counted): it comes back as ok = false.
//
// Till sessions (docs/rewards.md "Till sessions"): with "keep this till signed in" the same redemption goes
// through redeem_voucher_open_till (the PIN checked exactly as redeem_voucher does) and its answer also
// carries a till token, returned once. This device keeps the token (localStorage, per hotel), never the PIN;
// later redemptions send it instead of the PIN (redeem_voucher_at_till: no bcrypt). A token the database no
// longer accepts (ended, signed out, the partner's PIN changed) is refused as till_signed_out.
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
  /** 'pending' when the PIN used was set by the hotel: the partner is asked to confirm (docs/settlement.md). */
  status: 'pending' | 'confirmed';
  /** Only when a till was opened: its token (64 hex digits, shown once) and its end. */
  till_token?: string;
  till_expires_at?: string;
}
export type RedeemAnswer =
  Redemption | { ok: false; details: Extract<DbErrorCode, 'wrong_pin'>; attempts_left: number };

export interface RedeemInput {
  code: string;
  /** The partner PIN; empty when redeeming at an open till. */
  pin: string;
  amountMinor: number;
  currency: string;
  /** Open a till with this redemption (with the PIN). */
  keepTill?: boolean;
  /** Redeem at the open till of this token (no PIN). */
  tillToken?: string;
}

export async function redeemVoucher(
  supabase: SupabaseClient,
  input: RedeemInput,
  idempotencyKey: string,
): Promise<RedeemAnswer> {
  const common = {
    p_code: input.code,
    p_amount_minor: input.amountMinor,
    p_currency: input.currency,
    p_idempotency_key: idempotencyKey,
  };
  const { data, error } = input.tillToken
    ? await supabase.rpc('redeem_voucher_at_till', { ...common, p_till_token: input.tillToken })
    : input.keepTill
      ? await supabase.rpc('redeem_voucher_open_till', { ...common, p_pin: input.pin })
      : await supabase.rpc('redeem_voucher', { ...common, p_pin: input.pin });
  if (error) throw error;
  return data as RedeemAnswer;
}

/** "Sign out this till": the database forgets the token (an unknown token is already signed out). */
export async function closeTill(supabase: SupabaseClient, token: string): Promise<void> {
  const { error } = await supabase.rpc('close_till', { p_till_token: token });
  if (error) throw error;
}

/** The till this device keeps for a hotel's redeem screen: the token, its partner and its end. */
export interface KeptTill {
  token: string;
  activityId: string;
  expiresAt: string;
}

const tillKey = (customerId: string) => `guestmap.till.${customerId}`;

export function readTill(customerId: string, now = Date.now()): KeptTill | null {
  try {
    const v = JSON.parse(localStorage.getItem(tillKey(customerId)) ?? 'null') as KeptTill | null;
    if (!v || typeof v.token !== 'string' || typeof v.activityId !== 'string' || typeof v.expiresAt !== 'string')
      return null;
    // Ended by this device's clock: forgotten (the database refuses it anyway).
    if (!(Date.parse(v.expiresAt) > now)) {
      localStorage.removeItem(tillKey(customerId));
      return null;
    }
    return v;
  } catch {
    return null;
  }
}

export function keepTill(customerId: string, till: KeptTill): void {
  try {
    localStorage.setItem(tillKey(customerId), JSON.stringify(till));
  } catch {
    // Private mode or full storage: the next redemption asks for the PIN again.
  }
}

export function forgetTill(customerId: string): void {
  try {
    localStorage.removeItem(tillKey(customerId));
  } catch {
    // Nothing kept.
  }
}
