// The dev harness's one request: the route's customer row with its ward (as the shell reads it), null when there
// is none, or the error.
import type { Db } from '../../contracts/index.ts';

export async function readCustomer(db: Db, id: string) {
  return db.from('customers').select('*, ward:vn_wards(name, province)').eq('id', id).maybeSingle();
}
