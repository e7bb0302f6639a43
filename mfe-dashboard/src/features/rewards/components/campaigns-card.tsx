// The hotel's campaigns: which one is shown below (its prizes), its game, status, daily limit and dates.
import { Button, Card, Empty, Table, Tag } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Campaign } from '../api/list-reward-campaigns.ts';
import type { useCampaigns } from '../hooks/use-campaigns.ts';
import { fromEnd, fromStart } from '../utils/reward-forms.ts';

export function CampaignsCard({ campaigns: c }: { campaigns: ReturnType<typeof useCampaigns> }) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const kindLabel = (k: string) => t(`rewards.kinds.${k}`);
  return (
    <Card
      size="small"
      title={t('rewards.campaigns')}
      extra={
        <Button type="primary" onClick={() => c.open('new')}>
          {t('rewards.newCampaign')}
        </Button>
      }
      loading={c.campaigns === null}
    >
      {c.campaigns?.length === 0 ? (
        <Empty description={t('rewards.noCampaigns')} />
      ) : (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={c.campaigns ?? []}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: c.selected ? [c.selected] : [],
            onChange: (keys) => c.setSelected(String(keys[0])),
            columnTitle: t('rewards.show'),
          }}
          columns={[
            {
              title: t('rewards.campaignTitle'),
              key: 'title',
              render: (_: unknown, r: Campaign) => pickText(r.title, locale) || kindLabel(r.kind),
            },
            { title: t('rewards.game'), dataIndex: 'kind', render: (k: string) => kindLabel(k) },
            {
              title: t('rewards.status'),
              dataIndex: 'active',
              render: (a: boolean) => (
                <Tag color={a ? 'green' : undefined}>{a ? t('rewards.active') : t('rewards.inactive')}</Tag>
              ),
            },
            { title: t('rewards.dailyLimit'), dataIndex: 'daily_limit', align: 'right' },
            {
              title: t('rewards.dates'),
              key: 'dates',
              render: (_: unknown, r: Campaign) =>
                [fromStart(r.starts_at) ?? '…', fromEnd(r.ends_at) ?? '…'].join(' → '),
            },
            {
              title: '',
              key: 'edit',
              render: (_: unknown, r: Campaign) => (
                <Button
                  size="small"
                  onClick={() => c.open(r)}
                  aria-label={t('rewards.editCampaignOf', { name: pickText(r.title, locale) || kindLabel(r.kind) })}
                >
                  {t('rewards.edit')}
                </Button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
