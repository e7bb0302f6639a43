// The commission owed: confirmed spend only, per currency (never added across currencies).
import { Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { CurrencyTotal } from '../api/partner-statement.ts';
import type { Money } from '../hooks/use-money.ts';
import { LIST_STYLE, PortalCard } from './portal-card.tsx';

export function OwedCard({ owed, money, monthLabel }: { owed: CurrencyTotal[]; money: Money; monthLabel: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <PortalCard title={t('partnerPortal.owedTitle', { month: monthLabel })}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('partnerPortal.owedExplain')}
      </Typography.Paragraph>
      {owed.length === 0 ? (
        <Typography.Text data-testid="portal-owed-none">{t('partnerPortal.owedNone')}</Typography.Text>
      ) : (
        <ul style={LIST_STYLE}>
          {owed.map((c) => (
            <li key={c.currency} data-testid={`portal-total-${c.currency}`} style={{ padding: '6px 0' }}>
              <div style={{ fontSize: 22, fontWeight: 600 }} data-testid="portal-commission">
                {money(c.commission_minor, c.currency)}
              </div>
              <Typography.Text type="secondary">
                {t('partnerPortal.owedDetail', {
                  count: c.confirmed_count,
                  gross: money(c.confirmed_gross_minor, c.currency),
                })}
              </Typography.Text>
              <span data-testid="portal-gross" data-minor={c.confirmed_gross_minor} hidden />
            </li>
          ))}
        </ul>
      )}
    </PortalCard>
  );
}
