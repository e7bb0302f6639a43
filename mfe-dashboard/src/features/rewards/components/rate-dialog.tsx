// Propose a rate (in force once the partner accepts) or, administrators, set it (in force at once): 0–50 %, one
// decimal at most.
import { useEffect } from 'react';
import { Button, Form, InputNumber, Modal, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { CommissionDialog } from './commission.tsx';

export function RateDialog({
  dialog,
  name,
  busy,
  onClose,
  onSubmit,
}: {
  dialog: CommissionDialog | null;
  name: (p: CommissionDialog['partner']) => string;
  busy: boolean;
  onClose: () => void;
  onSubmit: (pct: number) => Promise<void>;
}) {
  const { t } = useTranslation('dashboard');
  const [rateForm] = Form.useForm<{ pct: number }>();
  // Each opening starts empty (the form's store outlives the closed dialog).
  useEffect(() => {
    if (dialog) rateForm.resetFields();
  }, [dialog, rateForm]);
  return (
    <Modal
      open={dialog?.kind === 'propose' || dialog?.kind === 'set'}
      title={
        dialog
          ? t(dialog.kind === 'set' ? 'commission.setTitle' : 'commission.proposeTitle', {
              partner: name(dialog.partner),
            })
          : ''
      }
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {dialog?.kind === 'set' ? t('commission.setExplain') : t('commission.proposeExplain')}
      </Typography.Paragraph>
      <Form
        form={rateForm}
        layout="vertical"
        name="rate"
        aria-label={t('commission.rateForm')}
        onFinish={(v) => void onSubmit(v.pct)}
      >
        <Form.Item
          name="pct"
          label={t('commission.rate')}
          rules={[
            { required: true, message: t('form.required') },
            { type: 'number', min: 0, max: 50, message: t('form.commission') },
            {
              validator: (_, v?: number) =>
                v == null || Math.round(v * 10) === v * 10
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('commission.oneDecimal'))),
            },
          ]}
        >
          {/* No min/max on the input: antd would clamp 60 to 50 on blur and propose a rate nobody typed. */}
          <InputNumber step={0.5} addonAfter="%" style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {dialog?.kind === 'set' ? t('commission.set') : t('commission.propose')}
        </Button>
      </Form>
    </Modal>
  );
}
