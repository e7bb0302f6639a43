// Items waiting for the partner's word: confirm, or dispute with a reason (none once the month is closed).
import { Button, Flex, Typography } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { StatementItem } from '../../../lib/statement-item.ts';
import type { Money } from '../hooks/use-money.ts';
import { ItemLine, LIST_STYLE, PortalCard, ROW_BORDER, TAP } from './portal-card.tsx';

export function PendingCard({
  pending,
  closed,
  money,
  busy,
  onConfirm,
  onDispute,
}: {
  pending: StatementItem[];
  closed: boolean;
  money: Money;
  busy: string | null;
  onConfirm: (i: StatementItem) => void;
  onDispute: (i: StatementItem) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const timeFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <PortalCard title={t('partnerPortal.pendingTitle')} testId="portal-pending">
      {pending.length === 0 ? (
        <Typography.Text type="secondary">{t('partnerPortal.pendingNone')}</Typography.Text>
      ) : (
        <ul style={LIST_STYLE}>
          {pending.map((i) => (
            <li
              key={i.id}
              data-testid="portal-pending-item"
              data-id={i.id}
              style={{ padding: '10px 0', borderBottom: ROW_BORDER }}
            >
              <Flex justify="space-between" wrap gap={4}>
                <strong style={{ fontSize: 18 }} data-testid="portal-amount">
                  {money(i.amount_minor, i.currency)}
                </strong>
                <Typography.Text type="secondary">{timeFmt.format(new Date(i.created_at))}</Typography.Text>
              </Flex>
              <ItemLine item={i} money={money} />
              {closed ? (
                <Typography.Paragraph type="warning" style={{ margin: '6px 0 0' }}>
                  {t('partnerPortal.pendingClosed')}
                </Typography.Paragraph>
              ) : (
                <Flex gap={8} style={{ marginTop: 8 }}>
                  <Button
                    type="primary"
                    size="large"
                    style={{ ...TAP, flex: 1 }}
                    loading={busy === `confirm:${i.id}`}
                    disabled={busy !== null}
                    onClick={() => onConfirm(i)}
                  >
                    {t('partnerPortal.confirm')}
                  </Button>
                  <Button
                    danger
                    size="large"
                    style={{ ...TAP, flex: 1 }}
                    disabled={busy !== null}
                    onClick={() => onDispute(i)}
                  >
                    {t('partnerPortal.dispute')}
                  </Button>
                </Flex>
              )}
            </li>
          ))}
        </ul>
      )}
    </PortalCard>
  );
}
