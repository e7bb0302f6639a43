// Customer settings: name, tagline, the front desk's phone and the hotel's address in Vietnam (both on the guests'
// emergency sheet; the address with the place editor's fields, lib/vn-address-fields.tsx), branding (logo, colour
// with a contrast check, cover, welcome text per language), map centre and zoom, public or private; package
// (administrators only). What is drawn:
// the reads and writes are the feature's api/ files, called by hooks/use-customer-settings.ts.
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Select, Space, Typography, Upload } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Tables } from '@guestmap/shared-ui/database';
import { bestTextOn } from '../utils/contrast.ts';
import { PHONE, type SettingsValues } from '../utils/settings-values.ts';
import { useCustomerSettings } from '../hooks/use-customer-settings.ts';
import { CoordinateFields, FormMapPicker } from '@guestmap/shared-ui/map-picker';
import { IMAGE_ACCEPT } from '../../../lib/images.ts';
import { LanguageFields } from '../../../lib/language-fields.tsx';
import { VnAddressFields } from '../../../lib/vn-address-fields.tsx';

type Customer = Tables<'customers'>;

export function CustomerSettingsForm({ customer, onSaved }: { customer: Customer; onSaved: (c: Customer) => void }) {
  const { t } = useTranslation('dashboard');
  const { profile } = usePlatform();
  const [form] = Form.useForm<SettingsValues>();
  const { busy, checking, checkNow, upload, save, setPackage } = useCustomerSettings(customer, form, onSaved);
  const colour = Form.useWatch('primary_color', form);
  const contrast = colour ? bestTextOn(colour) : null;

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Card title={t('settings.title')}>
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
          <Form.Item
            name="name"
            label={t('settings.name')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 80 }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="tagline" label={t('settings.tagline')} rules={[{ max: 160 }]}>
            <Input />
          </Form.Item>
          {customer.kind === 'hotel' && (
            <Form.Item
              name="phone"
              label={t('settings.phone')}
              extra={t('settings.phoneHint')}
              rules={[{ pattern: PHONE, message: t('form.phone') }]}
            >
              <Input type="tel" autoComplete="tel" placeholder="+84 28 3823 4567" />
            </Form.Item>
          )}
          <Form.Item
            name="primary_color"
            label={t('settings.primaryColor')}
            rules={[{ pattern: /^#[0-9a-fA-F]{6}$/, message: t('form.colour') }]}
          >
            <Input
              placeholder="#5AB77B"
              addonBefore={
                <input
                  type="color"
                  aria-label={t('settings.pickColour')}
                  value={/^#[0-9a-fA-F]{6}$/.test(colour ?? '') ? colour : '#5ab77b'}
                  onChange={(e) => form.setFieldValue('primary_color', e.target.value)}
                  style={{ width: 28, height: 24, border: 0, padding: 0, background: 'none' }}
                />
              }
            />
          </Form.Item>
          {contrast && (
            <Alert
              style={{ marginBottom: 16 }}
              type={contrast.passesAA ? 'success' : 'warning'}
              showIcon
              title={
                <span>
                  <span
                    style={{
                      background: colour,
                      color: contrast.text,
                      padding: '2px 8px',
                      borderRadius: 4,
                      marginRight: 8,
                    }}
                  >
                    Aa
                  </span>
                  {contrast.passesAA
                    ? t('settings.contrastOk', { ratio: contrast.ratio })
                    : t('settings.contrastLow', { ratio: contrast.ratio })}
                </span>
              }
            />
          )}
          <Form.Item label={t('settings.logo')} extra={t('settings.imageHint')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="logo_url" noStyle rules={[{ type: 'url', message: t('form.url') }]}>
                <Input aria-label={t('settings.logo')} />
              </Form.Item>
              <Upload
                accept={IMAGE_ACCEPT}
                showUploadList={false}
                beforeUpload={(f) => (void upload(f, 'logos', 'logo_url'), false)}
              >
                <Button loading={busy === 'logo_url'}>{t('settings.upload')}</Button>
              </Upload>
            </Space.Compact>
          </Form.Item>
          <Form.Item label={t('settings.cover')} extra={t('settings.imageHint')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="cover_url" noStyle rules={[{ type: 'url', message: t('form.url') }]}>
                <Input aria-label={t('settings.cover')} />
              </Form.Item>
              <Upload
                accept={IMAGE_ACCEPT}
                showUploadList={false}
                beforeUpload={(f) => (void upload(f, 'photos', 'cover_url'), false)}
              >
                <Button loading={busy === 'cover_url'}>{t('settings.upload')}</Button>
              </Upload>
            </Space.Compact>
          </Form.Item>
          <LanguageFields field="welcome" max={600} multiline rows={2} withEnglish />
          <Typography.Title level={5}>{t('settings.mapView')}</Typography.Title>
          <Space wrap>
            <CoordinateFields
              bind="form"
              labels={{ latitude: t('recs.latitude'), longitude: t('recs.longitude'), zoom: t('settings.zoom') }}
              messages={{
                required: t('form.required'),
                latitude: t('form.latitude'),
                longitude: t('form.longitude'),
                zoom: t('form.zoom'),
              }}
            />
          </Space>
          <FormMapPicker
            form={form}
            mode="view"
            label={t('settings.mapLabel')}
            hint={t('settings.mapHint')}
            fallbackCenter={{ latitude: customer.latitude, longitude: customer.longitude }}
            fallbackZoom={customer.zoom}
          />
          {/* "Propose from the pin" reads the map position above: the hotel's marker on the guests' map. */}
          {customer.kind === 'hotel' && <VnAddressFields />}
          <Form.Item
            name="rewards_reinvestment_pct"
            label={t('settings.reinvestment')}
            rules={[{ type: 'number', min: 0, max: 100, message: t('form.percent') }]}
          >
            <InputNumber min={0} max={100} addonAfter="%" />
          </Form.Item>
          <Form.Item name="is_public" valuePropName="checked">
            <Checkbox>{t('settings.public')}</Checkbox>
          </Form.Item>
          <Form.Item name="require_mfa" valuePropName="checked" extra={t('settings.requireMfaHint')}>
            <Checkbox>{t('settings.requireMfa')}</Checkbox>
          </Form.Item>
          {checking && (
            <Alert
              type="warning"
              showIcon
              role="status"
              style={{ marginBottom: 12 }}
              message={t('settings.checking')}
              action={
                <Button size="small" onClick={checkNow}>
                  {t('settings.checkNow')}
                </Button>
              }
            />
          )}
          <Button type="primary" htmlType="submit" loading={busy === 'save'}>
            {t('form.save')}
          </Button>
        </Form>
      </Card>
      {customer.kind === 'hotel' && (
        <Card title={t('settings.package')}>
          {profile?.isAdmin ? (
            <Select
              aria-label={t('settings.package')}
              value={customer.package ?? undefined}
              loading={busy === 'package'}
              onChange={(v) => void setPackage(v)}
              style={{ width: 240 }}
              options={['basic', 'professional', 'premium'].map((p) => ({ value: p, label: t(`packages.${p}`) }))}
            />
          ) : (
            <Typography.Text data-testid="package">
              {t(`packages.${customer.package ?? 'basic'}`)} · {t('settings.packageAdminOnly')}
            </Typography.Text>
          )}
        </Card>
      )}
    </Space>
  );
}
