// Administrators: a customer's package (`admin_set_customer_package`).
import type { TypedClient } from '@guestmap/shared-ui/database';
import { withStepUp } from '../../../lib/step-up.tsx';

export const adminSetCustomerPackage = (db: TypedClient, customerId: string, pkg: string) =>
  withStepUp(db, async () =>
    db.rpc('admin_set_customer_package', { p_customer_id: customerId, p_package: pkg as 'basic' }),
  );
