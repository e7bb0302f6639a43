// What guests and partners did: recent plays, vouchers redeemed and partner transactions; a
// moderator can record a transaction by hand (a fresh idempotency key per submission, so a retry of
// the same submission is one transaction) and set a partner's PIN for voucher redemptions.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Json, Tables } from '@guestmap/shared-ui/database';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { formatMoney, parseMajor } from '../../../lib/money.ts';
import { useCurrencies, type Currency } from '../../../lib/currencies.ts';
import type { Partner } from '../hooks/use-partners.ts';

type Customer = Tables<'customers'>;
type Play = Pick<Tables<'reward_plays'>, 'id' | 'label' | 'prize_kind' | 'points' | 'played_at'>;
type Redemption = Pick<Tables<'vouchers'>, 'id' | 'code' | 'discount_pct' | 'redeemed_at'> & {
  activities: { title: Json } | null;
};
type Txn = Pick<
  Tables<'partner_transactions'>,
  'id' | 'amount_minor' | 'currency' | 'commission_minor' | 'hotel_share_minor' | 'created_by' | 'created_at'
> & {
  activities: { title: Json } | null;
  status: 'confirmed' | 'pending' | 'disputed';
  dispute_reason: string | null;
};

const RECENT = 20;
export const STATUS_COLOUR = { confirmed: 'green', pending: 'gold', disputed: 'red' } as const;

/** The typed amount in minor units of the chosen currency, or the message key that says why not. */
function amountOf(text: string | undefined, currency: Currency | undefined): { minor: number } | { problem: string } {
  if (!currency) return { problem: 'errors.invalid_currency' };
  const r = parseMajor(text ?? '', currency.minor_units, currency.max_amount_minor);
  return 'minor' in r ? r : { problem: `money.${r.problem}` };
}

/** A card with the latest rows of one kind (null while loading). */
function Recent<T extends { id: string }>({
  title,
  rows,
  empty,
  columns,
}: {
  title: string;
  rows: T[] | null;
  empty: string;
  columns: TableColumnsType<T>;
}) {
  return (
    <Card size="small" title={title} loading={rows === null}>
      <Table<T>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: true }}
        dataSource={rows ?? []}
        locale={{ emptyText: empty }}
        columns={columns}
      />
    </Card>
  );
}

