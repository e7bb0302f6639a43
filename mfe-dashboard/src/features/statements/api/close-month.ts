// Closes the hotel's month (`close_month`): invoices and payout frozen; refused before the month has ended.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';

export const closeMonth = (db: TypedClient, customerId: string, month: string) =>
  rpc(db, 'close_month', { p_customer_id: customerId, p_month: `${month}-01` });
