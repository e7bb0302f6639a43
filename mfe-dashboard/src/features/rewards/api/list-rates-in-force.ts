// The rate in force of each partner: `activities.commission_rate`, the database's read-only mirror of the latest
// accepted or admin-set rate (the screen never computes it).
import type { TypedClient } from '@guestmap/shared-ui/database';

export const listRatesInForce = (db: TypedClient, customerId: string) =>
  db.from('activities').select('id, commission_rate').eq('customer_id', customerId).eq('is_partner', true);
