// The recommendations manager: list, search, filter, sort, publish within the package allowance,
// create and edit, reorder, CSV import (with a per-row report) and export.
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
  Upload,
  Checkbox,
} from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Tables, TablesInsert } from '@guestmap/shared-ui/database';
import { useCustomerId, useDb, errorKey } from '../../../lib/use-db.ts';
import { downloadBlob } from '../../../lib/download.ts';
import { FormMapPicker } from '../../../lib/map-picker.tsx';
import { OpeningHoursEditor } from './opening-hours-editor.tsx';
import { PhotosField } from './photos-field.tsx';
import { fromJson, toJson, validate, type Hours } from '../utils/opening-hours.ts';
import { CATEGORIES, CSV_COLUMNS, toCsv, validateImport, type CsvRow, type ImportRow } from '../utils/csv.ts';
import {
  fromFields,
  lacking,
  mergeImported,
  textIn as text,
  toFields,
  type TextField,
} from '../../../lib/translations.ts';
import { LanguageFields } from '../../../lib/language-fields.tsx';
import { MissingBadges, MissingFilterSelect, keepRow, type MissingFilter } from './translation-status.tsx';

type Activity = Tables<'activities'>;
type Customer = Tables<'customers'>;
const LIMITS: Record<string, number | null> = { basic: 20, professional: 50, premium: null };

export function allowance(
  customer: Pick<Customer, 'kind' | 'package'> | null,
  published: number,
): { used: number; limit: number | null } {
  const limit = customer && customer.kind === 'hotel' && customer.package ? (LIMITS[customer.package] ?? null) : null;
  return { used: published, limit };
}

const slugify = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/gi, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);

interface FormValues {
  /** title_en (required), title_vi … title_ja, description_*, offer_* (translations.ts). */
  [text: `${TextField}_${string}`]: string | undefined;
  title_en: string;
  slug: string;
  category: string;
  latitude: number;
  longitude: number;
  address?: string;
  address_local?: string;
  phone?: string;
  website?: string;
  price_level?: number | null;
  is_partner?: boolean;
  commission_pct?: number | null;
  published?: boolean;
  opening_hours: Hours;
  photos: string[];
}

