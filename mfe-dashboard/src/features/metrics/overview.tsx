// The hotel's figures for a chosen period, compared with the one before, straight from the
// analytics events in the database.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Col, Empty, Row, Segmented, Statistic, Table, Typography } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { compare, delta, periodsFor, type AnalyticsEvent, type Comparison, type EventType } from './compute.ts';
import { useCustomerId, useDb, errorKey } from '../common/use-db.ts';
import { LineChart } from './line-chart.tsx';

const PAGE = 1000;

export function Overview() {
  const { t } = useTranslation('dashboard');
  const { locale, toast } = usePlatform();
  const db = useDb();
  const customerId = useCustomerId();
  const [days, setDays] = useState(30);
  const [data, setData] = useState<{ cmp: Comparison; titles: Map<string, unknown> } | null>(null);
  const [loading, setLoading] = useState(true);
  const periods = useMemo(() => periodsFor(days), [days]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    (async () => {
      const events: AnalyticsEvent[] = [];
      // Page through every event of both periods (the API caps a page at 1000 rows).
      for (let from = 0; ; from += PAGE) {
        const { data: rows, error } = await db
          .from('analytics_events')
          .select('type, visitor_id, activity_id, created_at')
          .eq('customer_id', customerId)
          .gte('created_at', periods.previous.start.toISOString())
          .lt('created_at', periods.current.end.toISOString())
          .order('created_at')
          .order('id')
          .range(from, from + PAGE - 1);
        if (error) throw error;
        events.push(...(rows as AnalyticsEvent[]));
        if (!rows || rows.length < PAGE) break;
      }
      const cmp = compare(events, periods);
      const ids = cmp.topActivities.map((a) => a.activityId);
      const titles = new Map<string, unknown>();
      if (ids.length) {
        const { data: acts } = await db.from('activities').select('id, title').in('id', ids);
        for (const a of acts ?? []) titles.set(a.id, a.title);
      }
      if (live) setData({ cmp, titles });
    })()
      .catch((e) => live && toast.error(t(errorKey(e))))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [db, customerId, periods, toast, t]);

  const kpis: { key: EventType | 'uniqueGuests'; label: string }[] = [
    { key: 'qr_scan', label: t('metrics.qr_scan') },
    { key: 'map_view', label: t('metrics.map_view') },
    { key: 'uniqueGuests', label: t('metrics.uniqueGuests') },
    { key: 'activity_view', label: t('metrics.activity_view') },
    { key: 'directions_click', label: t('metrics.directions_click') },
    { key: 'favourite', label: t('metrics.favourite') },
    { key: 'share', label: t('metrics.share') },
  ];
  const value = (f: Comparison['current'], k: (typeof kpis)[number]['key']) => (k === 'uniqueGuests' ? f.uniqueGuests : f.counts[k]);

  return (
    <section aria-label={t('overview.title')}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 16 }}>
        <Typography.Text strong>{t('overview.period')}</Typography.Text>
        <Segmented
          aria-label={t('overview.period')}
          value={days}
          onChange={(v) => setDays(Number(v))}
          options={[7, 30, 90].map((d) => ({ value: d, label: t('overview.lastDays', { count: d }) }))}
        />
        <Typography.Text type="secondary">{t('overview.comparedWith')}</Typography.Text>
      </div>
      <Row gutter={[12, 12]}>
        {kpis.map((k) => {
          const cur = data ? value(data.cmp.current, k.key) : 0;
          const prev = data ? value(data.cmp.previous, k.key) : 0;
          const d = delta(cur, prev);
          return (
            <Col key={k.key} xs={12} md={8} lg={6} xl={6}>
              <Card size="small" loading={loading} data-testid={`kpi-${k.key}`}>
                <Statistic title={k.label} value={cur} />
                <Typography.Text type={d === null ? 'secondary' : d >= 0 ? 'success' : 'danger'} data-testid={`kpi-${k.key}-delta`}>
                  {d === null ? t('overview.new') : `${d >= 0 ? '+' : ''}${d}%`} · {t('overview.previous', { value: prev })}
                </Typography.Text>
              </Card>
            </Col>
          );
        })}
      </Row>
      <Card size="small" title={t('overview.chartTitle')} style={{ marginTop: 16 }} loading={loading}>
        {data && <LineChart days={data.cmp.daily} series={[{ key: 'map_view', label: t('metrics.map_view') }, { key: 'qr_scan', label: t('metrics.qr_scan') }, { key: 'activity_view', label: t('metrics.activity_view') }]} />}
      </Card>
      <Card size="small" title={t('overview.topActivities')} style={{ marginTop: 16 }} loading={loading}>
        {data && data.cmp.topActivities.length === 0 ? (
          <Empty description={t('overview.noViews')} />
        ) : (
          <Table
            size="small"
            pagination={false}
            rowKey="activityId"
            dataSource={data?.cmp.topActivities ?? []}
            columns={[
              { title: t('overview.place'), dataIndex: 'activityId', render: (id: string) => pickText(data?.titles.get(id), locale) || id },
              { title: t('metrics.activity_view'), dataIndex: 'views', align: 'right' },
            ]}
          />
        )}
      </Card>
    </section>
  );
}
