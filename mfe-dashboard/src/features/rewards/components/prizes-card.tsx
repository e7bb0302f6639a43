// The shown campaign's prizes: label, kind, what it gives, weight, the odds it has (as the database draws), stock.
import { useCallback } from 'react';
import { Button, Card, Table, Typography } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Campaign } from '../api/list-reward-campaigns.ts';
import type { Prize } from '../api/list-reward-prizes.ts';
import type { Partner } from '../hooks/use-partners.ts';
import type { usePrizes } from '../hooks/use-prizes.ts';
import { usePercent } from '../hooks/use-percent.ts';

export function PrizesCard({
  current,
  prizes: p,
  partners,
}: {
  current: Campaign;
  prizes: ReturnType<typeof usePrizes>;
  partners: Partner[];
}) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const pct = usePercent();
  const kindLabel = (k: string) => t(`rewards.kinds.${k}`);
  const partnerName = useCallback(
    (id: string | null) => pickText(partners.find((x) => x.id === id)?.title, locale) || '',
    [partners, locale],
  );
  return (
    <Card
      size="small"
      title={t('rewards.prizesOf', { name: pickText(current.title, locale) || kindLabel(current.kind) })}
      extra={<Button onClick={() => p.open('new')}>{t('rewards.addPrize')}</Button>}
      loading={p.prizes === null}
    >
      <Typography.Paragraph type="secondary">{t('rewards.oddsExplain')}</Typography.Paragraph>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={p.prizes ?? []}
        locale={{ emptyText: t('rewards.noPrizes') }}
        columns={[
          {
            title: t('rewards.label'),
            key: 'label',
            render: (_: unknown, r: Prize) => pickText(r.label, locale),
          },
          { title: t('rewards.kind'), dataIndex: 'kind', render: (k: string) => t(`rewards.prizeKinds.${k}`) },
          {
            title: t('rewards.detail'),
            key: 'detail',
            render: (_: unknown, r: Prize) =>
              r.kind === 'points'
                ? t('rewards.pointsValue', { count: r.points ?? 0 })
                : r.kind === 'voucher'
                  ? t('rewards.voucherValue', { pct: r.discount_pct ?? '', partner: partnerName(r.activity_id) })
                  : '',
          },
          { title: t('rewards.weight'), dataIndex: 'weight', align: 'right' },
          {
            title: t('rewards.odds'),
            key: 'odds',
            align: 'right',
            render: (_: unknown, r: Prize, i: number) => (
              <span data-testid={`odds-${r.id}`}>{pct(p.chances[i] ?? 0)}</span>
            ),
          },
          {
            title: t('rewards.stock'),
            dataIndex: 'stock',
            align: 'right',
            render: (s: number | null) => (s === null ? t('rewards.unlimited') : s),
          },
          {
            title: '',
            key: 'edit',
            render: (_: unknown, r: Prize) => (
              <Button
                size="small"
                onClick={() => p.open(r)}
                aria-label={t('rewards.editPrizeOf', { name: pickText(r.label, locale) })}
              >
                {t('rewards.edit')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
