// QR entry (/{hotel}/map?src=qr): records an anonymous qr_scan, remembers the hotel as the guest's
// home customer (applied through set_home_customer as soon as they are signed in, now or later),
// and drops ?src=qr from the address so a shared link does not count as another scan. A staff member's link
// (?s=<code>) records the visit for the database to attribute, and the code is kept for the guest's own shares.
import { useEffect, useEffectEvent } from 'react';
import { usePlatform, type RouteName } from '@guestmap/shared-ui/contracts';
import { recordEvent } from '../api/record-event.ts';
import { setHomeCustomer } from '../api/set-home-customer.ts';
import { STAFF_QUERY, isStaffCode } from '../utils/staff-code.ts';

const PENDING_HOME = 'guestmap.pendingHome';

export function useQrEntry(
  route: RouteName,
  customerId: string | undefined,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
) {
  const { db, navigateTo, user, refreshProfile, profile } = usePlatform();
  const isQr = search.get('src') === 'qr';
  const staff = search.get(STAFF_QUERY);

  const recordScan = useEffectEvent((customerId: string) => {
    void recordEvent(db, customerId, 'qr_scan');
    try {
      localStorage.setItem(PENDING_HOME, customerId);
    } catch {}
    const rest = Object.fromEntries([...search.entries()].filter(([k]) => k !== 'src'));
    navigateTo(route, { ...params, customerId }, rest, { replace: true });
  });
  // Once per scanned address: the route, its params and the query are read as they are then.
  useEffect(() => {
    if (isQr && customerId) recordScan(customerId);
  }, [isQr, customerId]);

  useEffect(() => {
    if (!customerId || !isStaffCode(staff)) return;
    void import('../api/staff-entry.ts').then((m) => m.enterStaffVisit(db, customerId, staff));
  }, [staff, customerId, db]);

  useEffect(() => {
    if (!user) return;
    let pending: string | null = null;
    try {
      pending = localStorage.getItem(PENDING_HOME);
    } catch {}
    if (!pending) return;
    if (profile?.customer) {
      localStorage.removeItem(PENDING_HOME);
      return;
    }
    void setHomeCustomer(db, pending).then(({ error }) => {
      if (!error) {
        localStorage.removeItem(PENDING_HOME);
        void refreshProfile();
      }
    });
  }, [user, profile?.customer, db, refreshProfile]);
}
