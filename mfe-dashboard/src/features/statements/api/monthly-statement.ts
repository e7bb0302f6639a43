// The hotel's confirmed totals of a month (`monthly_statement`): one line per partner and currency.
import type { TypedClient } from '@guestmap/shared-ui/database';

export const monthlyStatement = (db: TypedClient, customerId: string, month: string) =>
  db.rpc('monthly_statement', { p_customer_id: customerId, p_month: `${month}-01` });
