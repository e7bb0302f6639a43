// The invitations waiting for the signed-in user, at the top of their account overview (/user, where
// their maps and dashboards are listed; the invitation mail links there). Accept makes them a
// moderator (the token is refreshed so the dashboard opens at once) or, for a 'partner_staff' invitation,
// staff of a partner business (the answer links to the partner portal); decline ends the invitation.
// Shows nothing when there is no invitation.
import { useId, useState, type MouseEvent } from 'react';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import {
  useTranslation,
  usePlatform,
  useSupabase,
  type RouteName,
  type RouteParams,
  type RouteQuery,
} from '@guestmap/shared-ui/contracts';
import { pickText } from '@guestmap/shared-ui/i18n';
import type { DbErrorCode } from '@guestmap/shared-ui/db-errors';
import { useBusy } from '../../../lib/hooks/use-busy.ts';
import type { MyInvitation } from '../api/list-my-invitations.ts';
import { useMyInvitations } from '../hooks/overview-data.ts';
import { acceptInvitation } from '../api/accept-invitation.ts';
import { declineInvitation } from '../api/decline-invitation.ts';

type Answered = Record<string, 'accepted' | 'declined'>;

/** The database's codes this section says in words (the rest: "unexpected"). */
const KNOWN: readonly string[] = [
  'invitation_not_found',
  'invitation_declined',
  'invitation_withdrawn',
  'invitation_expired',
  'invitation_accepted',
  'not_partner',
  'moderator_cannot_be_staff',
  'staff_cannot_be_moderator',
] satisfies DbErrorCode[];

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
  const items = useMyInvitations(user?.id);
  const [answered, setAnswered] = useState<Answered>({});

  // No answer (or a server fault): the data layer reads it again on the page's retry schedule.
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
          toast.success(acceptedText(inv));
        } else {
          await declineInvitation(supabase, inv.id);
          toast.success(
            inv.role === 'partner_staff'
              ? t('user.invitations.partnerDeclined', { name: what(inv) })
              : t('user.invitations.declined', { name: inv.customerName }),
          );
        }
        setAnswered((a) => ({ ...a, [inv.id]: kind === 'accept' ? 'accepted' : 'declined' }));
      } catch (e) {
        console.warn('[account] answering an invitation failed', e);
        toast.error(t(refusalKey(e)));
      }
    });

  const routeLink = (name: RouteName, params: RouteParams, query?: RouteQuery) => ({
    href: hrefFor(name, params, query),
    onClick: (e: MouseEvent) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      navigateTo(name, params, query);
    },
  });
  const partnerName = (inv: MyInvitation) => pickText(inv.partnerTitle, locale);
  // What the invitation offers, in one sentence; the accept/decline labels name the same thing.
  const offer = (inv: MyInvitation) => {
    if (inv.role === 'partner_staff') {
      const partner = partnerName(inv);
      const base = partner ? 'user.invitations.partnerNamed' : 'user.invitations.partner';
      return t(inv.invitedBy ? `${base}By` : base, { who: inv.invitedBy, name: inv.customerName, partner });
    }
    return inv.invitedBy
      ? t('user.invitations.moderatorBy', { who: inv.invitedBy, name: inv.customerName })
      : t('user.invitations.moderator', { name: inv.customerName });
  };
  const what = (inv: MyInvitation) =>
    inv.role === 'partner_staff' ? partnerName(inv) || inv.customerName : inv.customerName;
  const acceptedText = (inv: MyInvitation) =>
    inv.role === 'partner_staff'
      ? t('user.invitations.partnerAccepted', { name: what(inv) })
      : t('user.invitations.accepted', { name: inv.customerName });

  return (
    <section aria-labelledby={titleId} style={{ marginBottom: 16 }}>
      <Card
        title={
          <h2 id={titleId} style={{ margin: 0, fontSize: 18 }}>
            {t('user.invitations.title')}
          </h2>
        }
        style={{ borderColor: 'var(--gm-primary, #5AB77B)' }}
      >
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((inv) => (
            <li key={inv.id} data-testid="my-invitation" style={{ padding: '8px 0' }}>
              {answered[inv.id] === 'accepted' ? (
                <Alert
                  type="success"
                  showIcon
                  title={acceptedText(inv)}
                  action={
                    inv.role === 'partner_staff' ? (
                      <a
                        {...routeLink('PartnerPortal', {}, inv.partnerId ? { partner: inv.partnerId } : undefined)}
                        aria-label={`${t('user.partners.open')}: ${what(inv)}`}
                      >
                        {t('user.partners.open')}
                      </a>
                    ) : (
                      <a
                        {...routeLink('Dashboard', { customerId: inv.customerId })}
                        aria-label={`${t('user.maps.dashboard')}: ${inv.customerName}`}
                      >
                        {t('user.maps.dashboard')}
                      </a>
                    )
                  }
                />
              ) : answered[inv.id] === 'declined' ? (
                <Alert
                  type="info"
                  showIcon
                  title={
                    inv.role === 'partner_staff'
                      ? t('user.invitations.partnerDeclined', { name: what(inv) })
                      : t('user.invitations.declined', { name: inv.customerName })
                  }
                />
              ) : (
                <Flex gap={12} wrap align="center" justify="space-between">
                  <div style={{ flex: '1 1 260px', minWidth: 0 }}>
                    <Typography.Text strong>{offer(inv)}</Typography.Text>
                    <div>
                      <Typography.Text type="secondary">
                        {t('user.invitations.expires', { date: dateFmt.format(new Date(inv.expiresAt)) })}
                      </Typography.Text>
                    </div>
                  </div>
                  <Flex gap={8}>
                    <Button
                      onClick={() => answer(inv, 'decline')}
                      loading={busy === `decline:${inv.id}`}
                      disabled={busy !== null}
                      aria-label={
                        inv.role === 'partner_staff'
                          ? t('user.invitations.partnerDeclineWhat', { name: what(inv) })
                          : t('user.invitations.declineWhat', { name: inv.customerName })
                      }
                    >
                      {t('user.invitations.decline')}
                    </Button>
                    <Button
                      type="primary"
                      onClick={() => answer(inv, 'accept')}
                      loading={busy === `accept:${inv.id}`}
                      disabled={busy !== null}
                      aria-label={
                        inv.role === 'partner_staff'
                          ? t('user.invitations.partnerAcceptWhat', { name: what(inv) })
                          : t('user.invitations.acceptWhat', { name: inv.customerName })
                      }
                    >
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
