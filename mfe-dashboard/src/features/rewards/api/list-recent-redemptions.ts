// The hotel's latest redeemed vouchers, with their partner's name.
import type { Json, Tables, TypedClient } from '@guestmap/shared-ui/database';

export type Redemption = Pick<Tables<'vouchers'>, 'id' | 'code' | 'discount_pct' | 'redeemed_at'> & {
  activities: { title: Json } | null;
};

export const listRecentRedemptions = (db: TypedClient, customerId: string, limit: number) =>
  db
    .from('vouchers')
    .select('id, code, discount_pct, redeemed_at, activities(title)')
    .eq('customer_id', customerId)
    .not('redeemed_at', 'is', null)
    .order('redeemed_at', { ascending: false })
    .limit(limit);
