// One row per partner: the rate in force, the latest proposal and its status, the accepted staff, and the
// buttons Propose (moderators, admins), Set (admins), History, Invite staff.
import type { HTMLAttributes } from 'react';
import { Button, Space, Table, Tag } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Partner } from '../hooks/use-partners.ts';
import type { useCommission } from '../hooks/use-commission.ts';
import { latest, openProposal } from '../utils/commission.ts';
import { RATE_STATUS_COLOUR as STATUS_COLOUR } from './rate-status-colour.ts';
import type { CommissionDialog } from './commission.tsx';

export function CommissionTable({
  reading,
  partners,
  c,
  pct,
  name,
  open,
}: {
  /** No row yet: the partners' figures (or the cards above) are being read. */
  reading: boolean;
  partners: Partner[];
  c: ReturnType<typeof useCommission>;
  pct: (rate: number | string) => string;
  name: (p: Partner) => string;
  open: (kind: CommissionDialog['kind'], p: Partner) => void;
}) {
  const { t } = useTranslation('dashboard');
  const isAdmin = !!usePlatform().profile?.isAdmin;
  return (
    <Table<Partner>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: true }}
      // No row before the partners' figures are read: a row that fills in later widens its columns and moves its
      // buttons under the pointer.
      dataSource={reading ? [] : partners}
      loading={reading}
      locale={{ emptyText: reading ? ' ' : t('rewards.noPartners') }}
      onRow={(p) => ({ 'data-testid': `commission-${p.id}` }) as HTMLAttributes<HTMLElement>}
      columns={[
        { title: t('rewards.partner'), key: 'partner', render: (_: unknown, p: Partner) => name(p) },
        {
          title: t('commission.inForce'),
          key: 'rate',
          render: (_: unknown, p: Partner) => {
            const r = c.inForce[p.id];
            return <span data-testid={`rate-in-force-${p.id}`}>{r == null ? t('commission.none') : pct(r)}</span>;
          },
        },
        {
          title: t('commission.latest'),
          key: 'latest',
          render: (_: unknown, p: Partner) => {
            const l = openProposal(c.history[p.id] ?? []) ?? latest(c.history[p.id] ?? []);
            if (!l) return null;
            return (
              <span data-testid={`rate-latest-${p.id}`}>
                {pct(l.rate)} <Tag color={STATUS_COLOUR[l.status]}>{t(`commission.status.${l.status}`)}</Tag>
                {l.set_by_admin && <Tag>{t('commission.byAdmin')}</Tag>}
              </span>
            );
          },
        },
        {
          title: t('commission.staff'),
          key: 'staff',
          render: (_: unknown, p: Partner) => (
            <span data-testid={`staff-${p.id}`}>
              {(c.staff[p.id] ?? []).map((u) => u.display_name || u.email).join(', ')}
            </span>
          ),
        },
        {
          title: '',
          key: 'act',
          render: (_: unknown, p: Partner) => (
            <Space wrap>
              <Button
                size="small"
                onClick={() => open('propose', p)}
                aria-label={t('commission.proposeFor', { partner: name(p) })}
              >
                {t('commission.propose')}
              </Button>
              {isAdmin && (
                <Button
                  size="small"
                  onClick={() => open('set', p)}
                  aria-label={t('commission.setFor', { partner: name(p) })}
                >
                  {t('commission.set')}
                </Button>
              )}
              <Button
                size="small"
                onClick={() => open('history', p)}
                aria-label={t('commission.historyFor', { partner: name(p) })}
              >
                {t('commission.history')}
              </Button>
              <Button
                size="small"
                onClick={() => open('invite', p)}
                aria-label={t('commission.inviteFor', { partner: name(p) })}
              >
                {t('commission.invite')}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
