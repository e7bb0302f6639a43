// The hotel proposes a rate (`propose_commission_rate`); in force once the partner's staff accept it.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';

export const proposeCommissionRate = (db: TypedClient, activityId: string, rate: number) =>
  rpc(db, 'propose_commission_rate', { p_activity_id: activityId, p_rate: rate });
