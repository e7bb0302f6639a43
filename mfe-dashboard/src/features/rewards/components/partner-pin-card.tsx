// The hotel sets a partner's redemption PIN (6–12 digits); the PIN never travels with the activity form. Below it,
// the partner's contact address: redemptions with a PIN the hotel set are mailed there (issue 41, item 3).
import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, Select } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { LANGUAGES } from '@guestmap/shared-ui/i18n';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { setPartnerPin } from '../api/set-partner-pin.ts';
import { setPartnerContact } from '../api/partner-contact.ts';
import { usePartnerContact } from '../hooks/rewards-data.ts';

export function PartnerPinCard({ partnerOptions }: { partnerOptions: { value: string; label: string }[] }) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [pinForm] = Form.useForm<{ activity_id: string; pin: string }>();
  const [busy, setBusy] = useState(false);
  const partner = Form.useWatch('activity_id', pinForm);
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
      {partner && <PartnerContactForm activityId={partner} />}
    </Card>
  );
}

function PartnerContactForm({ activityId }: { activityId: string }) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [form] = Form.useForm<{ email: string; language: string }>();
  const [busy, setBusy] = useState(false);
  const contact = usePartnerContact(activityId);
  useEffect(() => {
    form.setFieldsValue(contact ? { email: contact.email, language: contact.language } : { email: '', language: 'en' });
  }, [form, contact]);
  const save = async (v: { email: string; language: string }) => {
    setBusy(true);
    const { error } = await setPartnerContact(db, activityId, v.email ?? '', v.language);
    setBusy(false);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('ledger.contactSaved'));
  };
  return (
    <Form
      form={form}
      name="partner-contact"
      layout="vertical"
      onFinish={(v) => void save(v)}
      aria-label={t('ledger.contactTitle')}
      style={{ marginTop: 16 }}
    >
      <Form.Item
        name="email"
        label={t('ledger.contactEmail')}
        extra={t('ledger.contactHint')}
        rules={[{ type: 'email', message: t('errors.invalid_email') }]}
      >
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="language" label={t('ledger.contactLanguage')}>
        <Select options={LANGUAGES.map((l) => ({ value: l.lang, label: l.name }))} style={{ width: 200 }} />
      </Form.Item>
      <Button htmlType="submit" loading={busy}>
        {t('ledger.contactSave')}
      </Button>
    </Form>
  );
}
