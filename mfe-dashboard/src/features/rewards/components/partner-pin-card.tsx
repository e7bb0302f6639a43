// The hotel sets a partner's redemption PIN (6–12 digits); the PIN never travels with the activity form.
import { useState } from 'react';
import { Button, Card, Form, Input, Select } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { setPartnerPin } from '../api/set-partner-pin.ts';

export function PartnerPinCard({ partnerOptions }: { partnerOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [pinForm] = Form.useForm<{ activity_id: string; pin: string }>();
  const [busy, setBusy] = useState(false);
  const setPin = async (v: { activity_id: string; pin: string }) => {
    setBusy(true);
    const { error } = await setPartnerPin(db, v.activity_id, v.pin);
    setBusy(false);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('ledger.pinSaved'));
    pinForm.resetFields(['pin']);
  };
  return (
    <Card size="small" title={t('ledger.pinTitle')}>
      <Form
        form={pinForm}
        name="pin"
        layout="vertical"
        onFinish={(v) => void setPin(v)}
        aria-label={t('ledger.pinTitle')}
      >
        <Form.Item
          name="activity_id"
          label={t('rewards.partner')}
          rules={[{ required: true, message: t('rewards.form.partner') }]}
        >
          <Select options={partnerOptions} notFoundContent={t('rewards.noPartners')} />
        </Form.Item>
        <Form.Item
          name="pin"
          label={t('ledger.pin')}
          extra={t('ledger.pinHint')}
          rules={[
            { required: true, message: t('form.required') },
            { pattern: /^\d{6,12}$/, message: t('errors.invalid_pin') },
          ]}
        >
          <Input.Password inputMode="numeric" autoComplete="new-password" style={{ width: 200 }} />
        </Form.Item>
        <Button htmlType="submit" loading={busy}>
          {t('ledger.setPin')}
        </Button>
      </Form>
    </Card>
  );
}
