// The guest's home customer (`set_home_customer`): the hotel whose QR code they scanned, once signed in.
import type { Db } from '@guestmap/shared-ui/contracts';

export async function setHomeCustomer(db: Db, customerId: string) {
  return db.rpc('set_home_customer', { p_customer_id: customerId });
}
