// The partner accepts or declines the hotel's proposed rate (`respond_commission_rate`).
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpcOrThrow } from '../../../lib/api/rpc.ts';

export const respondRate = (db: TypedClient, rateId: string, accept: boolean) =>
  rpcOrThrow(db, 'respond_commission_rate', { p_rate_id: rateId, p_accept: accept });
