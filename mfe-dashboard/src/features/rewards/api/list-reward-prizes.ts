// A campaign's prizes with their weight and stock (`list_reward_prizes`).
import type { Database, TypedClient } from '@guestmap/shared-ui/database';

export type Prize = Database['public']['Functions']['list_reward_prizes']['Returns'][number];

export const listRewardPrizes = (db: TypedClient, campaignId: string) =>
  db.rpc('list_reward_prizes', { p_campaign_id: campaignId });
