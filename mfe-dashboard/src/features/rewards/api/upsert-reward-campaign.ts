// Creates or changes a campaign in one call (`upsert_reward_campaign`): a refusal saves nothing.
import type { Database, TypedClient } from '@guestmap/shared-ui/database';

export type CampaignArgs = Database['public']['Functions']['upsert_reward_campaign']['Args'];

export const upsertRewardCampaign = (db: TypedClient, args: CampaignArgs) => db.rpc('upsert_reward_campaign', args);
