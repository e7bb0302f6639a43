// The latest rows of the ledger: partner transactions with their status, plays, redemptions.
import { Card, Col, Row, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { formatMoney } from '../../../lib/money.ts';
import type { Play } from '../api/list-recent-plays.ts';
import type { Redemption } from '../api/list-recent-redemptions.ts';
import type { Txn } from '../api/list-recent-transactions.ts';

export const STATUS_COLOUR = { confirmed: 'green', pending: 'gold', disputed: 'red' } as const;

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

export function RecentTables({
  plays,
  redemptions,
  txns,
}: {
  plays: Play[] | null;
  redemptions: Redemption[] | null;
  txns: Txn[] | null;
}) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const when = (ts: string | null) =>
    ts ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ts)) : '';
  return (
    <>
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
              // Not the code: a voucher code is its guest's bearer secret (issue 41); the hotel sees the state.
              {
                title: t('rewards.discount'),
                dataIndex: 'discount_pct',
                render: (p: number | null) =>
                  p == null ? '' : new Intl.NumberFormat(locale, { style: 'percent' }).format(p / 100),
              },
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
