// The hotel's reward campaigns (scratch card, fortune wheel), oldest first.
import type { Tables, TypedClient } from '@guestmap/shared-ui/database';

export type Campaign = Tables<'reward_campaigns'>;

export const listRewardCampaigns = (db: TypedClient, customerId: string) =>
  db.from('reward_campaigns').select('*').eq('customer_id', customerId).order('created_at');
