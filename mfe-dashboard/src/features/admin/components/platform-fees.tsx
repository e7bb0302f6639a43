// Administrators: the platform's fee (20 % of the commission) of a closed month, by hotel and partner,
// per currency (`platform_fees`). Totals per currency, never mixed. CSV and a printable page, as the
// Statements tab does them.
import { useMemo, useState } from 'react';
import { Button, Card, Select, Space, Table, Typography } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform, useSearchParams } from '@guestmap/shared-ui/contracts';
import { usePlatformFees } from '../hooks/use-platform-fees.ts';
import { formatMoney, sumByCurrency } from '../../../lib/money.ts';
import { useCsvDownload } from '../../../lib/download.ts';
import { PrintCopy, printSoon } from '../../../lib/print.tsx';
import { recentMonths } from '../../../lib/months.ts';
import { platformFeesRows, type PlatformFee as Fee } from '../utils/platform-fees.ts';

export function PlatformFees() {
  const { t } = useTranslation('dashboard');
  const download = useCsvDownload();
  const { locale } = usePlatform();
  const [params] = useSearchParams();
  const shown = params.get('tab') === 'admin';
  const months = useMemo(() => recentMonths(24).slice(1), []);
  const [month, setMonth] = useState(months[0]!);
  const { fees, titles } = usePlatformFees(month);

  const monthLabel = (m: string) =>
    new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${m}-01T00:00:00Z`),
    );
  const partnerOf = (r: Fee) => pickText(titles.get(r.activity_id) ?? null, locale) || r.activity_id;
  const sums = [...sumByCurrency(fees ?? [], (f) => f.platform_fee_minor)].sort(([a], [b]) => a.localeCompare(b));

  const feeTable = (testIds: boolean) => (
    <Table<Fee>
      size="small"
      rowKey={(r) => `${r.customer_id}-${r.activity_id}-${r.currency}`}
      loading={fees === null}
      pagination={false}
      scroll={{ x: true }}
      dataSource={fees ?? []}
      locale={{ emptyText: t('admin.noFees') }}
      columns={[
        { title: t('admin.hotel'), dataIndex: 'customer_id' },
        { title: t('statements.partner'), key: 'p', render: (_: unknown, r: Fee) => partnerOf(r) },
        { title: t('ledger.currency'), dataIndex: 'currency' },
        { title: t('statements.transactions'), dataIndex: 'transactions', align: 'right' },
        {
          title: t('statements.platformFee'),
          key: 'f',
          align: 'right',
          render: (_: unknown, r: Fee) => (
            <span data-testid={testIds ? `fee-${r.customer_id}-${r.activity_id}-${r.currency}` : undefined}>
              {formatMoney(r.platform_fee_minor, r.currency, locale)}
            </span>
          ),
        },
      ]}
      summary={() =>
        sums.map(([currency, v]) => (
          <Table.Summary.Row key={currency}>
            <Table.Summary.Cell index={0} colSpan={4}>
              <strong>{t('statements.total', { currency })}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              <strong data-testid={testIds ? `fees-total-${currency}` : undefined}>
                {formatMoney(v, currency, locale)}
              </strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        ))
      }
    />
  );
  const exportCsv = () => download(`platform-fees-${month}.csv`, platformFeesRows(month, fees ?? [], partnerOf));

  return (
    <Card title={t('admin.fees')}>
      <PrintCopy shown={shown} testId="fees-print">
        <Typography.Title level={2}>{t('admin.feesHeading', { month: monthLabel(month) })}</Typography.Title>
        <Typography.Paragraph>{t('admin.feesExplain')}</Typography.Paragraph>
        {feeTable(false)}
      </PrintCopy>
      <Space wrap style={{ marginBottom: 12 }}>
        <Typography.Text strong id="fees-month">
          {t('statements.month')}
        </Typography.Text>
        <Select
          aria-labelledby="fees-month"
          value={month}
          style={{ width: 220 }}
          onChange={setMonth}
          options={months.map((m) => ({ value: m, label: monthLabel(m) }))}
        />
        <Button onClick={exportCsv} disabled={!fees || fees.length === 0}>
          {t('admin.feesCsv')}
        </Button>
        <Button onClick={printSoon} disabled={!fees}>
          {t('admin.feesPrint')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('admin.feesExplain')}</Typography.Paragraph>
      {feeTable(true)}
    </Card>
  );
}
