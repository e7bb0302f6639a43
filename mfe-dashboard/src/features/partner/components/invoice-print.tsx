// The printable invoice of the month: reference, amount, paid or not, the VietQR code while open.
import { Descriptions, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { PrintCopy } from '../../../lib/print.tsx';
import { useQrSvgs } from '../../../lib/qr-svg.ts';
import type { Invoice } from '../api/partner-statement.ts';
import type { Money } from '../hooks/use-money.ts';
import { usePaidText } from './portal-card.tsx';

export function InvoicePrint({ heading, invoices, money }: { heading: string; invoices: Invoice[]; money: Money }) {
  const { t } = useTranslation('dashboard');
  const paidText = usePaidText();
  const qr = useQrSvgs(invoices, true, '#111111');
  return (
    <PrintCopy shown testId="portal-invoice-print">
      <Typography.Title level={2}>{heading}</Typography.Title>
      {invoices.map((i) => (
        <div key={i.id} className="gm-print-invoice">
          <Descriptions bordered size="small" column={1}>
            <Descriptions.Item label={t('partnerPortal.invoiceAmount')}>
              {money(i.commission_minor, i.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t('partnerPortal.invoiceReference')}>{i.payment_reference}</Descriptions.Item>
            <Descriptions.Item label={t('partnerPortal.invoiceStatus')}>{paidText(i)}</Descriptions.Item>
          </Descriptions>
          {qr[i.id] && (
            <div
              role="img"
              aria-label={t('partnerPortal.vietqr')}
              style={{ width: '40mm', marginTop: 8 }}
              dangerouslySetInnerHTML={{ __html: qr[i.id]! }}
            />
          )}
        </div>
      ))}
    </PrintCopy>
  );
}
