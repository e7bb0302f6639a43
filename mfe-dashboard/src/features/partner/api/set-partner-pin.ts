// The partner's redemption PIN (`set_partner_pin`, 6–12 digits; setting one lifts a lock-out).
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpcOrThrow } from '../../../lib/api/rpc.ts';

export const setPin = (db: TypedClient, activityId: string, pin: string) =>
  rpcOrThrow(db, 'set_partner_pin', { p_activity_id: activityId, p_pin: pin });
