// Rewards for the hotel's guests: campaigns (scratch card, fortune wheel) and their prizes with the
// odds each weight gives. Every write goes through the database's RPCs (one call = all or nothing).
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Database, Json, Tables } from '@guestmap/shared-ui/database';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { odds, oddsWith } from '../utils/odds.ts';
import { Ledger } from './ledger.tsx';
import { Commission } from './commission.tsx';
import { usePartners } from '../hooks/use-partners.ts';

type Customer = Tables<'customers'>;
type Campaign = Tables<'reward_campaigns'>;
type Prize = Database['public']['Functions']['list_reward_prizes']['Returns'][number];

interface CampaignValues {
  kind: 'scratch_card' | 'fortune_wheel';
  title_en: string;
  title_vi?: string;
  title_fr?: string;
  active: boolean;
  daily_limit: number;
  starts?: string;
  ends?: string;
}

interface PrizeValues {
  kind: 'points' | 'voucher' | 'nothing';
  label_en: string;
  label_vi?: string;
  label_fr?: string;
  points?: number | null;
  activity_id?: string | null;
  discount_pct?: number | null;
  valid_days?: number | null;
  weight: number;
  stock?: number | null;
}

const DAY = 86_400_000;
const text = (v: Json | null | undefined, l: string) =>
  v && typeof v === 'object' && !Array.isArray(v) ? String((v as Record<string, unknown>)[l] ?? '') : '';
const texts = (o: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v && v.trim())
      .map(([k, v]) => [k, v!.trim()]),
  );
/** Campaign dates are whole UTC days (the daily limit counts UTC days too); the end day is included. */
const toStart = (d?: string) => (d ? `${d}T00:00:00.000Z` : null);
const toEnd = (d?: string) => (d ? new Date(Date.parse(`${d}T00:00:00.000Z`) + DAY).toISOString() : null);
const fromStart = (ts: string | null) => (ts ? ts.slice(0, 10) : undefined);
const fromEnd = (ts: string | null) => (ts ? new Date(Date.parse(ts) - DAY).toISOString().slice(0, 10) : undefined);
const integer = { type: 'integer' as const };

