// record_staff_visit: the first visit through a staff link, attributed by the database (docs/staff-links.md). It
// answers nothing whatever the code; a failure is ignored (a guest's map never depends on it).
import type { Db } from '@guestmap/shared-ui/contracts';
import { visitorId } from './record-event.ts';

export async function recordStaffVisit(db: Pick<Db, 'rpc'>, customerId: string, code: string | null): Promise<boolean> {
  try {
    const { error } = await db.rpc('record_staff_visit', {
      p_customer_id: customerId,
      p_code: code ?? '',
      p_visitor_id: visitorId(),
    });
    return !error;
  } catch {
    return false;
  }
}
