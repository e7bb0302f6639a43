// The hotel's latest redeemed vouchers, with their partner's name (never their codes: only the guest reads those).
import type { Json, Tables, TypedClient } from '@guestmap/shared-ui/database';

export type Redemption = Pick<Tables<'vouchers'>, 'id' | 'discount_pct' | 'redeemed_at'> & {
  activities: { title: Json } | null;
};

export const listRecentRedemptions = (db: TypedClient, customerId: string, limit: number) =>
  db
    .from('vouchers')
    .select('id, discount_pct, redeemed_at, activities(title)')
    .eq('customer_id', customerId)
    .not('redeemed_at', 'is', null)
    .order('redeemed_at', { ascending: false })
    .limit(limit);
