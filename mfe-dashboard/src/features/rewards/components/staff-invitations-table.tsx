// The pending and past partner-staff invitations; a pending one can be withdrawn.
import { Button, Table, Tag } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { StaffInvitation } from '../api/list-staff-invitations.ts';
import type { Partner } from '../hooks/use-partners.ts';

export function StaffInvitationsTable({
  invitations,
  partners,
  name,
  when,
  onWithdraw,
}: {
  invitations: StaffInvitation[];
  partners: Partner[];
  name: (p: Partner) => string;
  when: (ts: string | null) => string;
  onWithdraw: (id: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  const partnerOf = (i: StaffInvitation) => partners.find((p) => p.id === (i.partner_id ?? i.activity_id));
  return (
    <Table<StaffInvitation>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={invitations}
      columns={[
        { title: t('mods.email'), dataIndex: 'email' },
        // list_customer_invitations does not say which partner (only the address and its status): shown when it does.
        ...(invitations.some((i) => partnerOf(i))
          ? [
              {
                title: t('rewards.partner'),
                key: 'p',
                render: (_: unknown, i: StaffInvitation) => (partnerOf(i) ? name(partnerOf(i)!) : ''),
              },
            ]
          : []),
        {
          title: t('settlement.status'),
          dataIndex: 'status',
          render: (s: string) => <Tag>{t(`mods.status.${s}`, { defaultValue: s })}</Tag>,
        },
        { title: t('commission.sent'), dataIndex: 'created_at', render: when },
        {
          title: '',
          key: 'w',
          render: (_: unknown, i: StaffInvitation) =>
            i.status === 'pending' ? (
              <Button size="small" onClick={() => onWithdraw(i.id)}>
                {t('mods.withdraw')}
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
