// Monthly commission statement: pick a month, one line per partner, totals per currency, CSV export
// and a print view: a copy of the statement rendered straight under <body>, the only thing print CSS
// keeps (the shell's header, the tabs and the buttons are not printed, whatever the shell's layout).
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Card, Select, Space, Table, Typography } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform, useSearchParams } from '@guestmap/shared-ui/contracts';
import { useCustomerId, useDb, errorKey } from '../common/use-db.ts';
import { downloadBlob } from '../common/download.ts';
import { formatMoney } from '../common/money.ts';
import { AMOUNTS, isMonth, recentMonths, statementCsv, totals, type Amount, type StatementLine } from './statement.ts';

const PRINT_CSS = `.gm-print-root { display: none; }
@media print {
  body > *:not(.gm-print-root) { display: none !important; }
  .gm-print-root { display: block; padding: 0 4mm; }
  .gm-print-root .ant-table { font-size: 10pt; }
}`;

interface TableProps {
  lines: StatementLine[] | null;
  labels: Record<Amount, string>;
  money: (v: number, currency: string) => string;
  /** Only the copy on screen carries test ids (the print copy is the same table). */
  testIds: boolean;
}

function StatementTable({ lines, labels, money, testIds }: TableProps) {
  const { t } = useTranslation('dashboard');
  const sums = lines ? totals(lines) : [];
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.activity_id}-${r.currency}`}
      pagination={false}
      scroll={testIds ? { x: true } : undefined}
      dataSource={lines ?? []}
      locale={{ emptyText: t('statements.empty') }}
      columns={[
        { title: t('statements.partner'), dataIndex: 'partner' },
        { title: t('statements.transactions'), dataIndex: 'transactions', align: 'right' },
        ...AMOUNTS.map((a) => ({ title: labels[a], key: a, align: 'right' as const, render: (_: unknown, r: StatementLine) => money(r[a], r.currency) })),
      ]}
      summary={() =>
        sums.map((s) => (
          <Table.Summary.Row key={s.currency} data-testid={testIds ? `statement-total-${s.currency}` : undefined}>
            <Table.Summary.Cell index={0}><strong>{t('statements.total', { currency: s.currency })}</strong></Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right"><strong>{s.transactions}</strong></Table.Summary.Cell>
            {AMOUNTS.map((a, i) => (
              <Table.Summary.Cell key={a} index={i + 2} align="right">
                <strong data-testid={testIds ? `total-${a}` : undefined}>{money(s[a], s.currency)}</strong>
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ))
      }
    />
  );
}

export function Statements({ customerName }: { customerName: string }) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const db = useDb();
  const customerId = useCustomerId();
  const [params, setParams] = useSearchParams();
  const months = useMemo(() => recentMonths(24), []);
  const asked = params.get('month');
  const month = isMonth(asked) ? asked : months[0]!;
  const shown = params.get('tab') === 'statements';
  const [lines, setLines] = useState<StatementLine[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setLines(null);
    setError(null);
    void db.rpc('monthly_statement', { p_customer_id: customerId, p_month: `${month}-01` }).then(({ data, error: e }) => {
      if (!live) return;
      if (e) return setError(errorKey(e));
      setLines((data ?? []).map((r) => ({ ...r, partner: pickText(r.activity_title, locale) || r.activity_id })).sort((a, b) => a.partner.localeCompare(b.partner, locale)));
    });
    return () => {
      live = false;
    };
  }, [db, customerId, month, locale]);

  const monthLabel = (m: string) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${m}-01T00:00:00Z`));
  const money = (v: number, currency: string) => formatMoney(v, currency, locale);
  const labels: Record<Amount, string> = {
    gross_minor: t('statements.gross'),
    commission_minor: t('statements.commission'),
    hotel_share_minor: t('statements.hotelShare'),
    platform_fee_minor: t('statements.platformFee'),
    reinvestment_minor: t('statements.reinvestment'),
    net_to_hotel_minor: t('statements.net'),
  };

  const exportCsv = () => {
    if (!lines) return;
    downloadBlob(`${customerId}-statement-${month}.csv`, new Blob([statementCsv(month, lines)], { type: 'text/csv;charset=utf-8' }));
  };

  const table = (testIds: boolean) => <StatementTable lines={lines} labels={labels} money={money} testIds={testIds} />;

  return (
    <section aria-label={t('statements.title')}>
      {/* Only while this tab is shown: a kept-alive hidden tab must not take over printing (the QR poster prints too). */}
      {shown && <style>{PRINT_CSS}</style>}
      {shown && createPortal(
        <div className="gm-print-root" data-testid="statement-print">
          <Typography.Title level={2}>{t('statements.printHeading', { name: customerName, month: monthLabel(month) })}</Typography.Title>
          <Typography.Paragraph>{t('statements.explain')}</Typography.Paragraph>
          {table(false)}
        </div>,
        document.body,
      )}
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text strong id="statement-month">{t('statements.month')}</Typography.Text>
        <Select
          aria-labelledby="statement-month"
          value={month}
          style={{ width: 220 }}
          onChange={(m) => setParams((p) => (p.set('month', m), p), { replace: true })}
          options={(months.includes(month) ? months : [month, ...months]).map((m) => ({ value: m, label: monthLabel(m) }))}
        />
        <Button onClick={exportCsv} disabled={!lines || lines.length === 0}>{t('statements.csv')}</Button>
        <Button onClick={() => window.print()} disabled={!lines}>{t('statements.print')}</Button>
      </Space>
      {error && <Alert type="error" showIcon title={t(error)} />}
      <Card size="small" title={t('statements.heading', { month: monthLabel(month) })} loading={!lines && !error}>
        <Typography.Paragraph type="secondary">{t('statements.explain')}</Typography.Paragraph>
        {table(true)}
      </Card>
    </section>
  );
}
