// Propose or set a rate, invite staff, withdraw an invitation: each says how it went and reads the table again.
import { useState } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { proposeCommissionRate } from '../api/propose-commission-rate.ts';
import { adminSetCommissionRate } from '../api/admin-set-commission-rate.ts';
import { invitePartnerStaff } from '../api/invite-partner-staff.ts';
import { withdrawInvitation } from '../api/withdraw-invitation.ts';
import { pctToRate } from '../utils/commission.ts';
import type { Partner } from './use-partners.ts';

export function useCommissionActions(
  reload: () => Promise<void>,
  pct: (rate: number) => string,
  name: (p: Partner) => string,
) {
  const { t } = useTranslation('dashboard');
  const { locale, toast } = usePlatform();
  const db = useDb();
  const [busy, setBusy] = useState(false);

  /** Resolves true when the database said yes (the dialog closes). */
  const submitRate = async (kind: 'propose' | 'set', partner: Partner, value: number) => {
    setBusy(true);
    const rate = pctToRate(value);
    const { error } = await (kind === 'set'
      ? adminSetCommissionRate(db, partner.id, rate)
      : proposeCommissionRate(db, partner.id, rate));
    setBusy(false);
    if (error) return (toast.error(t(errorKey(error))), false);
    toast.success(
      kind === 'set'
        ? t('commission.setOk', { rate: pct(rate) })
        : t('commission.proposedOk', { rate: pct(rate), partner: name(partner) }),
    );
    void reload();
    return true;
  };

  const invite = async (partner: Partner, email: string) => {
    setBusy(true);
    const { error } = await invitePartnerStaff(db, partner.id, email.trim(), locale.slice(0, 2));
    setBusy(false);
    if (error) return (toast.error(t(errorKey(error))), false);
    // The same answer whatever the address (no account enumeration).
    toast.success(t('commission.invited', { email: email.trim() }));
    void reload();
    return true;
  };

  const withdraw = async (id: string) => {
    const { error } = await withdrawInvitation(db, id);
    if (error) return toast.error(t(errorKey(error)));
    void reload();
  };

  return { busy, submitRate, invite, withdraw };
}
