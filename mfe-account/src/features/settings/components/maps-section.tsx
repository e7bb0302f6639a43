// /user: the user's maps, with the ones they moderate marked and a link to create one.
import { Alert, Button, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { Section, itemStyle, listStyle } from './section.tsx';
import { useMyMaps } from '../hooks/overview-data.ts';
import { useRouteLink } from '../hooks/use-route-link.ts';

export function MapsSection() {
  const { t } = useTranslation('account');
  const { user, profile } = usePlatform();
  const link = useRouteLink();
  const maps = useMyMaps(user?.id);
  const canManage = (id: string) =>
    profile?.isAdmin === true ||
    profile?.moderator?.[id] === true ||
    (maps.state === 'ok' && maps.data.moderated.has(id));
  return (
    <Section
      title={t('user.maps.title')}
      extra={
        <Button type="link" {...link('CustomerCreate')}>
          {t('user.maps.create')}
        </Button>
      }
    >
      {maps.state === 'loading' && <Skeleton active paragraph={{ rows: 2 }} />}
      {maps.state === 'error' && <Alert type="warning" showIcon title={t('user.maps.error')} />}
      {maps.state === 'ok' &&
        (maps.data.maps.length === 0 ? (
          <Empty description={t('user.maps.empty')} />
        ) : (
          <ol style={listStyle}>
            {maps.data.maps.map((m) => (
              <li key={m.id} style={itemStyle}>
                <div style={{ minWidth: 0, flex: '1 1 240px' }}>
                  <a {...link('Map', { customerId: m.id })} style={{ fontWeight: 600, fontSize: 16 }}>
                    {m.name}
                  </a>
                  <Flex gap={8} wrap align="center" style={{ marginTop: 4 }}>
                    <Tag>{t(`user.maps.kind.${m.kind}`)}</Tag>
                    <Typography.Text type="secondary">/{m.id}</Typography.Text>
                    {canManage(m.id) && <Tag color="green">{t('user.maps.moderator')}</Tag>}
                  </Flex>
                </div>
                <Flex gap={12} align="center">
                  <a {...link('Map', { customerId: m.id })} aria-label={`${t('user.maps.open')}: ${m.name}`}>
                    {t('user.maps.open')}
                  </a>
                  {canManage(m.id) && (
                    <a
                      {...link('Dashboard', { customerId: m.id })}
                      aria-label={`${t('user.maps.dashboard')}: ${m.name}`}
                    >
                      {t('user.maps.dashboard')}
                    </a>
                  )}
                </Flex>
              </li>
            ))}
          </ol>
        ))}
    </Section>
  );
}
