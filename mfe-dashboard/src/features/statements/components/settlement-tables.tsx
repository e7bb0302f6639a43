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

export function InvoicesTable({ invoices, testIds, fmt, isAdmin, busy, onMarkPaid }: Props & { invoices: Invoice[] }) {
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
        {
          title: t('settlement.status'),
          key: 's',
          render: (_: unknown, r: Invoice) => (
            <span data-testid={testIds ? `invoice-status-${r.id}` : undefined}>
              <PaidTag r={r} when={fmt.when} />
            </span>
          ),
        },
        ...(testIds && isAdmin
          ? [
              {
                title: '',
                key: 'pay',
                render: (_: unknown, r: Invoice) =>
                  r.status === 'open' ? (
                    <Button
                      size="small"
                      loading={busy === r.id}
                      onClick={() => onMarkPaid('invoice', r.id)}
                      aria-label={t('settlement.markInvoicePaid', {
                        partner: fmt.partnerOf(r),
                        reference: r.payment_reference,
                      })}
                    >
                      {t('settlement.markPaid')}
                    </Button>
                  ) : null,
              },
            ]
          : []),
      ]}
    />
  );
}

export function PayoutTable({ payouts, testIds, fmt, isAdmin, busy, onMarkPaid }: Props & { payouts: Payout[] }) {
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
        {
          title: t('settlement.status'),
          key: 's',
          render: (_: unknown, r: Payout) => (
            <span data-testid={testIds ? `payout-status-${r.currency}` : undefined}>
              <PaidTag r={r} when={fmt.when} />
            </span>
          ),
        },
        ...(testIds && isAdmin
          ? [
              {
                title: '',
                key: 'pay',
                render: (_: unknown, r: Payout) =>
                  r.status === 'open' ? (
                    <Button
                      size="small"
                      loading={busy === r.id}
                      onClick={() => onMarkPaid('payout', r.id)}
                      aria-label={t('settlement.markPayoutPaid', { currency: r.currency })}
                    >
                      {t('settlement.markPaid')}
                    </Button>
                  ) : null,
              },
            ]
          : []),
      ]}
    />
  );
}
