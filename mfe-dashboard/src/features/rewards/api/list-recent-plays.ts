// The hotel's latest reward plays.
import type { Tables, TypedClient } from '@guestmap/shared-ui/database';

export type Play = Pick<Tables<'reward_plays'>, 'id' | 'label' | 'prize_kind' | 'points' | 'played_at'>;

export const listRecentPlays = (db: TypedClient, customerId: string, limit: number) =>
  db
    .from('reward_plays')
    .select('id, label, prize_kind, points, played_at')
    .eq('customer_id', customerId)
    .order('played_at', { ascending: false })
    .limit(limit);
