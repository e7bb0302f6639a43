// The hotel's campaigns, the one shown (the first by default), and saving one from its dialog.
import { useCallback, useEffect, useState } from 'react';
import { Form } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { listRewardCampaigns, type Campaign } from '../api/list-reward-campaigns.ts';
import { upsertRewardCampaign } from '../api/upsert-reward-campaign.ts';
import { campaignArgs, campaignValues, type CampaignValues } from '../utils/reward-forms.ts';

export function useCampaigns(customerId: string) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [campaigns, setCampaigns] = useState<Campaign[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<CampaignValues>();

  const reload = useCallback(async () => {
    const { data, error } = await listRewardCampaigns(db, customerId);
    if (error) return toast.error(t(errorKey(error)));
    setCampaigns(data);
    setSelected((s) => s ?? data[0]?.id ?? null);
  }, [db, customerId, toast, t]);
  useEffect(() => {
    void reload();
  }, [reload]);

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
    void reload();
  };

  const current = campaigns?.find((c) => c.id === selected) ?? null;
  return { campaigns, selected, setSelected, current, editing, close: () => setEditing(null), open, save, busy, form };
}
