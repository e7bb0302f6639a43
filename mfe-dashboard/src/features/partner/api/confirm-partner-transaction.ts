// The partner confirms a sale the hotel typed in (`confirm_partner_transaction`): from then on it counts.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpcOrThrow } from '../../../lib/api/rpc.ts';

export const confirmItem = (db: TypedClient, id: string) => rpcOrThrow(db, 'confirm_partner_transaction', { p_id: id });
