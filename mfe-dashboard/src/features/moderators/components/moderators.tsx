// Who runs this map: the moderators (remove, never the last one) and the invitations (invite an
// e-mail, withdraw a pending one). Nobody becomes a moderator before accepting their invitation.
import { useState } from 'react';
import { Avatar, Button, Card, Form, Input, List, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useCustomerId, useDb, errorKey } from '../../../lib/use-db.ts';
import type { InvitationStatus } from '../api/list-customer-invitations.ts';
import { useModerators } from '../hooks/use-moderators.ts';
import { inviteModerator } from '../api/invite-moderator.ts';
import { withdrawInvitation } from '../api/withdraw-invitation.ts';
import { removeModerator } from '../api/remove-moderator.ts';

const STATUS_COLOR: Record<InvitationStatus, string> = {
  pending: 'gold',
  accepted: 'green',
  declined: 'default',
  expired: 'default',
  withdrawn: 'default',
};
/** Finished invitations shown under the pending ones. */
const RECENT = 10;

export function Moderators() {
  const { t } = useTranslation('dashboard');
  const { toast, user, locale } = usePlatform();
  const db = useDb();
  const customerId = useCustomerId();
  const { mods, invitations, loading, reload } = useModerators(customerId);
  const [busy, setBusy] = useState<string | null>(null);
  const [form] = Form.useForm<{ email: string }>();

  const act = async (key: string, fn: () => Promise<void>, success: string) => {
    setBusy(key);
    try {
      await fn();
      toast.success(success);
      return true;
    } catch (e) {
      toast.error(t(errorKey(e)));
      return false;
    } finally {
      setBusy(null);
      reload();
    }
  };

  const invite = async ({ email }: { email: string }) => {
    const address = email.trim();
    // Already listed as a moderator: the screen knows it already, no need to ask (or mail) anyone.
    if (mods.some((m) => m.email?.toLowerCase() === address.toLowerCase()))
      return toast.info(t('mods.already', { email: address }));
    if (
      await act('invite', () => inviteModerator(db, customerId, address, locale), t('mods.invited', { email: address }))
    )
      form.resetFields();
  };

  const dateFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const pending = invitations.filter((i) => i.status === 'pending');
  const finished = invitations.filter((i) => i.status !== 'pending').slice(0, RECENT);

  return (
    <>
      <section aria-label={t('mods.title')} style={{ marginBottom: 16 }}>
        <Card title={t('mods.title')}>
          <List
            loading={loading}
            dataSource={mods}
            aria-label={t('mods.title')}
            renderItem={(m) => (
              <List.Item
                actions={[
                  <Popconfirm
                    key="rm"
                    title={t('mods.confirmRemove', { email: m.email ?? '' })}
                    okText={t('mods.remove')}
                    cancelText={t('form.cancel')}
                    onConfirm={() =>
                      void act(
                        m.user_id,
                        () => removeModerator(db, customerId, m.user_id),
                        t('mods.removed', { email: m.email ?? '' }),
                      )
                    }
                    disabled={mods.length <= 1}
                  >
                    <Button
                      danger
                      disabled={mods.length <= 1}
                      loading={busy === m.user_id}
                      title={mods.length <= 1 ? t('errors.last_moderator') : undefined}
                      aria-label={t('mods.removeWho', { email: m.email ?? '' })}
                    >
                      {t('mods.remove')}
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  avatar={
                    <Avatar src={m.profile_picture_url ?? undefined}>
                      {(m.display_name ?? m.email ?? '?').slice(0, 1).toUpperCase()}
                    </Avatar>
                  }
                  title={m.display_name ?? m.email}
                  description={`${m.email ?? ''}${m.user_id === user?.id ? ` · ${t('mods.you')}` : ''}`}
                />
              </List.Item>
            )}
          />
        </Card>
      </section>
      <section aria-label={t('mods.invitations')}>
        <Card title={t('mods.invitations')}>
          <Typography.Paragraph type="secondary">{t('mods.inviteHelp')}</Typography.Paragraph>
          <Form form={form} layout="inline" onFinish={(v) => void invite(v)} style={{ marginBottom: 16, rowGap: 8 }}>
            <Form.Item
              name="email"
              label={t('mods.email')}
              rules={[
                { required: true, message: t('form.required') },
                { type: 'email', message: t('form.email') },
              ]}
            >
              <Input type="email" autoComplete="off" style={{ width: 260 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy === 'invite'}>
              {t('mods.invite')}
            </Button>
          </Form>
          <List
            loading={loading}
            dataSource={[...pending, ...finished]}
            aria-label={t('mods.invitations')}
            locale={{ emptyText: t('mods.noInvitations') }}
            renderItem={(i) => (
              <List.Item
                data-testid="invitation"
                actions={
                  i.status === 'pending'
                    ? [
                        <Popconfirm
                          key="wd"
                          title={t('mods.confirmWithdraw', { email: i.email })}
                          okText={t('mods.withdraw')}
                          cancelText={t('form.cancel')}
                          onConfirm={() =>
                            void act(i.id, () => withdrawInvitation(db, i.id), t('mods.withdrawn', { email: i.email }))
                          }
                        >
                          <Button loading={busy === i.id} aria-label={t('mods.withdrawWho', { email: i.email })}>
                            {t('mods.withdraw')}
                          </Button>
                        </Popconfirm>,
                      ]
                    : []
                }
              >
                <List.Item.Meta
                  title={i.email}
                  description={
                    <>
                      <Tag color={STATUS_COLOR[i.status]}>{t(`mods.status.${i.status}`)}</Tag>
                      {i.status === 'pending'
                        ? t('mods.expires', { date: dateFmt.format(new Date(i.expires_at)) })
                        : t('mods.sent', { date: dateFmt.format(new Date(i.created_at)) })}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      </section>
    </>
  );
}
