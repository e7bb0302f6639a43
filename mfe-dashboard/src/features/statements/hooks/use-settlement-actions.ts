// Close month (moderators and admins) and Mark paid (admins): each says how it went and reads the month again.
import { useState } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { closeMonth as closeMonthRpc } from '../api/close-month.ts';
import { markInvoicePaid } from '../api/mark-invoice-paid.ts';
import { markPayoutPaid } from '../api/mark-payout-paid.ts';

export function useSettlementActions(customerId: string, month: string, label: string, refresh: () => Promise<void>) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);

  const closeMonth = async () => {
    setBusy('close');
    const { error } = await closeMonthRpc(db, customerId, month);
    setBusy(null);
    setConfirmClose(false);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('settlement.closedOk', { month: label }));
    void refresh();
  };

  const markPaid = async (kind: 'invoice' | 'payout', id: string) => {
    setBusy(id);
    const { error } = await (kind === 'invoice' ? markInvoicePaid(db, id) : markPayoutPaid(db, id));
    setBusy(null);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('settlement.paidOk'));
    void refresh();
  };

  return { busy, confirmClose, setConfirmClose, closeMonth, markPaid };
}
