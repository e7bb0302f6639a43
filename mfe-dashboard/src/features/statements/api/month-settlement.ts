// A month's settlement (`month_settlement`): closed or not, per partner an invoice, per currency the payout.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';

export const monthSettlement = (db: TypedClient, customerId: string, month: string) =>
  rpc(db, 'month_settlement', { p_customer_id: customerId, p_month: `${month}-01` });
