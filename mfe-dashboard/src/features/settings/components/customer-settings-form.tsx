// Customer settings: name, tagline, the front desk's phone (the guests' emergency sheet), branding (logo, colour with a contrast check, cover, welcome
// text per language), map centre and zoom, public or private; package (administrators only).
// Past 250 lines: one form, field after field; its read and save are being reworked (issue 28, fe-data), split after.
import { useCallback, useEffect, useState } from 'react';
import { useInFlight } from '@guestmap/shared-ui/in-flight';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Select, Space, Typography, Upload } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Tables } from '@guestmap/shared-ui/database';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { bestTextOn } from '../utils/contrast.ts';
import { FormMapPicker } from '../../../lib/map-picker.tsx';
import { IMAGE_ACCEPT, uploadImage } from '../../../lib/upload-image.ts';
import { fromFields, toFields } from '../../../lib/translations.ts';
import { LanguageFields } from '../../../lib/language-fields.tsx';
import { CoordinateFields } from '../../../lib/coordinate-fields.tsx';
import { withStepUp } from '../../../lib/step-up.tsx';

type Customer = Tables<'customers'>;

/** As the database checks it (customers_phone_format): digits, spaces, + ( ) . / - only. */
const PHONE = /^\s*\+?[0-9 ()./-]{3,32}\s*$/;

interface Values {
  name: string;
  tagline?: string;
  phone?: string;
  primary_color?: string;
  logo_url?: string;
  cover_url?: string;
  /** welcome_en … welcome_ja (lib/translations.ts). */
  [welcome: `welcome_${string}`]: string | undefined;
  latitude: number;
  longitude: number;
  zoom: number;
  is_public: boolean;
  require_mfa: boolean;
  rewards_reinvestment_pct: number;
}

export function CustomerSettingsForm({ customer, onSaved }: { customer: Customer; onSaved: (c: Customer) => void }) {
  const { t } = useTranslation('dashboard');
  const { toast, profile } = usePlatform();
  const db = useDb();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<string | null>(null);
  const colour = Form.useWatch('primary_color', form);
  // A save whose answer was lost: the same values are sent again (shared-ui in-flight) until the server
  // answers, at once when the connection returns. Setting absolute values twice leaves the same row,
  // so the answer to the check is the truth: saved, or the server's refusal.
  const write = useCallback(
    async (patch: Partial<Customer>) => {
      const { data, error } = await withStepUp(db, async () =>
        db.from('customers').update(patch).eq('id', customer.id).select('*').single(),
      );
      if (error) throw error;
      return data;
    },
    [db, customer.id],
  );
  const saving = useInFlight<Partial<Customer>, Customer>({ send: write, fingerprint: (p) => JSON.stringify(p) });
  const checking = saving.state.status === 'checking';
  const contrast = colour ? bestTextOn(colour) : null;

  useEffect(() => {
    form.setFieldsValue({
      name: customer.name,
      tagline: customer.tagline ?? '',
      phone: customer.phone ?? '',
      primary_color: customer.primary_color ?? '',
      logo_url: customer.logo_url ?? '',
      cover_url: customer.cover_url ?? '',
      ...toFields('welcome', customer.welcome),
      latitude: customer.latitude,
      longitude: customer.longitude,
      zoom: customer.zoom,
      is_public: customer.is_public,
      require_mfa: customer.require_mfa,
      rewards_reinvestment_pct: Number(customer.rewards_reinvestment_pct),
    });
  }, [customer, form]);

  const upload = async (file: File, bucket: 'logos' | 'photos', field: 'logo_url' | 'cover_url') => {
    setBusy(field);
    const res = await uploadImage(db, bucket, customer.id, field === 'logo_url' ? 'logo' : 'cover', file);
    setBusy(null);
    if ('error' in res) return toast.error(t(res.error));
    form.setFieldValue(field, res.url);
  };

  const save = async (v: Values) => {
    const texts = fromFields('welcome', v);
    setBusy('save');
    const data = await saving.run({
      name: v.name.trim(),
      tagline: v.tagline?.trim() || null,
      phone: v.phone?.trim() || null,
      primary_color: v.primary_color?.trim() || null,
      logo_url: v.logo_url?.trim() || null,
      cover_url: v.cover_url?.trim() || null,
      welcome: texts,
      latitude: v.latitude,
      longitude: v.longitude,
      zoom: v.zoom,
      is_public: v.is_public,
      require_mfa: v.require_mfa,
      rewards_reinvestment_pct: v.rewards_reinvestment_pct,
    });
    setBusy(null);
    if (!data) return;
    toast.success(t('settings.saved'));
    onSaved(data);
  };

  // The server's refusal (after the first answer or a check): its message, once.
  const failure = saving.state.status === 'failed' ? saving.state.error : null;
  useEffect(() => {
    if (failure) toast.error(t(errorKey(failure)));
  }, [failure, toast, t]);

  const setPackage = async (pkg: string) => {
    setBusy('package');
    const { data, error } = await withStepUp(db, async () =>
      db.rpc('admin_set_customer_package', { p_customer_id: customer.id, p_package: pkg as 'basic' }),
    );
    setBusy(null);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('settings.packageSaved'));
    onSaved(data as Customer);
  };

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
            <CoordinateFields />
            <Form.Item
              name="zoom"
              label={t('settings.zoom')}
              rules={[
                { required: true, message: t('form.required') },
                { type: 'number', min: 1, max: 20, message: t('form.zoom') },
              ]}
            >
              <InputNumber min={1} max={20} />
            </Form.Item>
          </Space>
          <FormMapPicker
            form={form}
            mode="view"
            label={t('settings.mapLabel')}
            hint={t('settings.mapHint')}
            fallbackCenter={{ latitude: customer.latitude, longitude: customer.longitude }}
            fallbackZoom={customer.zoom}
          />
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
                <Button size="small" onClick={saving.checkNow}>
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
