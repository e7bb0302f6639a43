// Invite an address to the partner's staff: the same answer whatever the address, nothing granted before acceptance.
import { useEffect } from 'react';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { CommissionDialog } from './commission.tsx';

export function InviteStaffDialog({
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
  onSubmit: (email: string) => Promise<void>;
}) {
  const { t } = useTranslation('dashboard');
  const [inviteForm] = Form.useForm<{ email: string }>();
  // Each opening starts empty (the form's store outlives the closed dialog).
  useEffect(() => {
    if (dialog) inviteForm.resetFields();
  }, [dialog, inviteForm]);
  return (
    <Modal
      open={dialog?.kind === 'invite'}
      title={dialog ? t('commission.inviteTitle', { partner: name(dialog.partner) }) : ''}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('commission.inviteExplain')}</Typography.Paragraph>
      <Form
        form={inviteForm}
        layout="vertical"
        name="invite-staff"
        aria-label={t('commission.inviteTitle', { partner: dialog ? name(dialog.partner) : '' })}
        onFinish={(v) => void onSubmit(v.email)}
      >
        <Form.Item
          name="email"
          label={t('mods.email')}
          rules={[
            { required: true, message: t('form.required') },
            { type: 'email', message: t('errors.invalid_email') },
          ]}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('commission.invite')}
        </Button>
      </Form>
    </Modal>
  );
}
