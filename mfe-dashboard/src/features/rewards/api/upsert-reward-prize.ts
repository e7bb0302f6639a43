// Creates or changes a prize in one call (`upsert_reward_prize`): a refusal saves nothing.
import type { Database, TypedClient } from '@guestmap/shared-ui/database';

export type PrizeArgs = Database['public']['Functions']['upsert_reward_prize']['Args'];

export const upsertRewardPrize = (db: TypedClient, args: PrizeArgs) => db.rpc('upsert_reward_prize', args);
