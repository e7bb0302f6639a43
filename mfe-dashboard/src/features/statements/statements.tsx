// Monthly commission statement: pick a month, one line per partner, totals per currency, CSV export
// and a print view (print CSS keeps only the statement on the page).
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Card, Select, Space, Table, Typography } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { usePlatform, useSearchParams } from '@guestmap/shared-ui/contracts';
import { useCustomerId, useDb, errorKey } from '../common/use-db.ts';
import { downloadBlob } from '../common/download.ts';
import { formatMoney } from '../common/money.ts';
import { AMOUNTS, isMonth, recentMonths, statementCsv, totals, type Amount, type StatementLine } from './statement.ts';

const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  .gm-statement, .gm-statement * { visibility: visible !important; }
  .gm-statement { position: absolute; inset: 0 auto auto 0; width: 100%; padding: 0 8mm; }
  .gm-statement .gm-no-print { display: none !important; }
}
.gm-statement .gm-print-only { display: none; }
@media print { .gm-statement .gm-print-only { display: block; } }`;

export function Statements({ customerName }: { customerName: string }) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const db = useDb();
  const customerId = useCustomerId();
  const [params, setParams] = useSearchParams();
  const months = useMemo(() => recentMonths(24), []);
  const asked = params.get('month');
  const month = isMonth(asked) ? asked : months[0]!;
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
  const sums = lines ? totals(lines) : [];
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

  return (
    <section aria-label={t('statements.title')} className="gm-statement">
      <style>{PRINT_CSS}</style>
      <div className="gm-print-only">
        <Typography.Title level={2}>{t('statements.printHeading', { name: customerName, month: monthLabel(month) })}</Typography.Title>
      </div>
      <Space wrap className="gm-no-print" style={{ marginBottom: 16 }}>
        <Typography.Text strong id="statement-month">{t('statements.month')}</Typography.Text>
        <Select
          aria-labelledby="statement-month"
          value={month}
          style={{ width: 220 }}
          onChange={(m) => setParams((p) => (p.set('month', m), p), { replace: true })}
          options={months.map((m) => ({ value: m, label: monthLabel(m) }))}
        />
        <Button onClick={exportCsv} disabled={!lines || lines.length === 0}>{t('statements.csv')}</Button>
        <Button onClick={() => window.print()} disabled={!lines}>{t('statements.print')}</Button>
      </Space>
      {error && <Alert type="error" showIcon title={t(error)} />}
      <Card size="small" title={t('statements.heading', { month: monthLabel(month) })} loading={!lines && !error}>
        <Typography.Paragraph type="secondary">{t('statements.explain')}</Typography.Paragraph>
        <Table
          size="small"
          rowKey={(r) => `${r.activity_id}-${r.currency}`}
          pagination={false}
          scroll={{ x: true }}
          dataSource={lines ?? []}
          locale={{ emptyText: t('statements.empty') }}
          columns={[
            { title: t('statements.partner'), dataIndex: 'partner' },
            { title: t('statements.transactions'), dataIndex: 'transactions', align: 'right' },
            ...AMOUNTS.map((a) => ({ title: labels[a], key: a, align: 'right' as const, render: (_: unknown, r: StatementLine) => money(r[a], r.currency) })),
          ]}
          summary={() =>
            sums.map((s) => (
              <Table.Summary.Row key={s.currency} data-testid={`statement-total-${s.currency}`}>
                <Table.Summary.Cell index={0}><strong>{t('statements.total', { currency: s.currency })}</strong></Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right"><strong>{s.transactions}</strong></Table.Summary.Cell>
                {AMOUNTS.map((a, i) => (
                  <Table.Summary.Cell key={a} index={i + 2} align="right">
                    <strong data-testid={`total-${a}`}>{money(s[a], s.currency)}</strong>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ))
          }
        />
      </Card>
    </section>
  );
}
