// The account screens' header (picture, name, address) and the tabs between /user and /user/settings.
import { Avatar, Button, Flex, Typography } from 'antd';
import { useTranslation, usePlatform, type RouteName } from '@guestmap/shared-ui/contracts';
import { useBusy } from '../../../lib/hooks/use-busy.ts';
import { useRouteLink } from '../hooks/use-route-link.ts';
import { initials } from './section.tsx';

export function Header() {
  const { t } = useTranslation('account');
  const { user, profile, signOut, navigateTo } = usePlatform();
  const { busy, run } = useBusy('signOut');
  return (
    <Flex gap={16} align="center" wrap style={{ marginBottom: 16 }}>
      <Avatar size={64} src={profile?.profilePictureUrl ?? undefined} alt="" style={{ flex: 'none', fontSize: 26 }}>
        {initials(profile?.displayName, user?.email)}
      </Avatar>
      <div style={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 26 }}>
          {profile?.displayName || t('user.noName')}
        </Typography.Title>
        <Typography.Text type="secondary">
          <span
            className="gm-visually-hidden"
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {t('user.email')}:{' '}
          </span>
          <span data-testid="user-email">{user?.email}</span>
        </Typography.Text>
      </div>
      <Button
        loading={busy !== null}
        onClick={() =>
          void run('out', async () => {
            await signOut();
            navigateTo('Home');
          })
        }
      >
        {t('user.signOut')}
      </Button>
    </Flex>
  );
}

export function Nav({ settings }: { settings: boolean }) {
  const { t } = useTranslation('account');
  const link = useRouteLink();
  const tab = (name: RouteName, label: string, current: boolean) => (
    <a
      {...link(name)}
      aria-current={current ? 'page' : undefined}
      style={{
        padding: '8px 12px',
        borderBottom: `2px solid ${current ? 'var(--gm-primary, #5AB77B)' : 'transparent'}`,
        fontWeight: current ? 600 : 400,
        color: 'inherit',
      }}
    >
      {label}
    </a>
  );
  return (
    <nav
      aria-label={t('user.title')}
      style={{ display: 'flex', gap: 8, marginBottom: 16, borderBottom: '1px solid var(--gm-border, #dfe5e1)' }}
    >
      {tab('User', t('user.tabs.overview'), !settings)}
      {tab('UserSettings', t('user.tabs.settings'), settings)}
    </nav>
  );
}
