// The pending and disputed items of the month, outside every total.
import type { HTMLAttributes } from 'react';
import { Table, Tag } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { HotelStatementItem } from '../utils/settlement.ts';
import { STATUS_COLOUR } from './status-colour.ts';

/** The pending and disputed items of the month, outside every total. */
export function ApartTable({
  items,
  when,
  money,
  partner,
  testIds,
}: {
  items: HotelStatementItem[];
  when: (ts: string | null) => string;
  money: (v: number, c: string) => string;
  partner: (i: { activity_id: string; activity_title?: unknown }) => string;
  testIds: boolean;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Table<HotelStatementItem>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={testIds ? { x: true } : undefined}
      dataSource={items}
      locale={{ emptyText: t('settlement.noApart') }}
      onRow={(r) => (testIds ? { 'data-testid': `apart-${r.id}` } : {}) as HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('ledger.when'), dataIndex: 'created_at', render: when },
        { title: t('statements.partner'), key: 'p', render: (_: unknown, r: HotelStatementItem) => partner(r) },
        {
          title: t('statements.gross'),
          key: 'a',
          align: 'right',
          render: (_: unknown, r: HotelStatementItem) => money(r.amount_minor, r.currency),
        },
        {
          title: t('statements.commission'),
          key: 'c',
          align: 'right',
          render: (_: unknown, r: HotelStatementItem) => money(r.commission_minor, r.currency),
        },
        {
          title: t('settlement.status'),
          key: 's',
          render: (_: unknown, r: HotelStatementItem) => (
            <Tag color={STATUS_COLOUR[r.status]}>{t(`settlement.itemStatus.${r.status}`)}</Tag>
          ),
        },
        { title: t('settlement.reason'), dataIndex: 'dispute_reason', render: (v: string | null) => v ?? '' },
      ]}
    />
  );
}
