// The partner disputes a sale the hotel typed in, with a reason (`dispute_partner_transaction`).
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpcOrThrow } from '../../../lib/api/rpc.ts';

export const disputeItem = (db: TypedClient, id: string, reason: string) =>
  rpcOrThrow(db, 'dispute_partner_transaction', { p_id: id, p_reason: reason });
