// A closed month's documents: the partners' invoices and the hotel's payout, with their paid status and, for
// administrators, Mark paid. The print copy is the same table without test ids and buttons.
import type { HTMLAttributes } from 'react';
import { Button, Table, Tag, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { StatementFormat } from '../hooks/use-statement-format.ts';
import type { Invoice, Payout } from '../utils/settlement.ts';
import { STATUS_COLOUR } from './status-colour.ts';

interface Props {
  testIds: boolean;
  fmt: StatementFormat;
  isAdmin: boolean;
  busy: string | null;
  onMarkPaid: (kind: 'invoice' | 'payout', id: string) => void;
}

export function PaidTag({
  r,
  when,
}: {
  r: { status: string; paid_at: string | null };
  when: (ts: string | null) => string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <span>
      <Tag color={STATUS_COLOUR[r.status]}>{t(`settlement.paidStatus.${r.status}`)}</Tag>
      {r.paid_at && <Typography.Text type="secondary">{when(r.paid_at)}</Typography.Text>}
    </span>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** The last columns of both tables: the paid status and, for administrators (not in the print copy), Mark paid. */
function paidColumns<R extends { id: string; status: string; paid_at: string | null }>(
  kind: 'invoice' | 'payout',
  { testIds, fmt, isAdmin, busy, onMarkPaid }: Props,
  t: T,
  testId: (r: R) => string,
  markLabel: (r: R) => string,
) {
  return [
    {
      title: t('settlement.status'),
      key: 's',
      render: (_: unknown, r: R) => (
        <span data-testid={testIds ? `${kind}-status-${testId(r)}` : undefined}>
          <PaidTag r={r} when={fmt.when} />
        </span>
      ),
    },
    ...(testIds && isAdmin
      ? [
          {
            title: '',
            key: 'pay',
            render: (_: unknown, r: R) =>
              r.status === 'open' ? (
                <Button
                  size="small"
                  loading={busy === r.id}
                  onClick={() => onMarkPaid(kind, r.id)}
                  aria-label={markLabel(r)}
                >
                  {t('settlement.markPaid')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];
}

export function InvoicesTable({ invoices, ...props }: Props & { invoices: Invoice[] }) {
  const { testIds, fmt } = props;
  const { t } = useTranslation('dashboard');
  return (
    <Table<Invoice>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={testIds ? { x: true } : undefined}
      dataSource={invoices}
      locale={{ emptyText: t('settlement.noInvoices') }}
      onRow={(r) => (testIds ? { 'data-testid': `invoice-${r.id}` } : {}) as HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('statements.partner'), key: 'p', render: (_: unknown, r: Invoice) => fmt.partnerOf(r) },
        {
          title: t('settlement.reference'),
          dataIndex: 'payment_reference',
          render: (v: string) => (
            <Typography.Text code copyable={testIds}>
              {v}
            </Typography.Text>
          ),
        },
        {
          title: t('settlement.owed'),
          key: 'a',
          align: 'right',
          render: (_: unknown, r: Invoice) => (
            <span data-testid={testIds ? `invoice-amount-${r.id}` : undefined}>
              {fmt.money(r.commission_minor, r.currency)}
            </span>
          ),
        },
        ...paidColumns<Invoice>(
          'invoice',
          props,
          t,
          (r) => r.id,
          (r) => t('settlement.markInvoicePaid', { partner: props.fmt.partnerOf(r), reference: r.payment_reference }),
        ),
      ]}
    />
  );
}

export function PayoutTable({ payouts, ...props }: Props & { payouts: Payout[] }) {
  const { testIds, fmt } = props;
  const { t } = useTranslation('dashboard');
  return (
    <Table<Payout>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={testIds ? { x: true } : undefined}
      dataSource={payouts}
      locale={{ emptyText: t('settlement.noPayouts') }}
      onRow={(r) => (testIds ? { 'data-testid': `payout-${r.currency}` } : {}) as HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('ledger.currency'), dataIndex: 'currency' },
        {
          title: t('statements.hotelShare'),
          key: 'h',
          align: 'right',
          render: (_: unknown, r: Payout) => (
            <span data-testid={testIds ? `payout-share-${r.currency}` : undefined}>
              {fmt.money(r.hotel_share_minor, r.currency)}
            </span>
          ),
        },
        {
          title: t('statements.reinvestment'),
          key: 'r',
          align: 'right',
          render: (_: unknown, r: Payout) => (
            <span data-testid={testIds ? `payout-reinvestment-${r.currency}` : undefined}>
              {fmt.money(r.reinvestment_minor, r.currency)}
            </span>
          ),
        },
        {
          title: t('settlement.payout'),
          key: 'p',
          align: 'right',
          render: (_: unknown, r: Payout) => (
            <strong data-testid={testIds ? `payout-amount-${r.currency}` : undefined}>
              {fmt.money(r.payout_minor, r.currency)}
            </strong>
          ),
        },
        ...paidColumns<Payout>(
          'payout',
          props,
          t,
          (r) => r.currency,
          (r) => t('settlement.markPayoutPaid', { currency: r.currency }),
        ),
      ]}
    />
  );
}
