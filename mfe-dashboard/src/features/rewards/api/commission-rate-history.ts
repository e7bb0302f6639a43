// Every proposal and setting of a partner's commission rate (`commission_rate_history`).
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';
import type { RateRow, RateStatus } from '../utils/commission.ts';

export async function commissionRateHistory(db: TypedClient, activityId: string) {
  const { data, error } = await rpc(db, 'commission_rate_history', { p_activity_id: activityId });
  // `status` is a text column whose check constraint allows exactly the five statuses.
  return { error, data: data?.map((r): RateRow => ({ ...r, status: r.status as RateStatus })) ?? null };
}
