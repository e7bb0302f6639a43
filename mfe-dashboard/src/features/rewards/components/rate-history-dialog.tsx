// A partner's rate history: every proposal and setting with its dates (proposed, decided, in force from).
import { Modal, Table, Tag } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { RateRow } from '../utils/commission.ts';
import { RATE_STATUS_COLOUR as STATUS_COLOUR } from './rate-status-colour.ts';
import type { CommissionDialog } from './commission.tsx';

export function RateHistoryDialog({
  dialog,
  rows,
  name,
  pct,
  when,
  onClose,
}: {
  dialog: CommissionDialog | null;
  rows: RateRow[];
  name: (p: CommissionDialog['partner']) => string;
  pct: (rate: number | string) => string;
  when: (ts: string | null) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Modal
      open={dialog?.kind === 'history'}
      title={dialog ? t('commission.historyTitle', { partner: name(dialog.partner) }) : ''}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={760}
    >
      <Table<RateRow>
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: true }}
        dataSource={[...rows].sort((a, b) => Date.parse(b.proposed_at) - Date.parse(a.proposed_at))}
        locale={{ emptyText: t('commission.none') }}
        aria-label={t('commission.history')}
        columns={[
          { title: t('commission.rate'), key: 'rate', render: (_: unknown, r: RateRow) => pct(r.rate) },
          {
            title: t('settlement.status'),
            key: 's',
            render: (_: unknown, r: RateRow) => (
              <>
                <Tag color={STATUS_COLOUR[r.status]}>{t(`commission.status.${r.status}`)}</Tag>
                {r.set_by_admin && <Tag>{t('commission.byAdmin')}</Tag>}
              </>
            ),
          },
          { title: t('commission.proposedAt'), dataIndex: 'proposed_at', render: when },
          { title: t('commission.decidedAt'), dataIndex: 'decided_at', render: when },
          { title: t('commission.effectiveFrom'), dataIndex: 'effective_from', render: when },
        ]}
      />
    </Modal>
  );
}
