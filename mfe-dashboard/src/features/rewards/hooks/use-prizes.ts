// The shown campaign's prizes (in their order), their odds, and saving one from its dialog.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Form } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { listRewardPrizes, type Prize } from '../api/list-reward-prizes.ts';
import { upsertRewardPrize } from '../api/upsert-reward-prize.ts';
import { odds } from '../utils/odds.ts';
import { prizeArgs, prizeValues, type PrizeValues } from '../utils/reward-forms.ts';

export function usePrizes(campaignId: string | null) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [prizes, setPrizes] = useState<Prize[] | null>(null);
  const [editing, setEditing] = useState<Prize | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<PrizeValues>();

  const reload = useCallback(async () => {
    if (!campaignId) return setPrizes(null);
    const { data, error } = await listRewardPrizes(db, campaignId);
    if (error) return toast.error(t(errorKey(error)));
    setPrizes([...data].sort((a, b) => a.sort_order - b.sort_order || a.created_at.localeCompare(b.created_at)));
  }, [db, campaignId, toast, t]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const open = (p: Prize | 'new') => {
    setEditing(p);
    form.resetFields();
    form.setFieldsValue(prizeValues(p));
  };
  const save = async (v: PrizeValues) => {
    if (!campaignId) return;
    const isNew = editing === 'new';
    setBusy(true);
    const { error } = await upsertRewardPrize(
      db,
      prizeArgs(
        v,
        isNew ? null : (editing as Prize).id,
        campaignId,
        isNew ? ((prizes?.length ?? 0) + 1) * 10 : (editing as Prize).sort_order,
      ),
    );
    setBusy(false);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('rewards.prizeSaved'));
    setEditing(null);
    void reload();
  };

  const chances = useMemo(() => odds(prizes ?? []), [prizes]);
  return { prizes, chances, editing, close: () => setEditing(null), open, save, busy, form };
}
