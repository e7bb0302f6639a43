// The month's settlement: while open, Close month once the month has ended in the hotel's time zone; once
// closed, the invoices and the payout with their CSV and print buttons.
import { Button, Card, Space, Tag, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { StatementFormat } from '../hooks/use-statement-format.ts';
import type { CsvRows } from '../../../lib/csv.ts';
import { invoicesRows, payoutRows, type Settlement } from '../utils/settlement.ts';
import type { Doc } from './statement-print.tsx';
import { InvoicesTable, PayoutTable } from './settlement-tables.tsx';

export function SettlementCard({
  month,
  label,
  settlement,
  error,
  ended,
  fmt,
  isAdmin,
  busy,
  onMarkPaid,
  onClose,
  onCsv,
  onPrint,
}: {
  month: string;
  label: string;
  settlement: Settlement | null;
  error: string | null;
  ended: boolean;
  fmt: StatementFormat;
  isAdmin: boolean;
  busy: string | null;
  onMarkPaid: (kind: 'invoice' | 'payout', id: string) => void;
  onClose: () => void;
  onCsv: (name: string, rows: CsvRows) => void;
  onPrint: (doc: Doc) => void;
}) {
  const { t } = useTranslation('dashboard');
  const closed = settlement?.closed ?? false;
  const docs = { fmt, isAdmin, busy, onMarkPaid };
  return (
    <Card
      size="small"
      style={{ marginTop: 16 }}
      title={t('settlement.title', { month: label })}
      loading={settlement === null && !error}
      extra={
        closed ? (
          <Tag color="blue" data-testid="month-closed">
            {t('settlement.closedAt', { date: fmt.when(settlement?.closed_at ?? null) })}
          </Tag>
        ) : null
      }
    >
      {!closed && (
        <Space direction="vertical">
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {ended ? t('settlement.openEnded') : t('settlement.openRunning')}
          </Typography.Paragraph>
          {ended && (
            <Button type="primary" onClick={onClose}>
              {t('settlement.close')}
            </Button>
          )}
        </Space>
      )}
      {closed && (
        <Space direction="vertical" style={{ width: '100%' }} size={16}>
          <div>
            <Space wrap style={{ marginBottom: 8 }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('settlement.invoices')}
              </Typography.Title>
              <Button
                size="small"
                onClick={() => settlement && onCsv('invoices', invoicesRows(month, settlement.invoices, fmt.partnerOf))}
              >
                {t('settlement.invoicesCsv')}
              </Button>
              <Button size="small" onClick={() => onPrint('invoices')}>
                {t('settlement.invoicesPrint')}
              </Button>
            </Space>
            <Typography.Paragraph type="secondary">{t('settlement.invoicesExplain')}</Typography.Paragraph>
            <InvoicesTable invoices={settlement?.invoices ?? []} testIds {...docs} />
          </div>
          <div>
            <Space wrap style={{ marginBottom: 8 }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('settlement.payouts')}
              </Typography.Title>
              <Button size="small" onClick={() => settlement && onCsv('payout', payoutRows(month, settlement.payouts))}>
                {t('settlement.payoutCsv')}
              </Button>
              <Button size="small" onClick={() => onPrint('payout')}>
                {t('settlement.payoutPrint')}
              </Button>
            </Space>
            <Typography.Paragraph type="secondary">{t('settlement.payoutExplain')}</Typography.Paragraph>
            <PayoutTable payouts={settlement?.payouts ?? []} testIds {...docs} />
          </div>
        </Space>
      )}
    </Card>
  );
}
