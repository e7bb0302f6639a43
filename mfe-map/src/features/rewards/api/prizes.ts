// The labels a fortune wheel shows. Only granted columns are named: weight and stock stay private.
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import type { I18nText } from '../../../lib/utils/types.ts';

export interface WheelPrize {
  id: string;
  kind: 'points' | 'voucher' | 'nothing';
  label: I18nText;
}

export async function fetchWheelPrizes(supabase: SupabaseClient, campaignId: string): Promise<WheelPrize[]> {
  const { data, error } = await supabase
    .from('reward_prizes')
    .select('id, kind, label, sort_order')
    .eq('campaign_id', campaignId)
    .order('sort_order')
    .order('id');
  if (error) throw error;
  return (data ?? []) as WheelPrize[];
}
