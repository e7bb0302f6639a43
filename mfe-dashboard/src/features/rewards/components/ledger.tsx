// What guests and partners did: recent plays, vouchers redeemed and partner transactions; a
// moderator can record a transaction by hand (a fresh idempotency key per submission, so a retry of
// the same submission is one transaction) and set a partner's PIN for voucher redemptions.
import { Col, Row } from 'antd';
import { pickText } from '@guestmap/shared-ui/i18n';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import type { Tables } from '@guestmap/shared-ui/database';
import type { Partner } from '../hooks/use-partners.ts';
import { useLedger } from '../hooks/use-ledger.ts';
import { RecordTransactionCard } from './record-transaction-card.tsx';
import { PartnerPinCard } from './partner-pin-card.tsx';
import { RecentTables } from './recent-tables.tsx';

export function Ledger({ customer, partners }: { customer: Tables<'customers'>; partners: Partner[] }) {
  const { locale } = usePlatform();
  const { plays, redemptions, txns, reload } = useLedger(customer.id);
  const partnerOptions = partners.map((p) => ({ value: p.id, label: pickText(p.title, locale) }));
  return (
    <>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <RecordTransactionCard
            customerId={customer.id}
            partnerOptions={partnerOptions}
            onRecorded={() => void reload()}
          />
        </Col>
        <Col xs={24} lg={12}>
          <PartnerPinCard partnerOptions={partnerOptions} />
        </Col>
      </Row>
      <RecentTables plays={plays} redemptions={redemptions} txns={txns} />
    </>
  );
}
