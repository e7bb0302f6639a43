// The month's invoice once the month is closed: amount, payment reference, paid or not, and while unpaid how to
// pay it with its VietQR code.
import { useMemo } from 'react';
import { Typography, Tag } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { useQrSvgs } from '../../../lib/qr-svg.ts';
import type { Invoice } from '../api/partner-statement.ts';
import type { Money } from '../hooks/use-money.ts';
import { PortalCard, usePaidText } from './portal-card.tsx';

export function InvoiceCard({ invoice, money, monthLabel }: { invoice: Invoice; money: Money; monthLabel: string }) {
  const { t } = useTranslation('dashboard');
  const paidText = usePaidText();
  const one = useMemo(() => [invoice], [invoice]);
  const svg = useQrSvgs(one, true, '#111111')[invoice.id] ?? '';
  return (
    <PortalCard title={t('partnerPortal.invoiceTitle', { month: monthLabel })} testId="portal-invoice">
      <dl
        style={{ display: 'grid', gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)', gap: '6px 12px', margin: 0 }}
      >
        <dt>{t('partnerPortal.invoiceAmount')}</dt>
        <dd style={{ margin: 0, fontWeight: 600, fontSize: 18 }} data-testid="portal-invoice-amount">
          {money(invoice.commission_minor, invoice.currency)}
        </dd>
        <dt>{t('partnerPortal.invoiceReference')}</dt>
        <dd style={{ margin: 0, fontFamily: 'monospace', fontSize: 16 }} data-testid="portal-invoice-reference">
          {invoice.payment_reference}
        </dd>
        <dt>{t('partnerPortal.invoiceStatus')}</dt>
        <dd style={{ margin: 0, minWidth: 0 }} data-testid="portal-invoice-status">
          {invoice.status === 'paid' ? (
            <Tag color="green" style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
              {paidText(invoice)}
            </Tag>
          ) : (
            <Tag color="gold" style={{ whiteSpace: 'normal', marginInlineEnd: 0 }}>
              {paidText(invoice)}
            </Tag>
          )}
        </dd>
      </dl>
      {invoice.status !== 'paid' && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t('partnerPortal.invoiceHowTo', { reference: invoice.payment_reference })}
        </Typography.Paragraph>
      )}
      {svg && (
        <figure style={{ margin: '12px 0 0', textAlign: 'center' }}>
          <div
            role="img"
            aria-label={t('partnerPortal.vietqr')}
            data-testid="portal-vietqr"
            style={{ width: 'min(240px, 70vw)', margin: '0 auto' }}
            dangerouslySetInnerHTML={{ __html: svg }}
          />
          <figcaption>
            <Typography.Text type="secondary">{t('partnerPortal.vietqr')}</Typography.Text>
          </figcaption>
        </figure>
      )}
    </PortalCard>
  );
}