export function Ledger({ customer, partners }: { customer: Customer; partners: Partner[] }) {
  const { t } = useTranslation('dashboard');
  const { locale, toast } = usePlatform();
  const db = useDb();
  const [plays, setPlays] = useState<Play[] | null>(null);
  const [redemptions, setRedemptions] = useState<Redemption[] | null>(null);
  const [txns, setTxns] = useState<Txn[] | null>(null);
  const [busy, setBusy] = useState<'txn' | 'pin' | null>(null);
  const [txnForm] = Form.useForm<{ activity_id: string; amount: string; currency: string }>();
  const currencies = useCurrencies();
  const [pinForm] = Form.useForm<{ activity_id: string; pin: string }>();
  const txnCode = (Form.useWatch('currency', txnForm) as string | undefined) ?? 'VND';
  const txnCurrency = currencies?.find((c) => c.code === txnCode);
  // One key per submission: kept while a submission is in flight, renewed once it has an answer.
  const key = useRef<string | null>(null);

  const load = useCallback(async () => {
    const [p, r, x] = await Promise.all([
      db
        .from('reward_plays')
        .select('id, label, prize_kind, points, played_at')
        .eq('customer_id', customer.id)
        .order('played_at', { ascending: false })
        .limit(RECENT),
      db
        .from('vouchers')
        .select('id, code, discount_pct, redeemed_at, activities(title)')
        .eq('customer_id', customer.id)
        .not('redeemed_at', 'is', null)
        .order('redeemed_at', { ascending: false })
        .limit(RECENT),
      db
        .from('partner_transactions')
        .select(
          'id, amount_minor, currency, commission_minor, hotel_share_minor, created_by, created_at, status, dispute_reason, activities(title)' as 'id, amount_minor, currency, commission_minor, hotel_share_minor, created_by, created_at, activities(title)',
        )
        .eq('customer_id', customer.id)
        .order('created_at', { ascending: false })
        .limit(RECENT),
    ]);
    const failed = [p, r, x].find((res) => res.error);
    if (failed) toast.error(t(errorKey(failed.error)));
    setPlays(p.data ?? []);
    setRedemptions((r.data ?? []) as Redemption[]);
    setTxns((x.data ?? []) as Txn[]);
  }, [db, customer.id, toast, t]);
  useEffect(() => {
    void load();
  }, [load]);

  const when = (ts: string | null) =>
    ts ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ts)) : '';
  const partnerOptions = partners.map((p) => ({ value: p.id, label: pickText(p.title, locale) }));

  const record = async (v: { activity_id: string; amount: string; currency: string }) => {
    if (busy) return;
    const amount = amountOf(
      v.amount,
      currencies?.find((c) => c.code === v.currency),
    );
    if (!('minor' in amount)) return;
    key.current ??= crypto.randomUUID();
    setBusy('txn');
    const { data, error } = await db.rpc('record_partner_transaction', {
      p_customer_id: customer.id,
      p_activity_id: v.activity_id,
      p_amount_minor: amount.minor,
      p_currency: v.currency,
      p_idempotency_key: key.current,
    });
    setBusy(null);
    if (error) {
      // A network failure may have stored it: the same key on a retry returns that transaction.
      if (errorKey(error) !== 'errors.network') key.current = null;
      return toast.error(t(errorKey(error)));
    }
    key.current = null;
    const res = data as { hotel_share_minor: number; currency: string };
    toast.success(t('ledger.recorded', { share: formatMoney(res.hotel_share_minor, res.currency, locale) }));
    txnForm.resetFields(['amount']);
    void load();
  };

  const setPin = async (v: { activity_id: string; pin: string }) => {
    setBusy('pin');
    const { error } = await db.rpc('set_partner_pin', { p_activity_id: v.activity_id, p_pin: v.pin });
    setBusy(null);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('ledger.pinSaved'));
    pinForm.resetFields(['pin']);
  };

  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('ledger.recordTitle')}>
            <Typography.Paragraph type="secondary">{t('ledger.pendingExplain')}</Typography.Paragraph>
            <Form
              form={txnForm}
              name="txn"
              layout="vertical"
              initialValues={{ currency: 'VND' }}
              onFinish={(v) => void record(v)}
              aria-label={t('ledger.recordTitle')}
            >
              <Form.Item
                name="activity_id"
                label={t('rewards.partner')}
                rules={[{ required: true, message: t('rewards.form.partner') }]}
              >
                <Select options={partnerOptions} notFoundContent={t('rewards.noPartners')} />
              </Form.Item>
              <Space wrap align="start">
                <Form.Item
                  name="amount"
                  label={t('ledger.amount')}
                  extra={
                    txnCurrency
                      ? t(txnCurrency.minor_units === 0 ? 'money.hintWhole' : 'money.hintDecimals', {
                          currency: txnCurrency.code,
                          digits: txnCurrency.minor_units,
                          max: formatMoney(txnCurrency.max_amount_minor, txnCurrency.code, locale),
                        })
                      : undefined
                  }
                  dependencies={['currency']}
                  rules={[
                    {
                      validator: (_, value?: string) => {
                        const r = amountOf(value, txnCurrency);
                        if ('minor' in r) return Promise.resolve();
                        return Promise.reject(
                          new Error(
                            t(r.problem, {
                              currency: txnCurrency?.code ?? '',
                              digits: txnCurrency?.minor_units ?? 0,
                              max: txnCurrency
                                ? formatMoney(txnCurrency.max_amount_minor, txnCurrency.code, locale)
                                : '',
                            }),
                          ),
                        );
                      },
                    },
                  ]}
                >
                  <Input style={{ width: 200 }} inputMode="decimal" autoComplete="off" />
                </Form.Item>
                <Form.Item
                  name="currency"
                  label={t('ledger.currency')}
                  rules={[{ required: true, message: t('errors.invalid_currency') }]}
                >
                  <Select
                    style={{ width: 100 }}
                    loading={!currencies}
                    options={(currencies ?? []).map((c) => ({ value: c.code, label: c.code }))}
                  />
                </Form.Item>
              </Space>
              <Button type="primary" htmlType="submit" loading={busy === 'txn'}>
                {t('ledger.record')}
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
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
              <Button htmlType="submit" loading={busy === 'pin'}>
                {t('ledger.setPin')}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
      <Recent
        title={t('ledger.transactions')}
        rows={txns}
        empty={t('ledger.none')}
        columns={[
          { title: t('ledger.when'), dataIndex: 'created_at', render: when },
          {
            title: t('rewards.partner'),
            key: 'partner',
            render: (_: unknown, r: Txn) => pickText(r.activities?.title, locale),
          },
          {
            title: t('statements.gross'),
            key: 'amount',
            align: 'right',
            render: (_: unknown, r: Txn) => formatMoney(r.amount_minor, r.currency, locale),
          },
          {
            title: t('statements.hotelShare'),
            key: 'share',
            align: 'right',
            render: (_: unknown, r: Txn) => formatMoney(r.hotel_share_minor, r.currency, locale),
          },
          {
            title: t('ledger.source'),
            dataIndex: 'created_by',
            render: (by: string | null) => <Tag>{by ? t('ledger.byStaff') : t('ledger.byVoucher')}</Tag>,
          },
          {
            title: t('settlement.status'),
            key: 'status',
            render: (_: unknown, r: Txn) => (
              <span data-testid={`txn-status-${r.id}`}>
                <Tag color={STATUS_COLOUR[r.status] ?? 'default'}>
                  {t(`settlement.itemStatus.${r.status ?? 'confirmed'}`)}
                </Tag>
                {r.dispute_reason && <Typography.Text type="secondary">{r.dispute_reason}</Typography.Text>}
              </span>
            ),
          },
        ]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Recent
            title={t('ledger.plays')}
            rows={plays}
            empty={t('ledger.none')}
            columns={[
              { title: t('ledger.when'), dataIndex: 'played_at', render: when },
              { title: t('rewards.label'), key: 'label', render: (_: unknown, r: Play) => pickText(r.label, locale) },
              {
                title: t('rewards.kind'),
                dataIndex: 'prize_kind',
                render: (k: string) => t(`rewards.prizeKinds.${k}`),
              },
            ]}
          />
        </Col>
        <Col xs={24} lg={12}>
          <Recent
            title={t('ledger.redemptions')}
            rows={redemptions}
            empty={t('ledger.none')}
            columns={[
              { title: t('ledger.when'), dataIndex: 'redeemed_at', render: when },
              { title: t('ledger.code'), dataIndex: 'code' },
              {
                title: t('rewards.partner'),
                key: 'partner',
                render: (_: unknown, r: Redemption) => pickText(r.activities?.title, locale),
              },
            ]}
          />
        </Col>
      </Row>
    </>
  );
}
