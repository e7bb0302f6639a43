// Every proposal and setting of a partner's commission rate (`commission_rate_history`).
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/rpc.ts';
import type { RateRow } from '../utils/commission.ts';

export const commissionRateHistory = (db: TypedClient, activityId: string) =>
  rpc<RateRow[]>(db, 'commission_rate_history', { p_activity_id: activityId });
