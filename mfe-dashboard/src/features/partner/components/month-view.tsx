// A partner's month: the printable invoice, CSV and print buttons, whether the month is closed, the commission
// owed, the items to confirm or dispute, the invoices, the rate, every item of the month.
import { useState } from 'react';
import { Alert, Button, Flex, Spin } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb } from '../../../lib/use-db.ts';
import { useCsvDownload } from '../../../lib/download.ts';
import { printSoon } from '../../../lib/print.tsx';
import type { StatementItem } from '../../../lib/statement-item.ts';
import type { MyPartner } from '../api/my-partners.ts';
import { confirmItem } from '../api/confirm-partner-transaction.ts';
import { disputeItem } from '../api/dispute-partner-transaction.ts';
import { respondRate } from '../api/respond-commission-rate.ts';
import { useMoney } from '../hooks/use-money.ts';
import { usePartnerMonth } from '../hooks/use-partner-month.ts';
import { itemsRows } from '../utils/portal-logic.ts';
import { TAP } from './portal-card.tsx';
import { InvoicePrint } from './invoice-print.tsx';
import { OwedCard } from './owed-card.tsx';
import { PendingCard } from './pending-card.tsx';
import { InvoiceCard } from './invoice-card.tsx';
import { RateCard } from './rate-card.tsx';
import { ItemsCard } from './items-card.tsx';
import { DisputeDialog } from './dispute-dialog.tsx';

export function MonthView({
  partner,
  month,
  monthLabel,
  units,
}: {
  partner: MyPartner;
  month: string;
  monthLabel: string;
  units: Map<string, number>;
}) {
  const { t } = useTranslation('dashboard');
  const download = useCsvDownload();
  const { locale } = usePlatform();
  const db = useDb();
  const money = useMoney(units);
  const { statement, rates, error, busy, act } = usePartnerMonth(partner.activity_id, month);
  const [disputing, setDisputing] = useState<StatementItem | null>(null);

  if (error && !statement) return <Alert type="error" showIcon title={t(error)} style={{ marginBottom: 16 }} />;
  if (!statement || !rates) return <Spin style={{ display: 'block', margin: '48px auto' }} />;

  const pending = statement.items.filter((i) => i.status === 'pending');
  // What is owed: currencies with confirmed spend (a currency with only pending or disputed sales owes nothing).
  const owed = statement.currency_totals.filter((c) => c.confirmed_count > 0);
  const proposal = rates.find((r) => r.status === 'proposed') ?? null;
  const name = pickText(partner.title, locale) || partner.hotel_name;
  const exportCsv = () =>
    download(
      `${partner.customer_id}-${partner.activity_id}-items-${month}.csv`,
      itemsRows(month, name, partner.hotel_name, statement.items, units),
    );

  return (
    <Flex vertical gap={16} style={{ marginBottom: 16 }}>
      <InvoicePrint
        heading={t('partnerPortal.invoicePrintHeading', {
          partner: name,
          hotel: partner.hotel_name,
          month: monthLabel,
        })}
        invoices={statement.invoices}
        money={money}
      />
      <Flex gap={8} wrap>
        <Button size="large" style={{ ...TAP, flex: 1 }} onClick={exportCsv} disabled={statement.items.length === 0}>
          {t('partnerPortal.itemsCsv')}
        </Button>
        <Button size="large" style={{ ...TAP, flex: 1 }} onClick={printSoon} disabled={statement.invoices.length === 0}>
          {t('partnerPortal.invoicePrint')}
        </Button>
      </Flex>
      {statement.closed ? (
        <Alert
          type="info"
          showIcon
          title={t('partnerPortal.closed', { month: monthLabel })}
          data-testid="portal-closed"
        />
      ) : null}
      <OwedCard owed={owed} money={money} monthLabel={monthLabel} />
      <PendingCard
        pending={pending}
        closed={statement.closed}
        money={money}
        busy={busy}
        onConfirm={(i) => void act(`confirm:${i.id}`, () => confirmItem(db, i.id), t('partnerPortal.confirmed'))}
        onDispute={setDisputing}
      />
      {statement.invoices.map((inv) => (
        <InvoiceCard key={inv.id} invoice={inv} money={money} monthLabel={monthLabel} />
      ))}
      <RateCard
        statement={statement}
        rates={rates}
        proposal={proposal}
        busy={busy}
        onRespond={(r, accept) =>
          void act(
            `rate:${r.id}`,
            () => respondRate(db, r.id, accept),
            accept ? t('partnerPortal.rateAccepted') : t('partnerPortal.rateDeclined'),
          )
        }
      />
      <ItemsCard items={statement.items} money={money} monthLabel={monthLabel} />
      <DisputeDialog
        item={disputing}
        money={money}
        busy={busy !== null}
        onCancel={() => setDisputing(null)}
        onSubmit={async (reason) => {
          const item = disputing!;
          const ok = await act(
            `dispute:${item.id}`,
            () => disputeItem(db, item.id, reason),
            t('partnerPortal.disputed'),
          );
          if (ok) setDisputing(null);
        }}
      />
    </Flex>
  );
}
