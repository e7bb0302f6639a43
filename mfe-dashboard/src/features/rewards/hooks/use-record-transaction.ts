// Recording a sale by hand: one idempotency key per submission, kept while it is in flight and after a network
// failure (a retry cannot record twice), renewed once the database has answered.
import { useRef, useState } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { formatMoney } from '../../../lib/money.ts';
import type { Currency } from '../../../lib/api/list-currencies.ts';
import { recordPartnerTransaction } from '../api/record-partner-transaction.ts';
import { amountOf } from '../utils/amount.ts';

export interface TxnValues {
  activity_id: string;
  amount: string;
  currency: string;
  staff_link_id?: string | null;
}

export function useRecordTransaction(customerId: string, currencies: Currency[] | null, onRecorded: () => void) {
  const { t } = useTranslation('dashboard');
  const { locale, toast } = usePlatform();
  const db = useDb();
  const [busy, setBusy] = useState(false);
  const key = useRef<string | null>(null);
  const record = async (v: TxnValues) => {
    if (busy) return;
    const amount = amountOf(
      v.amount,
      currencies?.find((c) => c.code === v.currency),
    );
    if (!('minor' in amount)) return;
    key.current ??= crypto.randomUUID();
    setBusy(true);
    const { data, error } = await recordPartnerTransaction(db, {
      customerId,
      activityId: v.activity_id,
      amountMinor: amount.minor,
      currency: v.currency,
      idempotencyKey: key.current,
      staffLinkId: v.staff_link_id ?? null,
    });
    setBusy(false);
    if (error) {
      // A network failure may have stored it: the same key on a retry returns that transaction.
      if (errorKey(error) !== 'errors.network') key.current = null;
      toast.error(t(errorKey(error)));
      return;
    }
    key.current = null;
    const res = data as { hotel_share_minor: number; currency: string };
    toast.success(t('ledger.recorded', { share: formatMoney(res.hotel_share_minor, res.currency, locale) }));
    onRecorded();
  };
  return { busy, record };
}
