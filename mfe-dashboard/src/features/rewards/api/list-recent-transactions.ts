// The hotel's latest partner transactions with their status (pending, confirmed, disputed) and partner.
import type { Json, Tables, TypedClient } from '@guestmap/shared-ui/database';

export type Txn = Pick<
  Tables<'partner_transactions'>,
  'id' | 'amount_minor' | 'currency' | 'commission_minor' | 'hotel_share_minor' | 'created_by' | 'created_at'
> & {
  activities: { title: Json } | null;
  status: 'confirmed' | 'pending' | 'disputed';
  dispute_reason: string | null;
};

export const listRecentTransactions = (db: TypedClient, customerId: string, limit: number) =>
  db
    .from('partner_transactions')
    .select(
      'id, amount_minor, currency, commission_minor, hotel_share_minor, created_by, created_at, status, dispute_reason, activities(title)' as 'id, amount_minor, currency, commission_minor, hotel_share_minor, created_by, created_at, activities(title)',
    )
    .eq('customer_id', customerId)
    .order('created_at', { ascending: false })
    .limit(limit);
