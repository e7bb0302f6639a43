// The signed-in (or anonymous) guest's rewards at one hotel: points balance and history, vouchers,
// and today's plays per campaign (for "plays left today", today = the hotel's day in its time zone).
// RLS shows a user only their own rows. Voucher codes are bearer secrets no client reads from the table
// (issue 41): the guest's own come from my_voucher_codes and are joined here.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import type { I18nText } from '../../../lib/utils/types.ts';
import { hotelDay } from '../utils/hotel-day.ts';

export interface LedgerEntry {
  id: number;
  delta: number;
  reason: 'play' | 'adjustment';
  created_at: string;
  reward_plays: { label: I18nText } | null;
}

export interface Voucher {
  id: string;
  code: string;
  activity_id: string;
  discount_pct: number | null;
  discount_text: I18nText | null;
  /** What the voucher is worth in whole đồng (both or neither; docs/prices.md, "Vouchers"). */
  value_min_vnd: number | null;
  value_max_vnd: number | null;
  issued_at: string;
  expires_at: string;
  redeemed_at: string | null;
  activities: { title: I18nText } | null;
}

export interface Wallet {
  balance: number;
  ledger: LedgerEntry[];
  vouchers: Voucher[];
  playsToday: Record<string, number>;
}

export const EMPTY_WALLET: Wallet = { balance: 0, ledger: [], vouchers: [], playsToday: {} };

export async function fetchWallet(
  supabase: SupabaseClient,
  userId: string,
  customerId: string,
  timeZone: string,
): Promise<Wallet> {
  const [bal, ledger, vouchers, plays, codes] = await Promise.all([
    supabase
      .from('points_balances')
      .select('balance')
      .eq('user_id', userId)
      .eq('customer_id', customerId)
      .maybeSingle(),
    supabase
      .from('points_ledger')
      .select('id, delta, reason, created_at, reward_plays(label)')
      .eq('user_id', userId)
      .eq('customer_id', customerId)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(100),
    supabase
      .from('vouchers')
      .select(
        'id, activity_id, discount_pct, discount_text, value_min_vnd, value_max_vnd, issued_at, expires_at, redeemed_at, activities(title)',
      )
      .eq('user_id', userId)
      .eq('customer_id', customerId)
      .order('issued_at', { ascending: false }),
    supabase
      .from('reward_plays')
      .select('campaign_id')
      .eq('user_id', userId)
      .eq('customer_id', customerId)
      .eq('play_day', hotelDay(new Date(), timeZone)),
    supabase.rpc('my_voucher_codes', { p_customer_id: customerId }),
  ]);
  for (const r of [bal, ledger, vouchers, plays, codes]) if (r.error) throw r.error;
  const codeOf = new Map(((codes.data ?? []) as { id: string; code: string }[]).map((c) => [c.id, c.code]));
  const playsToday: Record<string, number> = {};
  for (const p of (plays.data ?? []) as { campaign_id: string }[])
    playsToday[p.campaign_id] = (playsToday[p.campaign_id] ?? 0) + 1;
  return {
    balance: Number((bal.data as { balance: number | string } | null)?.balance ?? 0),
    ledger: (ledger.data ?? []) as unknown as LedgerEntry[],
    vouchers: ((vouchers.data ?? []) as unknown as Omit<Voucher, 'code'>[]).map((v) => ({
      ...v,
      code: codeOf.get(v.id) ?? '',
    })),
    playsToday,
  };
}
