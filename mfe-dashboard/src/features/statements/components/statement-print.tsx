// What is printed from the Statements tab: the statement with its items apart (default), the invoices (one
// block each, with the VietQR code when the platform's bank account is configured) or the payout.
import { Descriptions, Typography } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import { useQrSvgs } from '../../../lib/qr-svg.ts';
import type { StatementFormat } from '../hooks/use-statement-format.ts';
import type { StatementLine } from '../utils/statement.ts';
import type { HotelStatementItem, Settlement } from '../utils/settlement.ts';
import { StatementTable } from './statement-table.tsx';
import { ApartTable } from './apart-table.tsx';
import { PayoutTable } from './settlement-tables.tsx';

export type Doc = 'statement' | 'invoices' | 'payout';

export function StatementPrint({
  printing,
  customer,
  label,
  lines,
  items,
  settlement,
  fmt,
}: {
  printing: Doc;
  customer: { name: string };
  label: string;
  lines: StatementLine[] | null;
  items: HotelStatementItem[] | null;
  settlement: Settlement | null;
  fmt: StatementFormat;
}) {
  const { t } = useTranslation('dashboard');
  const qr = useQrSvgs(settlement?.invoices, false);
  if (printing === 'invoices')
    return (
      <>
        <Typography.Title level={2}>
          {t('settlement.invoicesHeading', { name: customer.name, month: label })}
        </Typography.Title>
        {(settlement?.invoices ?? []).map((i) => (
          <div key={i.id} className="gm-print-invoice">
            <Descriptions
              bordered
              size="small"
              column={1}
              title={t('settlement.invoiceOf', { partner: fmt.partnerOf(i) })}
            >
              <Descriptions.Item label={t('settlement.owed')}>
                {fmt.money(i.commission_minor, i.currency)}
              </Descriptions.Item>
              <Descriptions.Item label={t('settlement.reference')}>{i.payment_reference}</Descriptions.Item>
              <Descriptions.Item label={t('settlement.status')}>
                {t(`settlement.paidStatus.${i.status}`)}
                {i.paid_at ? ` · ${fmt.when(i.paid_at)}` : ''}
              </Descriptions.Item>
            </Descriptions>
            {qr[i.id] && (
              <div
                style={{ width: '40mm', marginTop: 8 }}
                aria-label={t('settlement.vietqr')}
                dangerouslySetInnerHTML={{ __html: qr[i.id]! }}
              />
            )}
          </div>
        ))}
      </>
    );
  if (printing === 'payout')
    return (
      <>
        <Typography.Title level={2}>
          {t('settlement.payoutHeading', { name: customer.name, month: label })}
        </Typography.Title>
        <Typography.Paragraph>{t('settlement.payoutExplain')}</Typography.Paragraph>
        <PayoutTable
          payouts={settlement?.payouts ?? []}
          testIds={false}
          fmt={fmt}
          isAdmin={false}
          busy={null}
          onMarkPaid={() => {}}
        />
      </>
    );
  return (
    <>
      <Typography.Title level={2}>
        {t('statements.printHeading', { name: customer.name, month: label })}
      </Typography.Title>
      <Typography.Paragraph>{t('statements.explain')}</Typography.Paragraph>
      <StatementTable lines={lines} labels={fmt.labels} money={fmt.money} testIds={false} />
      {items && items.length > 0 && (
        <>
          <Typography.Title level={4}>{t('settlement.apartTitle')}</Typography.Title>
          <ApartTable items={items} when={fmt.when} money={fmt.money} partner={fmt.partnerOf} testIds={false} />
        </>
      )}
    </>
  );
}
