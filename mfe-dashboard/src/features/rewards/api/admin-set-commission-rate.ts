// Administrators set a rate, in force at once (`admin_set_commission_rate`).
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';

export const adminSetCommissionRate = (db: TypedClient, activityId: string, rate: number) =>
  rpc(db, 'admin_set_commission_rate', { p_activity_id: activityId, p_rate: rate });
