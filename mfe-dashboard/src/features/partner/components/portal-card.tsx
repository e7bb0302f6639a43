// The portal's building blocks, shared by its cards: a card with a heading that wraps on a phone, the
// 48 px tap height, a plain list, and an item's one-line summary.
import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { StatementItem } from '../../../lib/statement-item.ts';
import type { Money } from '../hooks/use-money.ts';
import { formatRate } from '../utils/portal-logic.ts';

export const TAP = { minHeight: 48 } as const;

export const LIST_STYLE = { listStyle: 'none', margin: 0, padding: 0 } as const;

export const ROW_BORDER = '1px solid var(--gm-border, rgba(0,0,0,.08))';

export function PortalCard({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <Card
      size="small"
      title={<h2 style={{ margin: 0, fontSize: 17, whiteSpace: 'normal' }}>{title}</h2>}
      data-testid={testId}
    >
      {children}
    </Card>
  );
}

/** "Voucher · 10% · commission 25,000 ₫" */
export function ItemLine({ item, money }: { item: StatementItem; money: Money }) {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  return (
    <Typography.Text type="secondary">
      {t('partnerPortal.itemLine', {
        source: item.source === 'voucher' ? t('partnerPortal.sourceVoucher') : t('partnerPortal.sourceManual'),
        rate: formatRate(item.commission_rate, locale),
        commission: money(item.commission_minor, item.currency),
      })}
    </Typography.Text>
  );
}

/** "Paid on 3 Nov 2026", "Paid" or "Not paid yet". */
export function usePaidText() {
  const { t } = useTranslation('dashboard');
  const { locale } = usePlatform();
  return (i: { status: string; paid_at: string | null }) =>
    i.status === 'paid'
      ? i.paid_at
        ? t('partnerPortal.paidOn', {
            date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(i.paid_at)),
          })
        : t('partnerPortal.paid')
      : t('partnerPortal.unpaid');
}
