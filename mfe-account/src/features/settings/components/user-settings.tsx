// /user (the account overview: invitations waiting for an answer, maps, favourite places) and
// /user/settings (picture, display name, language, e-mail). Both need a signed-in user with an e-mail (the shell's guard).
import { useCallback, useEffect, useId, useState, type MouseEvent, type ReactNode } from 'react';
import { Alert, Avatar, Button, Card, Empty, Flex, Form, Input, Radio, Skeleton, Tag, Typography } from 'antd';
import {
  useTranslation,
  LOCALES,
  LOCALE_LABELS,
  usePlatform,
  useSupabase,
  useOnReconnect,
  type Locale,
  type RouteName,
  type RouteParams,
  type RouteQuery,
  useLocation,
} from '@guestmap/shared-ui/contracts';
import { lang, pickText } from '@guestmap/shared-ui/i18n';
import { AntdProvider } from '../../../lib/components/antd-provider.tsx';
import { useBusy } from '../../../lib/hooks/use-busy.ts';
import { errorCode } from '../../../lib/utils/errors.ts';
import { validateDisplayName, type ValidationKey } from '../../../lib/utils/validation.ts';
import { resizeToSquare } from '../utils/image-resize.ts';
import { InvitationsSection } from './invitations-section.tsx';
import {
  listModerated,
  listMyFavourites,
  listMyMaps,
  listMyPartners,
  removeOldAvatars,
  updateProfile,
  uploadAvatar,
  type MyFavourite,
  type MyMap,
  type MyPartner,
} from '../api/list-my-maps.ts';

function useRouteLink() {
  const { navigateTo, hrefFor } = usePlatform();
  return (name: RouteName, params?: RouteParams, query?: RouteQuery) => ({
    href: hrefFor(name, params, query),
    onClick: (e: MouseEvent) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      navigateTo(name, params, query);
    },
  });
}

function initials(name: string | null | undefined, email: string | null | undefined) {
  const s = (name || email || '?').trim();
  return s.slice(0, 1).toUpperCase();
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;
const itemStyle = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 12,
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: '12px 0',
  borderBottom: '1px solid var(--gm-border, #dfe5e1)',
} as const;

type Load<T> = { state: 'loading' } | { state: 'error' } | { state: 'ok'; data: T };

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} style={{ marginBottom: 16 }}>
      <Card
        title={
          <h2 id={id} style={{ margin: 0, fontSize: 18 }}>
            {title}
          </h2>
        }
        extra={extra}
      >
        {children}
      </Card>
    </section>
  );
}

