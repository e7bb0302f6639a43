// Who changed the partner's redemption PIN, as what and when (`partner_pin_changes`, newest first; issue 41):
// every change, by the partner's staff, the hotel (while the partner had no staff account) or the platform.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpcOrThrow } from '../../../lib/api/rpc.ts';

export interface PinChange {
  changed_at: string;
  changed_as: 'partner' | 'hotel' | 'platform';
  /** The person's name (or e-mail); null for the platform. */
  changed_by: string | null;
}

export const pinChanges = async (db: TypedClient, activityId: string): Promise<PinChange[]> =>
  // `changed_as` is a text column whose check constraint allows exactly these three.
  ((await rpcOrThrow(db, 'partner_pin_changes', { p_activity_id: activityId })) ?? []).map((c) => ({
    ...c,
    changed_as: c.changed_as as PinChange['changed_as'],
  }));
