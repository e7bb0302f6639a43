// /user: the user's favourite places, each a link to it on its map.
import { useEffect, useState } from 'react';
import { Alert, Empty, Skeleton, Typography } from 'antd';
import { useTranslation, usePlatform, useSupabase } from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import { listMyFavourites } from '../api/list-my-favourites.ts';
import { type MyFavourite } from '../api/list-my-favourites.ts';
import { Section, itemStyle, listStyle, type Load } from './section.tsx';
import { useRouteLink } from '../hooks/use-route-link.ts';

export function FavouritesSection() {
  const { t } = useTranslation('account');
  const { user, locale } = usePlatform();
  const supabase = useSupabase();
  const link = useRouteLink();
  const [favs, setFavs] = useState<Load<MyFavourite[]>>({ state: 'loading' });
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    let live = true;
    listMyFavourites(supabase, userId).then(
      (f) => live && setFavs({ state: 'ok', data: f }),
      (e) => {
        console.warn('[account] listing favourites failed', e);
        if (live) setFavs({ state: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [supabase, userId]);
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
