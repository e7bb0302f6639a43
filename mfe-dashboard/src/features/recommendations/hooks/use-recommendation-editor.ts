// The editor drawer: which recommendation is open (or a new one), its form, and the save.
import { useState } from 'react';
import { Form } from 'antd';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Tables } from '@guestmap/shared-ui/database';
import { useDb } from '../../../lib/use-db.ts';
import type { Activity } from '../api/list-activities.ts';
import { createActivity } from '../api/create-activity.ts';
import { updateActivity } from '../api/update-activity.ts';
import { newFormValues, toFormValues, toPayload, type FormValues } from '../utils/recommendation-form.ts';

export function useRecommendationEditor(
  customer: Tables<'customers'> | null,
  customerId: string,
  count: number,
  reload: () => Promise<void>,
  explain: (e: unknown) => void,
) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [form] = Form.useForm<FormValues>();
  const [editing, setEditing] = useState<Activity | 'new' | null>(null);
  const [saving, setSaving] = useState(false);

  const open = (r: Activity | 'new') => {
    setEditing(r);
    form.resetFields();
    form.setFieldsValue(r === 'new' ? newFormValues(customer) : toFormValues(r));
  };

  const save = async (v: FormValues) => {
    const payload = toPayload(v);
    setSaving(true);
    const res =
      editing === 'new'
        ? await createActivity(db, { ...payload, customer_id: customerId, sort_order: (count + 1) * 10 })
        : await updateActivity(db, (editing as Activity).id, payload);
    setSaving(false);
    if (res.error) return explain(res.error);
    toast.success(t('recs.saved'));
    setEditing(null);
    void reload();
  };

  return { form, editing, open, close: () => setEditing(null), save, saving };
}
