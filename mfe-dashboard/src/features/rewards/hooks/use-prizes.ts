// The shown campaign's prizes (in their order), their odds, and saving one from its dialog.
import { useMemo, useState } from 'react';
import { useInvalidate, useReadFailure } from '@guestmap/shared-ui/data';
import { Form } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import type { Prize } from '../api/list-reward-prizes.ts';
import { rewardsApi } from './rewards-data.ts';
import { upsertRewardPrize } from '../api/upsert-reward-prize.ts';
import { odds } from '../utils/odds.ts';
import { prizeArgs, prizeValues, type PrizeValues } from '../utils/reward-forms.ts';

export function usePrizes(campaignId: string | null) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [editing, setEditing] = useState<Prize | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<PrizeValues>();

  const invalidate = useInvalidate();
  const r = rewardsApi.useDashboardPrizesQuery(campaignId ?? '', { skip: !campaignId });
  useReadFailure(r, (e) => toast.error(t(errorKey(e))));
  // The last campaign's prizes stay until the next one's are read (none for no campaign).
  const prizes = campaignId ? (r.data ?? null) : null;

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
    invalidate([{ type: 'DashboardPrizes', id: campaignId }]);
  };

  const chances = useMemo(() => odds(prizes ?? []), [prizes]);
  return {
    prizes,
    reading: !!campaignId && r.isLoading,
    chances,
    editing,
    close: () => setEditing(null),
    open,
    save,
    busy,
    form,
  };
}
