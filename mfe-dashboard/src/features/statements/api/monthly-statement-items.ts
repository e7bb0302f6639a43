// Every partner transaction of the hotel's month (`monthly_statement_items`); the screen lists the pending and
// disputed ones apart.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';

export const monthlyStatementItems = (db: TypedClient, customerId: string, month: string) =>
  rpc(db, 'monthly_statement_items', { p_customer_id: customerId, p_month: `${month}-01` });
