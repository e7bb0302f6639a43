// The Staff tab: a link and a poster per staff member (`/{hotel}?s=<code>`), revocable, and each one's guests,
// plays, redemptions and the hotel's commission for a period, with a CSV (docs/staff-links.md).
import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { PeriodPicker } from '../../../lib/period-picker.tsx';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Tables } from '@guestmap/shared-ui/database';
import { errorKey, useDb } from '../../../lib/use-db.ts';
import { formatMoney } from '../../../lib/money.ts';
import { useCsvDownload } from '../../../lib/download.ts';
import { QrPosterCard } from '../../../lib/qr-poster.tsx';
import type { StaffLinkFigures } from '../api/staff-link-figures.ts';
import { useStaffFigures } from '../hooks/use-staff-figures.ts';
import { createStaffLink } from '../api/create-staff-link.ts';
import { revokeStaffLink } from '../api/revoke-staff-link.ts';
import { lastDays, staffCsvRows, staffLinkUrl } from '../utils/staff-figures.ts';

export function StaffLinks({ customer }: { customer: Tables<'customers'> }) {
  const { t } = useTranslation('dashboard');
  const { toast, locale, hrefFor } = usePlatform();
  const db = useDb();
  const csv = useCsvDownload();
  const [days, setDays] = useState(30);
  const [busy, setBusy] = useState<string | null>(null);
  const [poster, setPoster] = useState<StaffLinkFigures | null>(null);
  const [form] = Form.useForm<{ name: string }>();
  const period = lastDays(days);
  const linkOf = (code: string) =>
    staffLinkUrl(window.location.origin, hrefFor('Customer', { customerId: customer.id }), code);

  const { rows, reload: load } = useStaffFigures(customer.id, period.from, period.to);

  const create = async ({ name }: { name: string }) => {
    setBusy('create');
    try {
      await createStaffLink(db, customer.id, name);
      toast.success(t('staff.created', { name: name.trim() }));
      form.resetFields();
    } catch (e) {
      toast.error(t(errorKey(e)));
    } finally {
      setBusy(null);
      void load();
    }
  };
  const revoke = async (r: StaffLinkFigures) => {
    setBusy(r.staff_link_id);
    try {
      await revokeStaffLink(db, r.staff_link_id);
      toast.success(t('staff.revoked', { name: r.name }));
    } catch (e) {
      toast.error(t(errorKey(e)));
    } finally {
      setBusy(null);
      void load();
    }
  };
  const money = (c: Record<string, number>) =>
    Object.keys(c).length === 0
      ? '–'
      : Object.entries(c)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([cur, n]) => formatMoney(n, cur, locale))
          .join(' · ');

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card title={t('staff.title')}>
        <Typography.Paragraph type="secondary">{t('staff.intro')}</Typography.Paragraph>
        <Form form={form} layout="inline" onFinish={(v) => void create(v)} requiredMark={false}>
          <Form.Item
            name="name"
            label={t('staff.name')}
            rules={[
              { required: true, whitespace: true, message: t('staff.nameRequired') },
              { max: 80, message: t('staff.nameRequired') },
            ]}
          >
            <Input maxLength={80} placeholder={t('staff.namePlaceholder')} style={{ width: 260 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy === 'create'}>
            {t('staff.create')}
          </Button>
        </Form>
      </Card>
      <Card
        title={t('staff.figuresTitle')}
        extra={
          <Button
            disabled={!rows}
            onClick={() => rows && csv(`${customer.id}-staff-${period.from}.csv`, staffCsvRows(rows, period, linkOf))}
          >
            {t('staff.csv')}
          </Button>
        }
      >
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 12 }}>
          <PeriodPicker days={days} onChange={setDays} />
        </div>
        <Table<StaffLinkFigures>
          rowKey="staff_link_id"
          loading={rows === null}
          dataSource={rows ?? []}
          pagination={false}
          scroll={{ x: true }}
          locale={{ emptyText: t('staff.empty') }}
          columns={[
            {
              title: t('staff.name'),
              dataIndex: 'name',
              render: (name: string, r) => (
                <Space direction="vertical" size={2}>
                  <span>
                    {name} {r.revoked_at && <Tag>{t('staff.revokedTag')}</Tag>}
                  </span>
                  {!r.revoked_at && (
                    <Typography.Text copyable={{ text: linkOf(r.code) }} type="secondary" data-testid="staff-link">
                      {linkOf(r.code)}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            { title: t('staff.guests'), dataIndex: 'guests', align: 'right' },
            { title: t('staff.plays'), dataIndex: 'plays', align: 'right' },
            { title: t('staff.redemptions'), dataIndex: 'redemptions', align: 'right' },
            {
              title: t('staff.commission'),
              dataIndex: 'commission',
              align: 'right',
              render: (c: Record<string, number>) => money(c),
            },
            {
              title: '',
              key: 'actions',
              render: (_: unknown, r) =>
                r.revoked_at ? null : (
                  <Space wrap>
                    <Button size="small" onClick={() => setPoster(r)}>
                      {t('staff.poster')}
                    </Button>
                    <Popconfirm
                      title={t('staff.revokeConfirm', { name: r.name })}
                      okText={t('staff.revoke')}
                      onConfirm={() => void revoke(r)}
                    >
                      <Button size="small" danger loading={busy === r.staff_link_id}>
                        {t('staff.revoke')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('staff.figuresNote')}
        </Typography.Paragraph>
      </Card>
      <Modal open={!!poster} onCancel={() => setPoster(null)} footer={null} width={720} destroyOnHidden>
        {poster && (
          <QrPosterCard
            customer={customer}
            target={linkOf(poster.code)}
            note={poster.name}
            title={t('staff.posterTitle', { name: poster.name })}
            fileBase={`${customer.id}-staff-${poster.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-qr`}
            targetTestId="staff-poster-target"
          />
        )}
      </Modal>
    </Space>
  );
}
