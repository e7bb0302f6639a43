// Partners' commission as the Rewards tab shows it: each partner's rate history, accepted staff and rate in force,
// and the pending partner-staff invitations; read again after each change.
import { useCallback, useEffect, useState } from 'react';
import { useDb } from '../../../lib/use-db.ts';
import { commissionRateHistory } from '../api/commission-rate-history.ts';
import { listPartnerStaff, type StaffMember } from '../api/list-partner-staff.ts';
import { listRatesInForce } from '../api/list-rates-in-force.ts';
import { listCustomerInvitations, type StaffInvitation } from '../api/list-staff-invitations.ts';
import type { Partner } from './use-partners.ts';
import type { RateRow } from '../utils/commission.ts';

export function useCommission(customerId: string, partners: Partner[]) {
  const db = useDb();
  const [history, setHistory] = useState<Record<string, RateRow[]>>({});
  const [inForce, setInForce] = useState<Record<string, number | null>>({});
  const [staff, setStaff] = useState<Record<string, StaffMember[]>>({});
  const [invitations, setInvitations] = useState<StaffInvitation[] | null>(null);

  const reload = useCallback(async () => {
    const all = await Promise.all(
      partners.map(async (p) => [p.id, (await commissionRateHistory(db, p.id)).data ?? []] as const),
    );
    setHistory(Object.fromEntries(all));
    // Accepted staff only (an invitee is listed, with their address, once they said yes).
    const people = await Promise.all(
      partners.map(async (p) => [p.id, (await listPartnerStaff(db, p.id)).data ?? []] as const),
    );
    setStaff(Object.fromEntries(people));
    const mirror = await listRatesInForce(db, customerId);
    setInForce(
      Object.fromEntries(
        (mirror.data ?? []).map((a) => [a.id, a.commission_rate === null ? null : Number(a.commission_rate)]),
      ),
    );
    const inv = await listCustomerInvitations(db, customerId);
    setInvitations((inv.data ?? []).filter((i) => i.role === 'partner_staff'));
  }, [db, partners, customerId]);
  useEffect(() => {
    void reload();
  }, [reload]);

  return { history, inForce, staff, invitations, reload };
}
