// How the Statements tab writes amounts, dates, partner names and the amount columns' headings.
import { useMemo } from 'react';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { formatMoney } from '../../../lib/money.ts';
import type { Amount, StatementLine } from '../utils/statement.ts';

export function useStatementFormat(lines: StatementLine[] | null) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  const titles = useMemo(() => new Map((lines ?? []).map((l) => [l.activity_id, l.partner])), [lines]);
  const money = (v: number, currency: string) => formatMoney(v, currency, locale);
  const when = (ts: string | null) =>
    ts ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ts)) : '';
  const partnerOf = (i: { activity_id: string; activity_title?: unknown }) =>
    (i.activity_title ? pickText(i.activity_title as never, locale) : '') || titles.get(i.activity_id) || i.activity_id;
  const labels: Record<Amount, string> = {
    gross_minor: t('statements.gross'),
    commission_minor: t('statements.commission'),
    hotel_share_minor: t('statements.hotelShare'),
    platform_fee_minor: t('statements.platformFee'),
    reinvestment_minor: t('statements.reinvestment'),
    net_to_hotel_minor: t('statements.net'),
  };
  return { money, when, partnerOf, labels };
}

export type StatementFormat = ReturnType<typeof useStatementFormat>;
