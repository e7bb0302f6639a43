// A partner's redemption PIN set by the hotel (`set_partner_pin`; lifts a lock-out).
import type { TypedClient } from '@guestmap/shared-ui/database';
import { withStepUp } from '../../../lib/step-up.tsx';

export const setPartnerPin = (db: TypedClient, activityId: string, pin: string) =>
  withStepUp(db, async () => db.rpc('set_partner_pin', { p_activity_id: activityId, p_pin: pin }));
