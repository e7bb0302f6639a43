// play_reward: the draw happens in the database; the same key always returns the same outcome.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import type { I18nText } from '../../../lib/utils/types.ts';
import { bindStaffVisits, ensureGuestSession } from './guest-session.ts';

export interface PlayOutcome {
  play_id: string;
  campaign_id: string;
  prize_id: string | null;
  prize_kind: 'points' | 'voucher' | 'nothing';
  label: I18nText;
  points: number | null;
  voucher_code: string | null;
  voucher_expires_at: string | null;
  discount_pct: number | null;
  discount_text: I18nText | null;
  /** The won voucher's value in whole đồng (both or neither). */
  value_min_vnd?: number | null;
  value_max_vnd?: number | null;
  activity_id: string | null;
  played_at: string;
}

export async function playReward(
  supabase: SupabaseClient,
  campaignId: string,
  idempotencyKey: string,
): Promise<PlayOutcome> {
  await ensureGuestSession(supabase);
  await bindStaffVisits(supabase);
  const { data, error } = await supabase.rpc('play_reward', {
    p_campaign_id: campaignId,
    p_idempotency_key: idempotencyKey,
  });
  if (error) throw error;
  // play_reward returns jsonb (`Json` in the generated types): its shape is the function's, written above.
  return data as unknown as PlayOutcome;
}
