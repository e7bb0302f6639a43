// The invitations waiting for the signed-in user, at the top of their account overview (/user, where
// their maps and dashboards are listed; the invitation mail links there). Accept makes them a
// moderator (the token is refreshed so the dashboard opens at once); decline ends the invitation.
// Shows nothing when there is no invitation.
import { useEffect, useId, useState, type MouseEvent } from 'react';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useTranslation, usePlatform, useSupabase } from '@guestmap/shared-ui/contracts';
import { useBusy } from '../common/use-busy.ts';
import { acceptInvitation, declineInvitation, listMyInvitations, type MyInvitation } from './api.ts';

type Answered = Record<string, 'accepted' | 'declined'>;

const KNOWN = ['invitation_not_found', 'invitation_declined', 'invitation_withdrawn', 'invitation_expired', 'invitation_accepted'];

function refusalKey(e: unknown): string {
  const details = (e as { details?: string } | null)?.details ?? '';
  return KNOWN.includes(details) ? `user.invitations.errors.${details}` : 'user.invitations.errors.unexpected';
}

export function InvitationsSection({ onAccepted }: { onAccepted: () => void }) {
  const { t } = useTranslation('account');
  const { user, locale, toast, refreshProfile, navigateTo, hrefFor } = usePlatform();
  const supabase = useSupabase();
  const { busy, run } = useBusy('invitations');
  const titleId = useId();
  const [items, setItems] = useState<MyInvitation[]>([]);
  const [answered, setAnswered] = useState<Answered>({});
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    let live = true;
    listMyInvitations(supabase).then(
      (list) => live && setItems(list),
      (e) => console.warn('[account] listing invitations failed', e),
    );
    return () => {
      live = false;
    };
  }, [supabase, userId]);

  if (items.length === 0) return null;
  const dateFmt = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });

  const answer = (inv: MyInvitation, kind: 'accept' | 'decline') =>
    void run(`${kind}:${inv.id}`, async () => {
      try {
        if (kind === 'accept') {
          await acceptInvitation(supabase, inv.id);
          // New claims (moderator of this map) for the route guard and the menus.
          await refreshProfile().catch(() => undefined);
          onAccepted();
          toast.success(t('user.invitations.accepted', { name: inv.customerName }));
        } else {
          await declineInvitation(supabase, inv.id);
          toast.success(t('user.invitations.declined', { name: inv.customerName }));
        }
        setAnswered((a) => ({ ...a, [inv.id]: kind === 'accept' ? 'accepted' : 'declined' }));
      } catch (e) {
        console.warn('[account] answering an invitation failed', e);
        toast.error(t(refusalKey(e)));
      }
    });

  const dashboardLink = (customerId: string) => ({
    href: hrefFor('Dashboard', { customerId }),
    onClick: (e: MouseEvent) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      navigateTo('Dashboard', { customerId });
    },
  });

  return (
    <section aria-labelledby={titleId} style={{ marginBottom: 16 }}>
      <Card title={<h2 id={titleId} style={{ margin: 0, fontSize: 18 }}>{t('user.invitations.title')}</h2>} style={{ borderColor: 'var(--gm-primary, #5AB77B)' }}>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((inv) => (
            <li key={inv.id} data-testid="my-invitation" style={{ padding: '8px 0' }}>
              {answered[inv.id] === 'accepted' ? (
                <Alert
                  type="success"
                  showIcon
                  title={t('user.invitations.accepted', { name: inv.customerName })}
                  action={
                    <a {...dashboardLink(inv.customerId)} aria-label={`${t('user.maps.dashboard')}: ${inv.customerName}`}>
                      {t('user.maps.dashboard')}
                    </a>
                  }
                />
              ) : answered[inv.id] === 'declined' ? (
                <Alert type="info" showIcon title={t('user.invitations.declined', { name: inv.customerName })} />
              ) : (
                <Flex gap={12} wrap align="center" justify="space-between">
                  <div style={{ flex: '1 1 260px', minWidth: 0 }}>
                    <Typography.Text strong>
                      {inv.invitedBy
                        ? t('user.invitations.moderatorBy', { who: inv.invitedBy, name: inv.customerName })
                        : t('user.invitations.moderator', { name: inv.customerName })}
                    </Typography.Text>
                    <div>
                      <Typography.Text type="secondary">{t('user.invitations.expires', { date: dateFmt.format(new Date(inv.expiresAt)) })}</Typography.Text>
                    </div>
                  </div>
                  <Flex gap={8}>
                    <Button onClick={() => answer(inv, 'decline')} loading={busy === `decline:${inv.id}`} disabled={busy !== null} aria-label={t('user.invitations.declineWhat', { name: inv.customerName })}>
                      {t('user.invitations.decline')}
                    </Button>
                    <Button type="primary" onClick={() => answer(inv, 'accept')} loading={busy === `accept:${inv.id}`} disabled={busy !== null} aria-label={t('user.invitations.acceptWhat', { name: inv.customerName })}>
                      {t('user.invitations.accept')}
                    </Button>
                  </Flex>
                </Flex>
              )}
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
