// The partner's commission: the rate in force, a waiting proposal to accept or decline, and the rate's history.
import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { PartnerStatement } from '../api/partner-statement.ts';
import type { CommissionRate } from '../api/commission-rate-history.ts';
import { formatRate } from '../utils/portal-logic.ts';
import { PortalCard, TAP } from './portal-card.tsx';

export function RateCard({
  statement,
  rates,
  proposal,
  busy,
  onRespond,
}: {
  statement: PartnerStatement;
  rates: CommissionRate[];
  proposal: CommissionRate | null;
  busy: string | null;
  onRespond: (r: CommissionRate, accept: boolean) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const dateFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const when = (r: CommissionRate) => r.effective_from ?? r.decided_at ?? r.proposed_at;
  return (
    <PortalCard title={t('partnerPortal.rateTitle')} testId="portal-rate">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {statement.rate_in_force === null ? (
          t('partnerPortal.rateNone')
        ) : (
          <span data-testid="portal-rate-in-force">
            {t('partnerPortal.rateInForce', { rate: formatRate(statement.rate_in_force, locale) })}
          </span>
        )}
      </Typography.Paragraph>
      {proposal && (
        <Alert
          type="warning"
          showIcon
          data-testid="portal-rate-proposal"
          title={t('partnerPortal.rateProposal', { rate: formatRate(proposal.rate, locale) })}
          description={
            <Flex gap={8} style={{ marginTop: 8 }}>
              <Button
                type="primary"
                size="large"
                style={{ ...TAP, flex: 1 }}
                loading={busy === `rate:${proposal.id}`}
                disabled={busy !== null}
                onClick={() => onRespond(proposal, true)}
              >
                {t('partnerPortal.rateAccept')}
              </Button>
              <Button
                size="large"
                style={{ ...TAP, flex: 1 }}
                disabled={busy !== null}
                onClick={() => onRespond(proposal, false)}
              >
                {t('partnerPortal.rateDecline')}
              </Button>
            </Flex>
          }
          style={{ marginBottom: 8 }}
        />
      )}
      {rates.length > 0 && (
        <details>
          <summary style={{ cursor: 'pointer', minHeight: 32, paddingTop: 4 }}>
            {t('partnerPortal.rateHistory')}
          </summary>
          <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
            {rates.map((r) => (
              <li key={r.id} data-testid="portal-rate-row">
                {formatRate(r.rate, locale)} · {t(`partnerPortal.rateStatus.${r.status}`)}
                {r.set_by_admin ? ` · ${t('partnerPortal.rateByAdmin')}` : ''}
                {when(r) ? ` · ${dateFmt.format(new Date(when(r)!))}` : ''}
              </li>
            ))}
          </ul>
        </details>
      )}
    </PortalCard>
  );
}
