// Partners' commission, one row per partner business: the rate in force, the hotel's latest proposal and
// its status (proposed / accepted / declined), the whole history; "Propose a rate" (hotel moderators and
// administrators), "Set the rate" (administrators only, in force at once), and "Invite staff" (an
// invitation the partner's staff accept in their account; nothing is granted before).
import { useState } from 'react';
import { Card, Typography } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Partner } from '../hooks/use-partners.ts';
import { useCommission } from '../hooks/use-commission.ts';
import { useCommissionActions } from '../hooks/use-commission-actions.ts';
import { rateToPct } from '../utils/commission.ts';
import { CommissionTable } from './commission-table.tsx';
import { StaffInvitationsTable } from './staff-invitations-table.tsx';
import { RateDialog } from './rate-dialog.tsx';
import { InviteStaffDialog } from './invite-staff-dialog.tsx';
import { RateHistoryDialog } from './rate-history-dialog.tsx';

export type CommissionDialog = { kind: 'propose' | 'set' | 'invite' | 'history'; partner: Partner };

export function Commission({
  customerId,
  partners,
  settled,
}: {
  customerId: string;
  partners: Partner[];
  /** False while the cards above are still being read (the rows wait for them). */
  settled: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const [dialog, setDialog] = useState<CommissionDialog | null>(null);
  const when = (ts: string | null) =>
    ts ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ts)) : '';
  const pct = (rate: number | string) =>
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rateToPct(rate) / 100);
  const name = (p: Partner) => pickText(p.title, locale);
  const c = useCommission(customerId, partners);
  const actions = useCommissionActions(c.reload, pct, name);
  const close = () => setDialog(null);

  return (
    <Card size="small" title={t('commission.title')}>
      <Typography.Paragraph type="secondary">{t('commission.explain')}</Typography.Paragraph>
      <CommissionTable
        reading={!settled || c.reading}
        partners={partners}
        c={c}
        pct={pct}
        name={name}
        open={(kind, partner) => setDialog({ kind, partner })}
      />
      {c.invitations && c.invitations.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('commission.invitations')}
          </Typography.Title>
          <StaffInvitationsTable
            invitations={c.invitations}
            partners={partners}
            name={name}
            when={when}
            onWithdraw={(id) => void actions.withdraw(id)}
          />
        </>
      )}
      <RateDialog
        dialog={dialog}
        name={name}
        busy={actions.busy}
        onClose={close}
        onSubmit={async (value) => {
          if (dialog && dialog.kind !== 'invite' && dialog.kind !== 'history')
            if (await actions.submitRate(dialog.kind, dialog.partner, value)) close();
        }}
      />
      <InviteStaffDialog
        dialog={dialog}
        name={name}
        busy={actions.busy}
        onClose={close}
        onSubmit={async (email) => {
          if (dialog && (await actions.invite(dialog.partner, email))) close();
        }}
      />
      <RateHistoryDialog
        dialog={dialog}
        rows={dialog?.kind === 'history' ? (c.history[dialog.partner.id] ?? []) : []}
        name={name}
        pct={pct}
        when={when}
        onClose={close}
      />
    </Card>
  );
}
