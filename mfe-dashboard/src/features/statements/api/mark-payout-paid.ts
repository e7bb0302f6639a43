// Administrators: the hotel's payout was paid (`mark_payout_paid`; who and when are recorded).
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';

export const markPayoutPaid = (db: TypedClient, id: string) => rpc(db, 'mark_payout_paid', { p_payout_id: id });
