// Administrators: the hotel's package (`admin_set_customer_package`); the answer is the customer's row.
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc } from '../../../lib/api/rpc.ts';

export const setCustomerPackage = (db: TypedClient, customerId: string, pkg: string) =>
  rpc(db, 'admin_set_customer_package', { p_customer_id: customerId, p_package: pkg });
