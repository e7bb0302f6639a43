import { Typography } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useMyPartners } from '../hooks/overview-data.ts';
import { Section, itemStyle, listStyle } from './section.tsx';
import { useRouteLink } from '../hooks/use-route-link.ts';

/** The partner businesses the user is staff of (my_partners), each with a link to its portal. Hidden when none. */
export function PartnersSection() {
  const { t } = useTranslation('account');
  const { user, locale } = usePlatform();
  const link = useRouteLink();
  const partners = useMyPartners(user?.id);
  if (partners.length === 0) return null;
  return (
    <Section title={t('user.partners.title')}>
      <ul style={listStyle}>
        {partners.map((p) => {
          const name = pickText(p.title, locale) || p.hotelName;
          return (
            <li key={p.activityId} style={itemStyle} data-testid="my-partner">
              <div style={{ minWidth: 0 }}>
                <Typography.Text strong>{name}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">{t('user.partners.of', { hotel: p.hotelName })}</Typography.Text>
                </div>
              </div>
              <a
                {...link('PartnerPortal', {}, { partner: p.activityId })}
                aria-label={`${t('user.partners.open')}: ${name}`}
                style={{ display: 'inline-block', padding: '12px 0' }}
              >
                {t('user.partners.open')}
              </a>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
