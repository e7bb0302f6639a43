// The list: order buttons, name (opens the editor), partner tag, missing translations, category, publish switch.
import { Button, Space, Switch, Table, Tag, Typography } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { lacking } from '../../../lib/translations.ts';
import type { Activity } from '../api/list-activities.ts';
import { MissingBadges } from './translation-status.tsx';

export function RecommendationsTable({
  rows,
  loading,
  busyId,
  onOpen,
  onMove,
  onPublish,
}: {
  rows: Activity[];
  loading: boolean;
  busyId: string | null;
  onOpen: (r: Activity) => void;
  onMove: (r: Activity, dir: -1 | 1) => void;
  onPublish: (r: Activity, on: boolean) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  return (
    <Table<Activity>
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={rows}
      pagination={{ pageSize: 25, hideOnSinglePage: true }}
      scroll={{ x: true }}
      columns={[
        {
          title: t('recs.order'),
          key: 'order',
          width: 90,
          render: (_, r) => (
            <Space size={2}>
              <Button
                size="small"
                aria-label={t('recs.moveUp', { name: pickText(r.title, locale) })}
                onClick={() => onMove(r, -1)}
              >
                ↑
              </Button>
              <Button
                size="small"
                aria-label={t('recs.moveDown', { name: pickText(r.title, locale) })}
                onClick={() => onMove(r, 1)}
              >
                ↓
              </Button>
            </Space>
          ),
        },
        {
          title: t('recs.name'),
          key: 'title',
          sorter: (a, b) => pickText(a.title, locale).localeCompare(pickText(b.title, locale), locale),
          render: (_, r) => (
            <Space direction="vertical" size={0}>
              <Typography.Link onClick={() => onOpen(r)}>{pickText(r.title, locale)}</Typography.Link>
              {r.is_partner && <Tag color="gold">{t('recs.partner')}</Tag>}
            </Space>
          ),
        },
        {
          title: t('recs.translations'),
          key: 'translations',
          render: (_, r) => <MissingBadges missing={lacking(r)} />,
        },
        {
          title: t('recs.category'),
          dataIndex: 'category',
          sorter: (a, b) => a.category.localeCompare(b.category),
          render: (c: string) => t(`categories.${c}`),
        },
        {
          title: t('recs.published'),
          key: 'published',
          sorter: (a, b) => Number(a.published) - Number(b.published),
          render: (_, r) => (
            <Switch
              checked={r.published}
              loading={busyId === r.id}
              aria-label={t('recs.publishToggle', { name: pickText(r.title, locale) })}
              onChange={(on) => onPublish(r, on)}
            />
          ),
        },
      ]}
    />
  );
}
