// The partner portal: what a partner business's staff see of their settlement with the hotel, month by
// month. Built for a phone at a counter (375 px: one column, full-width 48 px buttons, lists instead of
// wide tables, nothing wider than the screen) and for a desk. Every figure comes from the database in
// integer minor units and is formatted with the currency's decimals from the `currencies` table.
// This file: who is asking (staff of which partners), the partner and month pickers; the month is month-view.tsx.
import { useMemo } from 'react';
import { Button, Flex, Result, Select, Spin, Typography } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform, useSearchParams } from '@guestmap/shared-ui/contracts';
import { isMonth, localMonth, monthLabel, monthsUpTo } from '../../../lib/months.ts';
import type { MyPartner } from '../api/my-partners.ts';
import { useMyPartners } from '../hooks/use-my-partners.ts';
import { TAP } from './portal-card.tsx';
import { MonthView } from './month-view.tsx';
import { PinCard } from './pin-card.tsx';

export function PartnerPortal() {
  const { t } = useTranslation('dashboard');
  const { locale, navigateTo, hrefFor } = usePlatform();
  const [params, setParams] = useSearchParams();
  const { partners, loadError, units } = useMyPartners();

  const current = useMemo(() => localMonth(), []);
  const askedMonth = params.get('month');
  const month = isMonth(askedMonth) && askedMonth <= current ? askedMonth : current;
  const months = useMemo(() => monthsUpTo(current, 24), [current]);
  const askedPartner = params.get('partner');
  const partner = partners?.find((p) => p.activity_id === askedPartner) ?? partners?.[0] ?? null;

  const setQuery = (key: string, value: string) => setParams((p) => (p.set(key, value), p), { replace: true });
  const label = (m: string) => monthLabel(m, locale);
  const partnerName = (p: MyPartner) => pickText(p.title, locale) || p.hotel_name;

  if (partners === null) return <Spin style={{ display: 'block', margin: '64px auto' }} />;
  if (!partner)
    return (
      <Result
        status="403"
        title={t('partnerPortal.noPartner')}
        subTitle={loadError ? t(loadError) : t('partnerPortal.noPartnerHelp')}
        extra={
          <Button href={hrefFor('User')} onClick={(e) => (e.preventDefault(), navigateTo('User'))} style={TAP}>
            {t('partnerPortal.toAccount')}
          </Button>
        }
      />
    );

  return (
    <main
      style={{
        maxWidth: 760,
        width: '100%',
        margin: '0 auto',
        padding: '12px 12px 48px',
        boxSizing: 'border-box',
        overflowWrap: 'anywhere',
      }}
    >
      <Typography.Title level={1} style={{ fontSize: 24, margin: '4px 0 2px' }}>
        {t('partnerPortal.heading', { name: partnerName(partner) })}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('partnerPortal.partnerOf', { hotel: partner.hotel_name })}
      </Typography.Paragraph>
      <Flex vertical gap={8} style={{ marginBottom: 16 }}>
        {partners.length > 1 && (
          <label style={{ display: 'block' }}>
            <Typography.Text strong>{t('partnerPortal.partner')}</Typography.Text>
            <Select
              data-testid="portal-partner"
              size="large"
              style={{ width: '100%', marginTop: 4 }}
              value={partner.activity_id}
              onChange={(v) => setQuery('partner', v)}
              options={partners.map((p) => ({ value: p.activity_id, label: `${partnerName(p)} · ${p.hotel_name}` }))}
              aria-label={t('partnerPortal.partner')}
            />
          </label>
        )}
        <label style={{ display: 'block' }}>
          <Typography.Text strong>{t('partnerPortal.month')}</Typography.Text>
          <Select
            data-testid="portal-month"
            size="large"
            style={{ width: '100%', marginTop: 4 }}
            value={month}
            onChange={(v) => setQuery('month', v)}
            options={(months.includes(month) ? months : [month, ...months]).map((m) => ({
              value: m,
              label: label(m),
            }))}
            aria-label={t('partnerPortal.month')}
          />
        </label>
      </Flex>
      <MonthView
        key={`${partner.activity_id}:${month}`}
        partner={partner}
        month={month}
        monthLabel={label(month)}
        units={units}
      />
      <PinCard partner={partner} />
    </main>
  );
}
