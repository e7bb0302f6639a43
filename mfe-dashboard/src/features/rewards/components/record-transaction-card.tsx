// A sale the hotel types in: partner, amount in major units of the chosen currency (checked as the database
// checks it), currency. Recorded as pending until the partner confirms it.
import { Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useLiveStaffLinks } from '../hooks/rewards-data.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useCurrencies } from '../../../lib/currencies.ts';
import { useRecordTransaction, type TxnValues } from '../hooks/use-record-transaction.ts';
import { amountOf } from '../utils/amount.ts';

export function RecordTransactionCard({
  customerId,
  partnerOptions,
  onRecorded,
}: {
  customerId: string;
  partnerOptions: { value: string; label: string }[];
  onRecorded: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const [txnForm] = Form.useForm<TxnValues>();
  const currencies = useCurrencies();
  const txnCode = (Form.useWatch('currency', txnForm) as string | undefined) ?? 'VND';
  const txnCurrency = currencies?.find((c) => c.code === txnCode);
  // The staff member who made the sale (optional): a typed sale has no guest whose visit could credit one.
  const staff = useLiveStaffLinks(customerId);
  const { busy, record } = useRecordTransaction(customerId, currencies, () => {
    txnForm.resetFields(['amount']);
    onRecorded();
  });
  return (
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
                        max: txnCurrency ? formatMoney(txnCurrency.max_amount_minor, txnCurrency.code, locale) : '',
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
        {staff.length > 0 && (
          <Form.Item name="staff_link_id" label={t('staff.soldBy')}>
            <Select
              allowClear
              style={{ maxWidth: 320 }}
              placeholder={t('staff.soldByNone')}
              options={staff.map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('ledger.record')}
        </Button>
      </Form>
    </Card>
  );
}
