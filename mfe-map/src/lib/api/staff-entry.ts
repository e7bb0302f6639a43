// Arrival through a staff link (?s=<code>): the code is kept on the device and the visit recorded for the database to
// attribute (docs/staff-links.md). Its own chunk, loaded only when the address has a staff code.
import type { Db } from '@guestmap/shared-ui/contracts';
import { recordStaffVisit } from './record-staff-visit.ts';
import { keepStaffCode } from '../utils/staff-visits.ts';

export function enterStaffVisit(db: Pick<Db, 'rpc'>, customerId: string, code: string): Promise<boolean> {
  keepStaffCode(customerId, code);
  return recordStaffVisit(db, customerId, code);
}
