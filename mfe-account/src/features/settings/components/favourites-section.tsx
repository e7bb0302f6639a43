// /user: the user's favourite places, each a link to it on its map.
import { Alert, Empty, Skeleton, Typography } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import { Section, itemStyle, listStyle } from './section.tsx';
import { useMyFavourites } from '../hooks/overview-data.ts';
import { useRouteLink } from '../hooks/use-route-link.ts';

export function FavouritesSection() {
  const { t } = useTranslation('account');
  const { user, locale } = usePlatform();
  const link = useRouteLink();
  const favs = useMyFavourites(user?.id);
  return (
    <Section title={t('user.favourites.title')}>
      {favs.state === 'loading' && <Skeleton active paragraph={{ rows: 2 }} />}
      {favs.state === 'error' && <Alert type="warning" showIcon title={t('user.favourites.error')} />}
      {favs.state === 'ok' &&
        (favs.data.length === 0 ? (
          <Empty description={t('user.favourites.empty')} />
        ) : (
          <ol style={listStyle}>
            {favs.data.map((f) => (
              <li key={f.activityId} style={itemStyle}>
                <div style={{ minWidth: 0 }}>
                  <a
                    {...link('Activity', { customerId: f.customerId, activitySlug: f.slug, activityId: f.activityId })}
                    style={{ fontWeight: 600 }}
                  >
                    {pickText(f.title, locale) || f.slug}
                  </a>
                  <div>
                    <Typography.Text type="secondary">/{f.customerId}</Typography.Text>
                  </div>
                </div>
              </li>
            ))}
          </ol>
        ))}
    </Section>
  );
}
