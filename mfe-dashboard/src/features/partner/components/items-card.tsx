// Everything of the month: redemptions (voucher, confirmed) and sales the hotel typed in, with their status.
import { Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { StatementItem } from '../../../lib/statement-item.ts';
import type { Money } from '../hooks/use-money.ts';
import { ItemLine, LIST_STYLE, PortalCard, ROW_BORDER } from './portal-card.tsx';

export function ItemsCard({ items, money, monthLabel }: { items: StatementItem[]; money: Money; monthLabel: string }) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const dateFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <PortalCard title={t('partnerPortal.itemsTitle', { month: monthLabel })}>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('partnerPortal.itemsNone')} />
      ) : (
        <ul style={LIST_STYLE}>
          {items.map((i) => (
            <li
              key={i.id}
              data-testid="portal-item"
              data-id={i.id}
              data-status={i.status}
              style={{ padding: '8px 0', borderBottom: ROW_BORDER }}
            >
              <Flex justify="space-between" wrap gap={4} align="center">
                <span>
                  <Typography.Text strong data-testid="portal-amount">
                    {money(i.amount_minor, i.currency)}
                  </Typography.Text>{' '}
                  <Tag
                    color={i.status === 'confirmed' ? 'green' : i.status === 'disputed' ? 'red' : 'gold'}
                    data-testid="portal-status"
                    style={{ whiteSpace: 'normal' }}
                  >
                    {t(`partnerPortal.status.${i.status}`)}
                  </Tag>
                </span>
                <Typography.Text type="secondary">{dateFmt.format(new Date(i.created_at))}</Typography.Text>
              </Flex>
              <ItemLine item={i} money={money} />
              {i.status === 'disputed' && i.dispute_reason && (
                <div>
                  <Typography.Text italic data-testid="portal-reason">
                    {t('partnerPortal.reasonShown', { reason: i.dispute_reason })}
                  </Typography.Text>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </PortalCard>
  );
}
