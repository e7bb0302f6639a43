// The hotel's campaigns, the one shown (the first by default), and saving one from its dialog.
import { useState } from 'react';
import { useInvalidate, useReadFailure } from '@guestmap/shared-ui/data';
import { Form } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import type { Campaign } from '../api/list-reward-campaigns.ts';
import { rewardsApi } from './rewards-data.ts';
import { upsertRewardCampaign } from '../api/upsert-reward-campaign.ts';
import { campaignArgs, campaignValues, type CampaignValues } from '../utils/reward-forms.ts';

export function useCampaigns(customerId: string) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<CampaignValues>();

  const invalidate = useInvalidate();
  const r = rewardsApi.useDashboardCampaignsQuery(customerId);
  useReadFailure(r, (e) => toast.error(t(errorKey(e))));
  const campaigns = r.data ?? null;

  const open = (c: Campaign | 'new') => {
    setEditing(c);
    form.resetFields();
    form.setFieldsValue(campaignValues(c));
  };
  const save = async (v: CampaignValues) => {
    setBusy(true);
    const { data, error } = await upsertRewardCampaign(
      db,
      campaignArgs(v, editing === 'new' ? null : (editing?.id ?? null), customerId),
    );
    setBusy(false);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('rewards.campaignSaved'));
    setEditing(null);
    setSelected(data.id);
    invalidate([{ type: 'DashboardCampaigns', id: customerId }]);
  };

  // The first campaign is shown until another is chosen.
  const shown = selected ?? campaigns?.[0]?.id ?? null;
  const current = campaigns?.find((c) => c.id === shown) ?? null;
  return {
    campaigns,
    reading: r.isLoading,
    selected: shown,
    setSelected,
    current,
    editing,
    close: () => setEditing(null),
    open,
    save,
    busy,
    form,
  };
}
