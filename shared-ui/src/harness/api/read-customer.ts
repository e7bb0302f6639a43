// The dev harness's one request: the route's customer row (null when there is none), or the error.
import type { Db } from '../../contracts/index.ts';

export async function readCustomer(db: Db, id: string) {
  return db.from('customers').select('*').eq('id', id).maybeSingle();
}
