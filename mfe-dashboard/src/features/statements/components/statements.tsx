// Monthly commission statement: pick a month; totals of CONFIRMED spend, one line per partner and currency;
// pending and disputed items listed apart (not in any total); "Close month" once the month has ended in
// the hotel's time zone; a closed month's settlement: per partner invoices, the hotel's payout, "Mark
// paid" for administrators. CSV and a printable page for each document (statement, invoices, payout):
// the chosen document is rendered straight under <body>, the only thing print CSS keeps (the shell's
// header, the tabs and the buttons are not printed, whatever the shell's layout).
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Modal, Select, Space, Typography } from 'antd';
import type { Tables } from '@guestmap/shared-ui/database';
import { useTranslation, usePlatform, useSearchParams } from '@guestmap/shared-ui/contracts';
import { useCustomerId } from '../../../lib/use-db.ts';
import { useCsvDownload } from '../../../lib/download.ts';
import type { CsvRows } from '../../../lib/csv.ts';
import { PrintCopy, printSoon } from '../../../lib/print.tsx';
import { isMonth, monthLabel, recentMonths } from '../../../lib/months.ts';
import { useMonthStatement } from '../hooks/use-month-statement.ts';
import { useSettlementActions } from '../hooks/use-settlement-actions.ts';
import { useStatementFormat } from '../hooks/use-statement-format.ts';
import { statementRows } from '../utils/statement.ts';
import { monthHasEnded } from '../utils/settlement.ts';
import { StatementTable } from './statement-table.tsx';
import { ApartTable } from './apart-table.tsx';
import { SettlementCard } from './settlement-card.tsx';
import { StatementPrint, type Doc } from './statement-print.tsx';

type Customer = Tables<'customers'>;

export function Statements({ customer }: { customer: Customer }) {
  const { t } = useTranslation('dashboard');
  const { locale, profile } = usePlatform();
  const customerId = useCustomerId();
  const [params, setParams] = useSearchParams();
  const months = useMemo(() => recentMonths(24), []);
  const asked = params.get('month');
  const month = isMonth(asked) ? asked : months[0]!;
  const shown = params.get('tab') === 'statements';
  const label = monthLabel(month, locale);
  const [printing, setPrinting] = useState<Doc>('statement');
  const { lines, items, settlement, error, refresh } = useMonthStatement(customerId, month);
  const actions = useSettlementActions(customerId, month, label, refresh);
  const fmt = useStatementFormat(lines);
  const timeZone = (customer as Customer & { time_zone?: string }).time_zone ?? 'UTC';

  // Another month: its statement is what Print prints first.
  useEffect(() => setPrinting('statement'), [month, locale]);

  const download = useCsvDownload();
  const csv = (name: string, rows: CsvRows) => download(`${customerId}-${name}-${month}.csv`, rows);
  const exportCsv = () => {
    if (!lines) return;
    csv(
      'statement',
      statementRows(
        month,
        lines,
        (items ?? []).map((i) => ({ ...i, partner: fmt.partnerOf(i) })),
      ),
    );
  };
  const print = (doc: Doc) => {
    setPrinting(doc);
    // After the print copy of that document is rendered.
    printSoon();
  };

  return (
    <section aria-label={t('statements.title')}>
      {/* Only while this tab is shown: a kept-alive hidden tab must not take over printing (the QR poster prints too). */}
      <PrintCopy shown={shown} testId={printing === 'statement' ? 'statement-print' : `${printing}-print`}>
        <StatementPrint
          printing={printing}
          customer={customer}
          label={label}
          lines={lines}
          items={items}
          settlement={settlement}
          fmt={fmt}
        />
      </PrintCopy>
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text strong id="statement-month">
          {t('statements.month')}
        </Typography.Text>
        <Select
          aria-labelledby="statement-month"
          value={month}
          style={{ width: 220 }}
          onChange={(m) => setParams((p) => (p.set('month', m), p), { replace: true })}
          options={(months.includes(month) ? months : [month, ...months]).map((m) => ({
            value: m,
            label: monthLabel(m, locale),
          }))}
        />
        <Button onClick={exportCsv} disabled={!lines || (lines.length === 0 && (items ?? []).length === 0)}>
          {t('statements.csv')}
        </Button>
        <Button onClick={() => print('statement')} disabled={!lines}>
          {t('statements.print')}
        </Button>
      </Space>
      {error && <Alert type="error" showIcon title={t(error)} />}
      <Card size="small" title={t('statements.heading', { month: label })} loading={!lines && !error}>
        <Typography.Paragraph type="secondary">{t('statements.explain')}</Typography.Paragraph>
        <StatementTable lines={lines} labels={fmt.labels} money={fmt.money} testIds />
      </Card>
      <Card
        size="small"
        title={t('settlement.apartTitle')}
        style={{ marginTop: 16 }}
        loading={!items && !error}
        data-testid="statement-apart"
      >
        <Typography.Paragraph type="secondary">{t('settlement.apartExplain')}</Typography.Paragraph>
        <ApartTable items={items ?? []} when={fmt.when} money={fmt.money} partner={fmt.partnerOf} testIds />
      </Card>
      <SettlementCard
        month={month}
        label={label}
        settlement={settlement}
        error={error}
        ended={monthHasEnded(month, timeZone)}
        fmt={fmt}
        isAdmin={!!profile?.isAdmin}
        busy={actions.busy}
        onMarkPaid={(kind, id) => void actions.markPaid(kind, id)}
        onClose={() => actions.setConfirmClose(true)}
        onCsv={csv}
        onPrint={print}
      />
      <Modal
        open={actions.confirmClose}
        title={t('settlement.confirmTitle', { month: label })}
        okText={t('settlement.close')}
        cancelText={t('form.cancel')}
        confirmLoading={actions.busy === 'close'}
        onOk={() => void actions.closeMonth()}
        onCancel={() => actions.setConfirmClose(false)}
      >
        <Typography.Paragraph>{t('settlement.confirmText')}</Typography.Paragraph>
        {(items ?? []).length > 0 && (
          <Alert type="warning" showIcon title={t('settlement.confirmApart', { count: (items ?? []).length })} />
        )}
      </Modal>
    </section>
  );
}
