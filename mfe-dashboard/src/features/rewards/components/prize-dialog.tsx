// A prize's dialog: kind, label in the six content languages, points or a partner's voucher, weight and
// stock, and the chance the weight would give among the campaign's other prizes.
import { Button, Form, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { LanguageFields } from '../../../lib/language-fields.tsx';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Prize } from '../api/list-reward-prizes.ts';
import type { Partner } from '../hooks/use-partners.ts';
import type { usePrizes } from '../hooks/use-prizes.ts';
import { usePercent } from '../hooks/use-percent.ts';
import { oddsWith } from '../utils/odds.ts';
import { VndRangeFields } from '../../../lib/vnd-range-fields.tsx';

const integer = { type: 'integer' as const };
/** A voucher's value is at least 1 ₫ (migration 20261206100000_vn_prize_values.sql). */
const LOWEST_VALUE = 1;
/** The place editor's price messages, said of a value: form.priceWhole → form.valueWhole. */
const valueKey = (error: string) => `form.${error.replace('price', 'value')}`;

export function PrizeDialog({ prizes: p, partners }: { prizes: ReturnType<typeof usePrizes>; partners: Partner[] }) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const pct = usePercent();
  const prizeKind = Form.useWatch('kind', p.form);
  const weight = Form.useWatch('weight', p.form);
  const stock = Form.useWatch('stock', p.form);
  const others = (p.prizes ?? []).filter((x) => p.editing === 'new' || x.id !== (p.editing as Prize | null)?.id);
  const preview =
    typeof weight === 'number' && weight >= 0
      ? oddsWith(others, { weight, stock: typeof stock === 'number' ? stock : null })
      : null;
  return (
    <Modal
      open={p.editing !== null}
      title={p.editing === 'new' ? t('rewards.addPrize') : t('rewards.editPrize')}
      onCancel={p.close}
      footer={null}
      destroyOnHidden
    >
      <Form
        form={p.form}
        name="prize"
        layout="vertical"
        onFinish={(v) => void p.save(v)}
        aria-label={t('rewards.prizeForm')}
      >
        <Form.Item name="kind" label={t('rewards.kind')} rules={[{ required: true, message: t('form.required') }]}>
          <Select
            options={['points', 'voucher', 'nothing'].map((k) => ({ value: k, label: t(`rewards.prizeKinds.${k}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="label_en"
          label={t('rewards.labelEn')}
          rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 120 }]}
        >
          <Input />
        </Form.Item>
        <LanguageFields field="prizeLabel" max={120} />
        {prizeKind === 'points' && (
          <Form.Item
            name="points"
            label={t('rewards.points')}
            rules={[
              { required: true, message: t('form.required') },
              { ...integer, min: 1, max: 100000, message: t('rewards.form.points') },
            ]}
          >
            <InputNumber />
          </Form.Item>
        )}
        {prizeKind === 'voucher' && (
          <>
            <Form.Item
              name="activity_id"
              label={t('rewards.partner')}
              rules={[{ required: true, message: t('rewards.form.partner') }]}
            >
              <Select
                options={partners.map((p) => ({ value: p.id, label: pickText(p.title, locale) }))}
                notFoundContent={t('rewards.noPartners')}
              />
            </Form.Item>
            <Space wrap>
              <Form.Item
                name="discount_pct"
                label={t('rewards.discount')}
                rules={[
                  { required: true, message: t('form.required') },
                  { ...integer, min: 1, max: 100, message: t('rewards.form.discount') },
                ]}
              >
                <InputNumber addonAfter="%" />
              </Form.Item>
              <Form.Item
                name="valid_days"
                label={t('rewards.validDays')}
                rules={[
                  { required: true, message: t('form.required') },
                  { ...integer, min: 1, max: 365, message: t('rewards.form.validDays') },
                ]}
              >
                <InputNumber />
              </Form.Item>
            </Space>
            {/* What the voucher is worth, in whole đồng: guests see it in VND with an estimate (docs/prices.md). */}
            <VndRangeFields
              names={{ min: 'value_min_vnd', max: 'value_max_vnd' }}
              labels={{ min: t('rewards.valueMin'), max: t('rewards.valueMax'), hint: t('rewards.valueHint') }}
              lowest={LOWEST_VALUE}
              message={(error) => t(valueKey(error))}
            />
          </>
        )}
        <Space wrap align="start">
          <Form.Item
            name="weight"
            label={t('rewards.weight')}
            rules={[
              { required: true, message: t('form.required') },
              { ...integer, min: 0, max: 1000000, message: t('rewards.form.weight') },
            ]}
          >
            <InputNumber />
          </Form.Item>
          <Form.Item
            name="stock"
            label={t('rewards.stock')}
            extra={t('rewards.stockHint')}
            rules={[{ ...integer, min: 0, max: 100000000, message: t('rewards.form.stock') }]}
          >
            <InputNumber />
          </Form.Item>
        </Space>
        <Typography.Paragraph data-testid="odds-preview">
          {preview === null ? '' : t('rewards.oddsPreview', { value: pct(preview) })}
        </Typography.Paragraph>
        <Button type="primary" htmlType="submit" loading={p.busy}>
          {t('form.save')}
        </Button>
      </Form>
    </Modal>
  );
}
