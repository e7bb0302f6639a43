// The hotel's figures for a chosen period, compared with the one before, from the database's
// dashboard_overview() (rollups of the analytics events, maintained as events arrive).
import { useState } from 'react';
import { Card, Col, Empty, Row, Statistic, Table, Typography } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { delta, type Comparison, type EventType } from '../utils/compute.ts';
import { useCustomerId } from '../../../lib/use-db.ts';
import { LineChart } from './line-chart.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { PeriodPicker } from '../../../lib/period-picker.tsx';
import { currenciesOf } from '../utils/partner-figures.ts';
import { useOverview } from '../hooks/use-overview.ts';

export function Overview({ hotel }: { hotel: boolean }) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const customerId = useCustomerId();
  const [days, setDays] = useState(30);
  const { data, loading } = useOverview(customerId, days, hotel);

  const kpis: { key: EventType | 'uniqueGuests'; label: string }[] = [
    { key: 'qr_scan', label: t('metrics.qr_scan') },
    { key: 'map_view', label: t('metrics.map_view') },
    { key: 'uniqueGuests', label: t('metrics.uniqueGuests') },
    { key: 'activity_view', label: t('metrics.activity_view') },
    { key: 'directions_click', label: t('metrics.directions_click') },
    { key: 'favourite', label: t('metrics.favourite') },
    { key: 'share', label: t('metrics.share') },
  ];
  const value = (f: Comparison['current'], k: (typeof kpis)[number]['key']) =>
    k === 'uniqueGuests' ? f.uniqueGuests : f.counts[k];

  const kpiCard = (
    key: string,
    label: string,
    shownValue: string | number,
    cur: number,
    prev: number,
    prevValue: string | number,
  ) => {
    const d = delta(cur, prev);
    // Counts grouped as the user's language writes numbers (1,234 / 1.234 / 1 234), like the money figures.
    const count = new Intl.NumberFormat(locale);
    const shown = typeof shownValue === 'number' ? count.format(shownValue) : shownValue;
    const prevShown = typeof prevValue === 'number' ? count.format(prevValue) : prevValue;
    return (
      <Col key={key} xs={12} md={8} lg={6} xl={6}>
        <Card size="small" loading={loading} data-testid={`kpi-${key}`}>
          <Statistic title={label} value={shown} formatter={(v) => v} />
          <Typography.Text
            type={d === null ? 'secondary' : d >= 0 ? 'success' : 'danger'}
            data-testid={`kpi-${key}-delta`}
          >
            {d === null ? t('overview.new') : `${d >= 0 ? '+' : ''}${d}%`} ·{' '}
            {t('overview.previous', { value: prevShown })}
          </Typography.Text>
        </Card>
      </Col>
    );
  };

  const partnerCards = () => {
    const p = data?.partners;
    if (!p) return [];
    const money = (m: Map<string, number>, cs: string[]) =>
      cs.length ? cs.map((c) => formatMoney(m.get(c) ?? 0, c, locale)).join(' + ') : formatMoney(0, 'VND', locale);
    const cs = currenciesOf(p.current.spend, p.previous.spend);
    const main = cs[0] ?? 'VND';
    return [
      kpiCard(
        'reward_plays',
        t('metrics.reward_plays'),
        p.current.plays,
        p.current.plays,
        p.previous.plays,
        p.previous.plays,
      ),
      kpiCard(
        'vouchers_redeemed',
        t('metrics.vouchers_redeemed'),
        p.current.redeemed,
        p.current.redeemed,
        p.previous.redeemed,
        p.previous.redeemed,
      ),
      kpiCard(
        'partner_spend',
        t('metrics.partner_spend'),
        money(p.current.spend, cs),
        p.current.spend.get(main) ?? 0,
        p.previous.spend.get(main) ?? 0,
        money(p.previous.spend, cs),
      ),
      kpiCard(
        'hotel_commission',
        t('metrics.hotel_commission'),
        money(p.current.commission, cs),
        p.current.commission.get(main) ?? 0,
        p.previous.commission.get(main) ?? 0,
        money(p.previous.commission, cs),
      ),
    ];
  };

  return (
    <section aria-label={t('overview.title')}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 16 }}>
        <PeriodPicker days={days} onChange={setDays} />
        <Typography.Text type="secondary">{t('overview.comparedWith')}</Typography.Text>
      </div>
      <Row gutter={[12, 12]}>
        {kpis.map((k) => {
          const cur = data ? value(data.cmp.current, k.key) : 0;
          const prev = data ? value(data.cmp.previous, k.key) : 0;
          return kpiCard(k.key, k.label, cur, cur, prev, prev);
        })}
      </Row>
      {hotel && (
        <>
          <Typography.Title level={2} style={{ fontSize: 18, margin: '20px 0 12px' }}>
            {t('overview.rewardsTitle')}
          </Typography.Title>
          <Row gutter={[12, 12]}>
            {loading && !data?.partners
              ? [0, 1, 2, 3].map((i) => (
                  <Col key={i} xs={12} md={8} lg={6}>
                    <Card size="small" loading />
                  </Col>
                ))
              : partnerCards()}
          </Row>
        </>
      )}
      <Card size="small" title={t('overview.chartTitle')} style={{ marginTop: 16 }} loading={loading}>
        {data && (
          <LineChart
            days={data.cmp.daily}
            series={[
              { key: 'map_view', label: t('metrics.map_view') },
              { key: 'qr_scan', label: t('metrics.qr_scan') },
              { key: 'activity_view', label: t('metrics.activity_view') },
            ]}
          />
        )}
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
              {
                title: t('overview.place'),
                dataIndex: 'activityId',
                render: (id: string) => pickText(data?.titles.get(id), locale) || id,
              },
              { title: t('metrics.activity_view'), dataIndex: 'views', align: 'right' },
            ]}
          />
        )}
      </Card>
    </section>
  );
}