export function Recommendations({ customer }: { customer: Customer | null }) {
  const { t } = useTranslation('dashboard');
  const { locale, toast } = usePlatform();
  const db = useDb();
  const customerId = useCustomerId();
  const [rows, setRows] = useState<Activity[]>([]);
  const [loading, setLoading] = useState(true);
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const [status, setStatus] = useState<'all' | 'published' | 'draft'>('all');
  const [missing, setMissing] = useState<MissingFilter>('');
  const [editing, setEditing] = useState<Activity | 'new' | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [report, setReport] = useState<{ rows: ImportRow[]; headerErrors: string[] } | null>(null);
  const [form] = Form.useForm<FormValues>();

  const load = useCallback(async () => {
    const { data, error } = await db
      .from('activities')
      .select('*')
      .eq('customer_id', customerId)
      .order('sort_order')
      .order('created_at');
    if (error) toast.error(t(errorKey(error)));
    else setRows(data);
    setLoading(false);
  }, [db, customerId, toast, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const published = rows.filter((r) => r.published).length;
  const { limit } = allowance(customer, published);
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/gi, 'd')
      .toLowerCase();
  const visible = useMemo(
    () =>
      rows.filter(
        (r) =>
          (!category || r.category === category) &&
          (status === 'all' || (status === 'published') === r.published) &&
          keepRow(missing, lacking(r)) &&
          (!query ||
            fold(`${pickText(r.title, locale)} ${text(r.title, 'en')} ${r.address ?? ''} ${r.tags.join(' ')}`).includes(
              fold(query),
            )),
      ),
    [rows, category, status, missing, query, locale],
  );

  const explain = (error: unknown) => {
    const key = errorKey(error);
    if (key === 'errors.package_limit') toast.error(t('errors.package_limit', { limit: limit ?? '' }));
    else toast.error(t(key));
  };

  const setPublished = async (r: Activity, on: boolean) => {
    setBusy(r.id);
    const { error } = await db.from('activities').update({ published: on }).eq('id', r.id);
    setBusy(null);
    if (error) return explain(error);
    toast.success(on ? t('recs.publishedOk') : t('recs.unpublishedOk'));
    setRows((all) => all.map((x) => (x.id === r.id ? { ...x, published: on } : x)));
  };

  const move = async (r: Activity, dir: -1 | 1) => {
    const i = rows.findIndex((x) => x.id === r.id);
    const j = i + dir;
    if (j < 0 || j >= rows.length) return;
    const next = [...rows];
    [next[i], next[j]] = [next[j]!, next[i]!];
    const renumbered = next.map((x, k) => ({ ...x, sort_order: (k + 1) * 10 }));
    setRows(renumbered);
    const changed = renumbered.filter((x, k) => x.sort_order !== rows[k]?.sort_order || x.id !== rows[k]?.id);
    const results = await Promise.all(
      changed.map((x) => db.from('activities').update({ sort_order: x.sort_order }).eq('id', x.id)),
    );
    const failed = results.find((res) => res.error);
    if (failed) {
      explain(failed.error);
      void load();
    }
  };

  const openEditor = (r: Activity | 'new') => {
    setEditing(r);
    form.resetFields();
    if (r === 'new') {
      form.setFieldsValue({
        category: 'food',
        latitude: customer?.latitude,
        longitude: customer?.longitude,
        published: false,
        opening_hours: fromJson(null),
        photos: [],
      });
      return;
    }
    form.setFieldsValue({
      ...toFields('title', r.title),
      ...toFields('description', r.description),
      ...toFields('offer', r.guest_offer),
      slug: r.slug,
      category: r.category,
      latitude: r.latitude,
      longitude: r.longitude,
      address: r.address ?? '',
      address_local: r.address_local ?? '',
      phone: r.phone ?? '',
      website: r.website ?? '',
      price_level: r.price_level,
      is_partner: r.is_partner,
      commission_pct: r.commission_rate === null ? null : Math.round(Number(r.commission_rate) * 1000) / 10,
      published: r.published,
      opening_hours: fromJson(r.opening_hours),
      photos: r.photos,
    });
  };

  const save = async (v: FormValues) => {
    const payload: Omit<TablesInsert<'activities'>, 'customer_id'> = {
      slug: v.slug,
      category: v.category as Activity['category'],
      title: fromFields('title', v),
      description: fromFields('description', v),
      latitude: v.latitude,
      longitude: v.longitude,
      address: v.address?.trim() || null,
      address_local: v.address_local?.trim() || null,
      phone: v.phone?.trim() || null,
      website: v.website?.trim() || null,
      price_level: v.price_level ?? null,
      is_partner: !!v.is_partner,
      guest_offer: v.is_partner ? fromFields('offer', v) : null,
      published: !!v.published,
      opening_hours: toJson(v.opening_hours),
      photos: v.photos ?? [],
    };
    setBusy('form');
    const res =
      editing === 'new'
        ? await db
            .from('activities')
            .insert({ ...payload, customer_id: customerId, sort_order: (rows.length + 1) * 10 })
        : await db
            .from('activities')
            .update(payload)
            .eq('id', (editing as Activity).id);
    setBusy(null);
    if (res.error) return explain(res.error);
    toast.success(t('recs.saved'));
    setEditing(null);
    void load();
  };

  const exportCsv = () => {
    const data: CsvRow[] = rows.map((r) => ({
      slug: r.slug,
      category: r.category,
      ...toFields('title', r.title),
      ...toFields('description', r.description),
      latitude: String(r.latitude),
      longitude: String(r.longitude),
      address: r.address ?? '',
      address_local: r.address_local ?? '',
      phone: r.phone ?? '',
      website: r.website ?? '',
      price_level: r.price_level ? String(r.price_level) : '',
      published: r.published ? 'true' : 'false',
    }));
    downloadBlob(`${customerId}-recommendations.csv`, new Blob([toCsv(data)], { type: 'text/csv;charset=utf-8' }));
  };

  const importCsv = async (file: File) => {
    const result = validateImport(await file.text());
    setReport(result);
    const valid = result.rows.filter((r) => r.value);
    if (result.headerErrors.length || valid.length === 0) return;
    setBusy('import');
    let n = rows.length;
    const outcome: ImportRow[] = [];
    for (const r of result.rows) {
      if (!r.value) {
        outcome.push(r);
        continue;
      }
      n += 1;
      const before = rows.find((x) => x.slug === r.value!.slug);
      const { error } = await db.from('activities').upsert(
        {
          ...r.value,
          title: mergeImported(before?.title, r.value.title, result.languages.title),
          description: mergeImported(before?.description, r.value.description, result.languages.description),
          category: r.value.category as Activity['category'],
          customer_id: customerId,
          sort_order: n * 10,
        },
        { onConflict: 'customer_id,slug' },
      );
      outcome.push(error ? { ...r, errors: [errorKey(error).replace('errors.', 'db_')] } : r);
    }
    setBusy(null);
    setReport({ rows: outcome, headerErrors: [] });
    void load();
  };

  return (
    <section aria-label={t('recs.title')}>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Typography.Text strong data-testid="allowance">
          {limit === null
            ? t('recs.allowanceUnlimited', { used: published })
            : t('recs.allowance', { used: published, limit })}
        </Typography.Text>
        <Space wrap>
          <Button type="primary" onClick={() => openEditor('new')}>
            {t('recs.add')}
          </Button>
          <Button onClick={exportCsv}>{t('recs.export')}</Button>
          <Upload accept=".csv,text/csv" showUploadList={false} beforeUpload={(f) => (void importCsv(f), false)}>
            <Button loading={busy === 'import'}>{t('recs.import')}</Button>
          </Upload>
        </Space>
      </Space>
      {limit !== null && published >= limit && (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('recs.limitReached', { limit })} />
      )}
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('recs.search')}
          aria-label={t('recs.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          style={{ width: 240 }}
        />
        <Select
          allowClear
          placeholder={t('recs.category')}
          aria-label={t('recs.category')}
          value={category}
          onChange={setCategory}
          style={{ width: 180 }}
          options={CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))}
        />
        <Select
          aria-label={t('recs.status')}
          value={status}
          onChange={setStatus}
          style={{ width: 160 }}
          options={[
            { value: 'all', label: t('recs.all') },
            { value: 'published', label: t('recs.published') },
            { value: 'draft', label: t('recs.draft') },
          ]}
        />
        <MissingFilterSelect value={missing} onChange={setMissing} />
      </Space>
      <Table<Activity>
        size="small"
        rowKey="id"
        loading={loading}
        dataSource={visible}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        scroll={{ x: true }}
        columns={[
          {
            title: t('recs.order'),
            key: 'order',
            width: 90,
            render: (_, r) => (
              <Space size={2}>
                <Button
                  size="small"
                  aria-label={t('recs.moveUp', { name: pickText(r.title, locale) })}
                  onClick={() => void move(r, -1)}
                >
                  ↑
                </Button>
                <Button
                  size="small"
                  aria-label={t('recs.moveDown', { name: pickText(r.title, locale) })}
                  onClick={() => void move(r, 1)}
                >
                  ↓
                </Button>
              </Space>
            ),
          },
          {
            title: t('recs.name'),
            key: 'title',
            sorter: (a, b) => pickText(a.title, locale).localeCompare(pickText(b.title, locale), locale),
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <Typography.Link onClick={() => openEditor(r)}>{pickText(r.title, locale)}</Typography.Link>
                {r.is_partner && <Tag color="gold">{t('recs.partner')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('recs.translations'),
            key: 'translations',
            render: (_, r) => <MissingBadges missing={lacking(r)} />,
          },
          {
            title: t('recs.category'),
            dataIndex: 'category',
            sorter: (a, b) => a.category.localeCompare(b.category),
            render: (c: string) => t(`categories.${c}`),
          },
          {
            title: t('recs.published'),
            key: 'published',
            sorter: (a, b) => Number(a.published) - Number(b.published),
            render: (_, r) => (
              <Switch
                checked={r.published}
                loading={busy === r.id}
                aria-label={t('recs.publishToggle', { name: pickText(r.title, locale) })}
                onChange={(on) => void setPublished(r, on)}
              />
            ),
          },
        ]}
      />
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('recs.add') : t('recs.edit')}
        size="large"
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)} requiredMark>
          <Form.Item
            name="title_en"
            label={t('recs.titleEn')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 120 }]}
          >
            <Input onChange={(e) => editing === 'new' && form.setFieldValue('slug', slugify(e.target.value))} />
          </Form.Item>
          <LanguageFields field="title" max={120} />
          <Form.Item
            name="slug"
            label={t('recs.slug')}
            rules={[
              { required: true, message: t('form.required') },
              { pattern: /^[a-z0-9]+(-[a-z0-9]+)*$/, message: t('form.slug') },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="category"
            label={t('recs.category')}
            rules={[{ required: true, message: t('form.required') }]}
          >
            <Select options={CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />
          </Form.Item>
          <Form.Item name="description_en" label={t('recs.descriptionEn')} rules={[{ max: 2000 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <LanguageFields field="description" max={2000} multiline />
          <Space wrap>
            <Form.Item
              name="latitude"
              label={t('recs.latitude')}
              rules={[
                { required: true, message: t('form.required') },
                { type: 'number', min: -90, max: 90, message: t('form.latitude') },
              ]}
            >
              <InputNumber step={0.0001} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item
              name="longitude"
              label={t('recs.longitude')}
              rules={[
                { required: true, message: t('form.required') },
                { type: 'number', min: -180, max: 180, message: t('form.longitude') },
              ]}
            >
              <InputNumber step={0.0001} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="price_level" label={t('recs.priceLevel')} rules={[{ type: 'number', min: 1, max: 4 }]}>
              <InputNumber min={1} max={4} />
            </Form.Item>
          </Space>
          <FormMapPicker
            form={form}
            mode="marker"
            label={t('recs.mapLabel')}
            hint={t('recs.mapHint')}
            fallbackCenter={{ latitude: customer?.latitude ?? 0, longitude: customer?.longitude ?? 0 }}
            fallbackZoom={customer?.zoom ?? 15}
          />
          <Form.Item
            name="opening_hours"
            label={t('hours.title')}
            rules={[
              {
                validator: (_, h?: Hours) =>
                  !h || validate(h).length === 0 ? Promise.resolve() : Promise.reject(new Error(t('hours.invalid'))),
              },
            ]}
          >
            <OpeningHoursEditor />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.slug !== b.slug}>
            {() => (
              <Form.Item name="photos" label={t('recs.photos')}>
                <PhotosField name={form.getFieldValue('slug') as string} />
              </Form.Item>
            )}
          </Form.Item>
          <Form.Item name="address" label={t('recs.address')} rules={[{ max: 300 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="address_local" label={t('recs.addressLocal')} rules={[{ max: 300 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="phone" label={t('recs.phone')} rules={[{ max: 40 }]}>
            <Input inputMode="tel" />
          </Form.Item>
          <Form.Item
            name="website"
            label={t('recs.website')}
            rules={[
              { type: 'url', message: t('form.url') },
              { pattern: /^https?:\/\//, message: t('form.url') },
            ]}
          >
            <Input inputMode="url" />
          </Form.Item>
          <Form.Item name="is_partner" valuePropName="checked">
            <Checkbox>{t('recs.isPartner')}</Checkbox>
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.is_partner !== b.is_partner}>
            {() =>
              form.getFieldValue('is_partner') ? (
                <>
                  {/* The rate is agreed with the partner (Rewards tab: propose, accept, history); here it is only shown. */}
                  <Form.Item label={t('recs.commission')} extra={t('recs.commissionAgreed')}>
                    <Typography.Text data-testid="recs-rate-in-force">
                      {form.getFieldValue('commission_pct') == null
                        ? t('commission.none')
                        : `${form.getFieldValue('commission_pct') as number} %`}
                    </Typography.Text>
                  </Form.Item>
                  <Form.Item name="offer_en" label={t('recs.offerEn')} rules={[{ max: 200 }]}>
                    <Input />
                  </Form.Item>
                  <LanguageFields field="offer" max={200} />
                </>
              ) : null
            }
          </Form.Item>
          <Form.Item name="published" valuePropName="checked">
            <Checkbox>{t('recs.publishNow')}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy === 'form'}>
            {t('form.save')}
          </Button>
        </Form>
      </Drawer>
      <Modal
        open={report !== null}
        onCancel={() => setReport(null)}
        onOk={() => setReport(null)}
        title={t('csv.report')}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        {report?.headerErrors.map((e) => (
          <Alert
            key={e}
            type="error"
            title={t('csv.missingColumn', { column: e.split(':')[1] })}
            style={{ marginBottom: 8 }}
          />
        ))}
        {report && report.headerErrors.length === 0 && (
          <>
            <Typography.Paragraph>
              {t('csv.summary', {
                ok: report.rows.filter((r) => r.errors.length === 0).length,
                failed: report.rows.filter((r) => r.errors.length > 0).length,
              })}
            </Typography.Paragraph>
            <ul aria-label={t('csv.report')}>
              {report.rows
                .filter((r) => r.errors.length)
                .map((r) => (
                  <li key={r.line}>
                    {t('csv.line', { line: r.line })}:{' '}
                    {r.errors.map((e) => t(`csv.${e}`, { defaultValue: t('errors.unexpected') })).join(', ')}
                  </li>
                ))}
            </ul>
          </>
        )}
        <Typography.Text type="secondary">{t('csv.columns', { columns: CSV_COLUMNS.join(', ') })}</Typography.Text>
      </Modal>
    </section>
  );
}
