// A campaign's dialog: game, title in the six content languages, daily limit (a scratch card: once a day), dates, active.
import { Button, Checkbox, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { LanguageFields } from '../../../lib/language-fields.tsx';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { useCampaigns } from '../hooks/use-campaigns.ts';

const integer = { type: 'integer' as const };

export function CampaignDialog({ campaigns: c }: { campaigns: ReturnType<typeof useCampaigns> }) {
  const { t } = useTranslation('dashboard');
  const campaignKind = Form.useWatch('kind', c.form);
  const kindLabel = (k: string) => t(`rewards.kinds.${k}`);
  return (
    <Modal
      open={c.editing !== null}
      title={c.editing === 'new' ? t('rewards.newCampaign') : t('rewards.editCampaign')}
      onCancel={() => c.close()}
      footer={null}
      destroyOnHidden
    >
      <Form
        form={c.form}
        name="campaign"
        layout="vertical"
        onFinish={(v) => void c.save(v)}
        aria-label={t('rewards.campaignForm')}
      >
        <Form.Item name="kind" label={t('rewards.game')} rules={[{ required: true, message: t('form.required') }]}>
          <Select
            options={['scratch_card', 'fortune_wheel'].map((k) => ({ value: k, label: kindLabel(k) }))}
            onChange={(k) => k === 'scratch_card' && c.form.setFieldValue('daily_limit', 1)}
          />
        </Form.Item>
        <Form.Item
          name="title_en"
          label={t('rewards.titleEn')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 120 }]}
        >
          <Input />
        </Form.Item>
        <LanguageFields field="campaignTitle" max={120} />
        <Form.Item
          name="daily_limit"
          label={t('rewards.dailyLimit')}
          extra={campaignKind === 'scratch_card' ? t('rewards.scratchOnce') : undefined}
          rules={[
            { required: true, message: t('form.required') },
            { ...integer, min: 1, max: 1000, message: t('rewards.form.dailyLimit') },
          ]}
        >
          <InputNumber disabled={campaignKind === 'scratch_card'} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="starts" label={t('rewards.starts')}>
            <Input type="date" />
          </Form.Item>
          <Form.Item
            name="ends"
            label={t('rewards.ends')}
            dependencies={['starts']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v?: string) =>
                  !v || !getFieldValue('starts') || v >= getFieldValue('starts')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('rewards.form.dates'))),
              }),
            ]}
          >
            <Input type="date" />
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary">{t('rewards.datesUtc')}</Typography.Paragraph>
        <Form.Item name="active" valuePropName="checked">
          <Checkbox>{t('rewards.activeLabel')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={c.busy}>
          {t('form.save')}
        </Button>
      </Form>
    </Modal>
  );
}
