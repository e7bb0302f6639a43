// Rewards for the hotel's guests: campaigns (scratch card, fortune wheel) and their prizes with the
// odds each weight gives, partners' commission, and the ledger. Every write goes through the database's RPCs
// (one call = all or nothing).
import { Space } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { Tables } from '@guestmap/shared-ui/database';
import { usePartners, usePartnersReading } from '../hooks/use-partners.ts';
import { useCampaigns } from '../hooks/use-campaigns.ts';
import { usePrizes } from '../hooks/use-prizes.ts';
import { CampaignsCard } from './campaigns-card.tsx';
import { PrizesCard } from './prizes-card.tsx';
import { CampaignDialog } from './campaign-dialog.tsx';
import { PrizeDialog } from './prize-dialog.tsx';
import { Commission } from './commission.tsx';
import { Ledger } from './ledger.tsx';

export function Rewards({ customer }: { customer: Tables<'customers'> }) {
  const { t } = useTranslation('dashboard');
  const partners = usePartners(customer.id);
  const campaigns = useCampaigns(customer.id);
  const prizes = usePrizes(campaigns.selected);
  // The commission rows appear once what is above them is read (or failed): cards that fill in one by one would
  // push the rows down while a hand reaches for their buttons, and a click would land on the wrong one.
  const above = usePartnersReading(customer.id) || campaigns.reading || prizes.reading;
  return (
    <section aria-label={t('rewards.title')}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <CampaignsCard campaigns={campaigns} />
        {campaigns.current && <PrizesCard current={campaigns.current} prizes={prizes} partners={partners} />}
        <Commission customerId={customer.id} partners={partners} settled={!above} />
        <Ledger customer={customer} partners={partners} />
      </Space>
      <CampaignDialog campaigns={campaigns} />
      <PrizeDialog prizes={prizes} partners={partners} />
    </section>
  );
}
