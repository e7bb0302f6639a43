// The confirmed totals of the month: one line per partner and currency, a total per currency.
import { Table } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { AMOUNTS, totals, type Amount, type StatementLine } from '../utils/statement.ts';

interface TableProps {
  lines: StatementLine[] | null;
  labels: Record<Amount, string>;
  money: (v: number, currency: string) => string;
  /** Only the copy on screen carries test ids (the print copy is the same table). */
  testIds: boolean;
}

export function StatementTable({ lines, labels, money, testIds }: TableProps) {
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
        ...AMOUNTS.map((a) => ({
          title: labels[a],
          key: a,
          align: 'right' as const,
          render: (_: unknown, r: StatementLine) => money(r[a], r.currency),
        })),
      ]}
      summary={() =>
        sums.map((s) => (
          <Table.Summary.Row key={s.currency} data-testid={testIds ? `statement-total-${s.currency}` : undefined}>
            <Table.Summary.Cell index={0}>
              <strong>{t('statements.total', { currency: s.currency })}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <strong>{s.transactions}</strong>
            </Table.Summary.Cell>
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