function MapsSection() {
  const { t } = useTranslation('account');
  const { user, profile } = usePlatform();
  const supabase = useSupabase();
  const link = useRouteLink();
  const [maps, setMaps] = useState<Load<{ maps: MyMap[]; moderated: Set<string> }>>({ state: 'loading' });
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    let live = true;
    Promise.all([listMyMaps(supabase, userId), listModerated(supabase, userId).catch(() => [] as string[])]).then(
      ([m, mod]) => live && setMaps({ state: 'ok', data: { maps: m, moderated: new Set(mod) } }),
      (e) => {
        // The spec: a failing list is logged and shows as empty; we also say so.
        console.warn('[account] listing the user’s customers failed', e);
        if (live) setMaps({ state: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [supabase, userId]);
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

/** The partner businesses the user is staff of (my_partners), each with a link to its portal. Hidden when none. */
function PartnersSection() {
  const { t } = useTranslation('account');
  const { user, locale } = usePlatform();
  const supabase = useSupabase();
  const link = useRouteLink();
  const [partners, setPartners] = useState<MyPartner[]>([]);
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    let live = true;
    listMyPartners(supabase).then(
      (p) => live && setPartners(p),
      (e) => console.warn('[account] listing partner businesses failed', e),
    );
    return () => {
      live = false;
    };
  }, [supabase, userId]);
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

function FavouritesSection() {
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

function PictureSection() {
  const { t } = useTranslation('account');
  const { user, profile, toast, refreshProfile } = usePlatform();
  const supabase = useSupabase();
  const { busy, run } = useBusy('avatar');
  const inputId = useId();
  const [url, setUrl] = useState<string | null>(profile?.profilePictureUrl ?? null);
  useEffect(() => setUrl(profile?.profilePictureUrl ?? null), [profile?.profilePictureUrl]);
  const onFile = (file: File | undefined) => {
    if (!file || !user) return;
    void run('upload', async () => {
      let image: Blob;
      try {
        image = await resizeToSquare(file);
      } catch {
        toast.error(t('user.picture.notImage'));
        return;
      }
      try {
        const publicUrl = await uploadAvatar(supabase, user.id, image);
        await updateProfile(supabase, user.id, { profile_picture_url: publicUrl });
        setUrl(publicUrl);
        await refreshProfile();
        toast.success(t('user.picture.success'));
        void removeOldAvatars(supabase, user.id, publicUrl).catch(() => undefined);
      } catch (e) {
        console.warn('[account] avatar upload failed', e);
        toast.error(t('user.picture.error'));
      }
    });
  };
  return (
    <Section title={t('user.picture.title')}>
      <Flex gap={16} align="center" wrap>
        <Avatar size={96} src={url ?? undefined} alt={t('user.picture.alt')} style={{ flex: 'none', fontSize: 36 }}>
          {initials(profile?.displayName, user?.email)}
        </Avatar>
        <div>
          <input
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-label={t('user.picture.change')}
            tabIndex={-1}
            hidden
            disabled={busy !== null}
            onChange={(e) => {
              onFile(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <Button
            loading={busy !== null}
            onClick={() => (document.getElementById(inputId) as HTMLInputElement | null)?.click()}
          >
            {t('user.picture.change')}
          </Button>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('user.picture.hint')}
          </Typography.Paragraph>
        </div>
      </Flex>
    </Section>
  );
}

function NameSection() {
  const { t } = useTranslation('account');
  const { user, profile, toast, refreshProfile } = usePlatform();
  const supabase = useSupabase();
  const { busy, run } = useBusy('name');
  const id = useId();
  const [name, setName] = useState(profile?.displayName ?? '');
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<ValidationKey | null>(null);
  useEffect(() => {
    if (!dirty) setName(profile?.displayName ?? '');
  }, [profile?.displayName, dirty]);
  const save = () => {
    const v = validateDisplayName(name);
    setError(v);
    if (v || !user) return;
    void run('save', async () => {
      try {
        await updateProfile(supabase, user.id, { display_name: name.trim() });
        setDirty(false);
        toast.success(t('user.name.success'));
        await refreshProfile();
      } catch (e) {
        console.warn('[account] name update failed', e);
        toast.error(t('user.name.error'));
      }
    });
  };
  return (
    <Section title={t('user.name.title')}>
      <Form layout="vertical" onFinish={save} requiredMark={false} noValidate>
        <Flex gap={8} align="start" wrap>
          <Form.Item
            label={t('user.name.label')}
            htmlFor={id}
            validateStatus={error ? 'error' : undefined}
            help={error ? t(error) : undefined}
            style={{ flex: '1 1 240px', marginBottom: 0 }}
          >
            <Input
              id={id}
              value={name}
              maxLength={80}
              autoComplete="nickname"
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setDirty(true);
                setError(null);
              }}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy !== null} style={{ marginTop: 30 }}>
            {t('user.name.save')}
          </Button>
        </Flex>
      </Form>
    </Section>
  );
}

function LanguageSection() {
  const { t } = useTranslation('account');
  const { user, locale, setLocale, toast, refreshProfile } = usePlatform();
  const supabase = useSupabase();
  const { run } = useBusy('language');
  const labelId = useId();
  const change = (l: Locale) => {
    if (l === locale || !user) return;
    // The interface follows at once; the profile keeps the choice for next time and other devices.
    setLocale(l);
    void run('save', async () => {
      try {
        await updateProfile(supabase, user.id, { language: l });
        toast.success(t('user.language.success', { lng: lang(l) }));
        await refreshProfile();
      } catch (e) {
        console.warn('[account] language update failed', e);
        toast.error(t('user.language.error', { lng: lang(l) }));
      }
    });
  };
  return (
    <Section title={t('user.language.title')}>
      <span
        id={labelId}
        className="gm-visually-hidden"
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {t('user.language.label')}
      </span>
      <Radio.Group
        aria-labelledby={labelId}
        value={locale}
        onChange={(e) => change(e.target.value as Locale)}
        optionType="button"
        buttonStyle="solid"
      >
        {LOCALES.map((l) => (
          <Radio.Button key={l} value={l}>
            <span lang={l}>{LOCALE_LABELS[l]}</span>
          </Radio.Button>
        ))}
      </Radio.Group>
    </Section>
  );
}

function Header() {
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

function Nav({ settings }: { settings: boolean }) {
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

/** The account still exists? A deleted account's token keeps working until it expires. */
function useAccountCheck() {
  const { t } = useTranslation('account');
  const { toast, signOut } = usePlatform();
  const supabase = useSupabase();
  const check = useCallback(async () => {
    const { error } = await supabase.auth.getUser();
    if (error && errorCode(error) === 'user_not_found') {
      toast.error(t('errors.noAccount'));
      await signOut();
    }
  }, [supabase, toast, signOut, t]);
  useEffect(() => {
    void check();
  }, [check]);
}

export function UserScreen() {
  const { hrefFor } = usePlatform();
  const location = useLocation();
  const settings = location.pathname.replace(/\/+$/, '') === hrefFor('UserSettings');
  // Bumped when an invitation is accepted: the maps list reloads with the new map and its dashboard.
  const [mapsVersion, setMapsVersion] = useState(0);
  // After the API was unreachable, the lists (maps, partner businesses) are read again: one that failed
  // meanwhile recovers without a reload (docs/reliability.md).
  useOnReconnect(() => setMapsVersion((v) => v + 1));
  useAccountCheck();
  return (
    <AntdProvider>
      <main style={{ maxWidth: 880, margin: '24px auto', padding: '0 16px' }}>
        <Header />
        <Nav settings={settings} />
        {settings ? (
          <>
            <PictureSection />
            <NameSection />
            <LanguageSection />
          </>
        ) : (
          <>
            <InvitationsSection onAccepted={() => setMapsVersion((v) => v + 1)} />
            <PartnersSection key={`p${mapsVersion}`} />
            <MapsSection key={mapsVersion} />
            <FavouritesSection />
          </>
        )}
      </main>
    </AntdProvider>
  );
}
