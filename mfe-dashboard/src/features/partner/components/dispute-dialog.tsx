// Disputing a sale: a reason is required (at most 500 characters), said in a dialog.
import { useEffect, useId, useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { StatementItem } from '../../../lib/statement-item.ts';
import type { Money } from '../hooks/use-money.ts';
import { reasonProblem, REASON_MAX } from '../utils/portal-logic.ts';
import { TAP } from './portal-card.tsx';

export function DisputeDialog({
  item,
  money,
  busy,
  onCancel,
  onSubmit,
}: {
  item: StatementItem | null;
  money: Money;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => Promise<void>;
}) {
  const { t } = useTranslation('dashboard');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const id = useId();
  useEffect(() => {
    setReason('');
    setTried(false);
  }, [item?.id]);
  const problem = reasonProblem(reason);
  return (
    <Modal
      open={!!item}
      title={item ? t('partnerPortal.disputeTitle', { amount: money(item.amount_minor, item.currency) }) : ''}
      onCancel={onCancel}
      okText={t('partnerPortal.disputeSend')}
      cancelText={t('partnerPortal.cancel')}
      okButtonProps={{ danger: true, loading: busy, size: 'large', style: TAP }}
      cancelButtonProps={{ size: 'large', style: TAP }}
      onOk={() => {
        setTried(true);
        if (!problem) void onSubmit(reason.trim());
      }}
      width="min(520px, calc(100vw - 24px))"
      destroyOnHidden
    >
      <label htmlFor={id}>
        <Typography.Text strong>{t('partnerPortal.reason')}</Typography.Text>
      </label>
      <Input.TextArea
        id={id}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={3}
        maxLength={REASON_MAX}
        showCount
        required
        aria-required="true"
        status={tried && problem ? 'error' : undefined}
        style={{ marginTop: 4 }}
      />
      {tried && problem && (
        <Typography.Text type="danger" role="alert">
          {t(`partnerPortal.reasonErrors.${problem}`, { max: REASON_MAX })}
        </Typography.Text>
      )}
    </Modal>
  );
}
