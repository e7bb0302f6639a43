// Administrators: the platform fee of a month by hotel, partner and currency (`platform_fees`), amounts as numbers.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';

export async function platformFees(db: TypedClient, month: string) {
  const { data, error } = await rpc(db, 'platform_fees', { p_month: `${month}-01` });
  return {
    error,
    data: (data ?? []).map((f) => ({
      ...f,
      transactions: Number(f.transactions),
      platform_fee_minor: Number(f.platform_fee_minor),
    })),
  };
}
