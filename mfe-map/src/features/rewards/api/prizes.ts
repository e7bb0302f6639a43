// The labels a fortune wheel shows. Only granted columns are named: weight and stock stay private. Labels
// are read in the guest's language and the fallbacks only (docs/content-languages.md).
import { contentColumns, contentLanguagesFor, foldContent } from '@guestmap/shared-ui/i18n';
import type { Supabase as SupabaseClient } from '@guestmap/shared-ui/contracts';
import type { I18nText } from '../../../lib/utils/types.ts';

export interface WheelPrize {
  id: string;
  kind: 'points' | 'voucher' | 'nothing';
  label: I18nText;
}

const TEXTS = ['label'];

export async function fetchWheelPrizes(
  supabase: SupabaseClient,
  campaignId: string,
  locale: string,
): Promise<WheelPrize[]> {
  const languages = contentLanguagesFor(locale);
  const { data, error } = await supabase
    .from('reward_prizes')
    .select(`id, kind, sort_order, ${contentColumns(TEXTS, languages)}`)
    .eq('campaign_id', campaignId)
    .order('sort_order')
    .order('id');
  if (error) throw error;
  return ((data ?? []) as unknown as Record<string, unknown>[]).map((r) =>
    foldContent<WheelPrize>(r, TEXTS, languages),
  );
}