export function Rewards({ customer }: { customer: Customer }) {
  const { t } = useTranslation('dashboard');
  const { locale, toast } = usePlatform();
  const db = useDb();
  const partners = usePartners(customer.id);
  const [campaigns, setCampaigns] = useState<Campaign[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [prizes, setPrizes] = useState<Prize[] | null>(null);
  const [editCampaign, setEditCampaign] = useState<Campaign | 'new' | null>(null);
  const [editPrize, setEditPrize] = useState<Prize | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [campaignForm] = Form.useForm<CampaignValues>();
  const [prizeForm] = Form.useForm<PrizeValues>();
  const campaignKind = Form.useWatch('kind', campaignForm);
  const prizeKind = Form.useWatch('kind', prizeForm);
  const weight = Form.useWatch('weight', prizeForm);
  const stock = Form.useWatch('stock', prizeForm);

  const loadCampaigns = useCallback(async () => {
    const { data, error } = await db
      .from('reward_campaigns')
      .select('*')
      .eq('customer_id', customer.id)
      .order('created_at');
    if (error) return toast.error(t(errorKey(error)));
    setCampaigns(data);
    setSelected((s) => s ?? data[0]?.id ?? null);
  }, [db, customer.id, toast, t]);
  const loadPrizes = useCallback(async () => {
    if (!selected) return setPrizes(null);
    const { data, error } = await db.rpc('list_reward_prizes', { p_campaign_id: selected });
    if (error) return toast.error(t(errorKey(error)));
    setPrizes([...data].sort((a, b) => a.sort_order - b.sort_order || a.created_at.localeCompare(b.created_at)));
  }, [db, selected, toast, t]);
  useEffect(() => {
    void loadCampaigns();
  }, [loadCampaigns]);
  useEffect(() => {
    void loadPrizes();
  }, [loadPrizes]);

  const partnerName = useCallback(
    (id: string | null) => pickText(partners.find((p) => p.id === id)?.title, locale) || '',
    [partners, locale],
  );
  const pct = useCallback(
    (v: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(v / 100),
    [locale],
  );
  const chances = useMemo(() => odds(prizes ?? []), [prizes]);
  const current = campaigns?.find((c) => c.id === selected) ?? null;

  const openCampaign = (c: Campaign | 'new') => {
    setEditCampaign(c);
    campaignForm.resetFields();
    campaignForm.setFieldsValue(
      c === 'new'
        ? { kind: 'scratch_card', active: true, daily_limit: 1 }
        : {
            kind: c.kind,
            title_en: text(c.title, 'en'),
            title_vi: text(c.title, 'vi'),
            title_fr: text(c.title, 'fr'),
            active: c.active,
            daily_limit: c.daily_limit,
            starts: fromStart(c.starts_at),
            ends: fromEnd(c.ends_at),
          },
    );
  };
  const saveCampaign = async (v: CampaignValues) => {
    setBusy(true);
    const { data, error } = await db.rpc('upsert_reward_campaign', {
      p_id: (editCampaign === 'new' ? null : editCampaign?.id) as string,
      p_customer_id: customer.id,
      p_kind: v.kind,
      p_title: texts({ en: v.title_en, vi: v.title_vi, fr: v.title_fr }),
      p_active: v.active,
      p_daily_limit: v.kind === 'scratch_card' ? 1 : v.daily_limit,
      p_starts_at: toStart(v.starts) as string,
      p_ends_at: toEnd(v.ends) as string,
    });
    setBusy(false);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('rewards.campaignSaved'));
    setEditCampaign(null);
    setSelected(data.id);
    void loadCampaigns();
  };

  const openPrize = (p: Prize | 'new') => {
    setEditPrize(p);
    prizeForm.resetFields();
    prizeForm.setFieldsValue(
      p === 'new'
        ? { kind: 'points', weight: 10, valid_days: 30 }
        : {
            kind: p.kind,
            label_en: text(p.label, 'en'),
            label_vi: text(p.label, 'vi'),
            label_fr: text(p.label, 'fr'),
            points: p.points,
            activity_id: p.activity_id,
            discount_pct: p.discount_pct,
            valid_days: p.valid_days,
            weight: p.weight,
            stock: p.stock,
          },
    );
  };
  const savePrize = async (v: PrizeValues) => {
    if (!selected) return;
    const isNew = editPrize === 'new';
    setBusy(true);
    const { error } = await db.rpc('upsert_reward_prize', {
      p_id: (isNew ? null : (editPrize as Prize).id) as string,
      p_campaign_id: selected,
      p_kind: v.kind,
      p_label: texts({ en: v.label_en, vi: v.label_vi, fr: v.label_fr }),
      p_weight: v.weight,
      p_stock: (v.stock ?? null) as number,
      p_points: (v.kind === 'points' ? v.points : null) as number,
      p_activity_id: (v.kind === 'voucher' ? v.activity_id : null) as string,
      p_discount_pct: (v.kind === 'voucher' ? v.discount_pct : null) as number,
      p_valid_days: v.kind === 'voucher' ? (v.valid_days ?? 30) : 30,
      p_sort_order: isNew ? ((prizes?.length ?? 0) + 1) * 10 : (editPrize as Prize).sort_order,
    });
    setBusy(false);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('rewards.prizeSaved'));
    setEditPrize(null);
    void loadPrizes();
  };

  const others = (prizes ?? []).filter((p) => editPrize === 'new' || p.id !== (editPrize as Prize | null)?.id);
  const preview =
    typeof weight === 'number' && weight >= 0
      ? oddsWith(others, { weight, stock: typeof stock === 'number' ? stock : null })
      : null;
  const kindLabel = (k: string) => t(`rewards.kinds.${k}`);

  return (
    <section aria-label={t('rewards.title')}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card
          size="small"
          title={t('rewards.campaigns')}
          extra={
            <Button type="primary" onClick={() => openCampaign('new')}>
              {t('rewards.newCampaign')}
            </Button>
          }
          loading={campaigns === null}
        >
          {campaigns?.length === 0 ? (
            <Empty description={t('rewards.noCampaigns')} />
          ) : (
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={campaigns ?? []}
              rowSelection={{
                type: 'radio',
                selectedRowKeys: selected ? [selected] : [],
                onChange: (keys) => setSelected(String(keys[0])),
                columnTitle: t('rewards.show'),
              }}
              columns={[
                {
                  title: t('rewards.campaignTitle'),
                  key: 'title',
                  render: (_: unknown, c: Campaign) => pickText(c.title, locale) || kindLabel(c.kind),
                },
                { title: t('rewards.game'), dataIndex: 'kind', render: (k: string) => kindLabel(k) },
                {
                  title: t('rewards.status'),
                  dataIndex: 'active',
                  render: (a: boolean) => (
                    <Tag color={a ? 'green' : undefined}>{a ? t('rewards.active') : t('rewards.inactive')}</Tag>
                  ),
                },
                { title: t('rewards.dailyLimit'), dataIndex: 'daily_limit', align: 'right' },
                {
                  title: t('rewards.dates'),
                  key: 'dates',
                  render: (_: unknown, c: Campaign) =>
                    [fromStart(c.starts_at) ?? '…', fromEnd(c.ends_at) ?? '…'].join(' → '),
                },
                {
                  title: '',
                  key: 'edit',
                  render: (_: unknown, c: Campaign) => (
                    <Button
                      size="small"
                      onClick={() => openCampaign(c)}
                      aria-label={t('rewards.editCampaignOf', { name: pickText(c.title, locale) || kindLabel(c.kind) })}
                    >
                      {t('rewards.edit')}
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </Card>
        {current && (
          <Card
            size="small"
            title={t('rewards.prizesOf', { name: pickText(current.title, locale) || kindLabel(current.kind) })}
            extra={<Button onClick={() => openPrize('new')}>{t('rewards.addPrize')}</Button>}
            loading={prizes === null}
          >
            <Typography.Paragraph type="secondary">{t('rewards.oddsExplain')}</Typography.Paragraph>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={prizes ?? []}
              locale={{ emptyText: t('rewards.noPrizes') }}
              columns={[
                {
                  title: t('rewards.label'),
                  key: 'label',
                  render: (_: unknown, p: Prize) => pickText(p.label, locale),
                },
                { title: t('rewards.kind'), dataIndex: 'kind', render: (k: string) => t(`rewards.prizeKinds.${k}`) },
                {
                  title: t('rewards.detail'),
                  key: 'detail',
                  render: (_: unknown, p: Prize) =>
                    p.kind === 'points'
                      ? t('rewards.pointsValue', { count: p.points ?? 0 })
                      : p.kind === 'voucher'
                        ? t('rewards.voucherValue', { pct: p.discount_pct ?? '', partner: partnerName(p.activity_id) })
                        : '',
                },
                { title: t('rewards.weight'), dataIndex: 'weight', align: 'right' },
                {
                  title: t('rewards.odds'),
                  key: 'odds',
                  align: 'right',
                  render: (_: unknown, p: Prize, i: number) => (
                    <span data-testid={`odds-${p.id}`}>{pct(chances[i] ?? 0)}</span>
                  ),
                },
                {
                  title: t('rewards.stock'),
                  dataIndex: 'stock',
                  align: 'right',
                  render: (s: number | null) => (s === null ? t('rewards.unlimited') : s),
                },
                {
                  title: '',
                  key: 'edit',
                  render: (_: unknown, p: Prize) => (
                    <Button
                      size="small"
                      onClick={() => openPrize(p)}
                      aria-label={t('rewards.editPrizeOf', { name: pickText(p.label, locale) })}
                    >
                      {t('rewards.edit')}
                    </Button>
                  ),
                },
              ]}
            />
          </Card>
        )}
        <Commission customerId={customer.id} partners={partners} />
        <Ledger customer={customer} partners={partners} />
      </Space>

      <Modal
        open={editCampaign !== null}
        title={editCampaign === 'new' ? t('rewards.newCampaign') : t('rewards.editCampaign')}
        onCancel={() => setEditCampaign(null)}
        footer={null}
        destroyOnHidden
      >
        <Form
          form={campaignForm}
          name="campaign"
          layout="vertical"
          onFinish={(v) => void saveCampaign(v)}
          aria-label={t('rewards.campaignForm')}
        >
          <Form.Item name="kind" label={t('rewards.game')} rules={[{ required: true, message: t('form.required') }]}>
            <Select
              options={['scratch_card', 'fortune_wheel'].map((k) => ({ value: k, label: kindLabel(k) }))}
              onChange={(k) => k === 'scratch_card' && campaignForm.setFieldValue('daily_limit', 1)}
            />
          </Form.Item>
          <Form.Item
            name="title_en"
            label={t('rewards.titleEn')}
            rules={[{ required: true, whitespace: true, message: t('form.required') }, { max: 120 }]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="title_vi" label={t('rewards.titleVi')} rules={[{ max: 120 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="title_fr" label={t('rewards.titleFr')} rules={[{ max: 120 }]}>
            <Input />
          </Form.Item>
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
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('form.save')}
          </Button>
        </Form>
      </Modal>

      <Modal
        open={editPrize !== null}
        title={editPrize === 'new' ? t('rewards.addPrize') : t('rewards.editPrize')}
        onCancel={() => setEditPrize(null)}
        footer={null}
        destroyOnHidden
      >
        <Form
          form={prizeForm}
          name="prize"
          layout="vertical"
          onFinish={(v) => void savePrize(v)}
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
          <Form.Item name="label_vi" label={t('rewards.labelVi')} rules={[{ max: 120 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="label_fr" label={t('rewards.labelFr')} rules={[{ max: 120 }]}>
            <Input />
          </Form.Item>
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
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('form.save')}
          </Button>
        </Form>
      </Modal>
    </section>
  );
}
