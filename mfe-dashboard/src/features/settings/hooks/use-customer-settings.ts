// The settings form's actions: save (kept in flight until the server answers), the logo and cover uploads, and
// the administrator's package; which one is busy, and what the person is told.
import { useCallback, useEffect, useState } from 'react';
import type { FormInstance } from 'antd';
import { useInFlight } from '@guestmap/shared-ui/in-flight';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import type { Tables, TablesUpdate } from '@guestmap/shared-ui/database';
import { useDb, errorKey } from '../../../lib/use-db.ts';
import { uploadImage } from '../../../lib/api/upload-image.ts';
import { updateCustomer } from '../api/update-customer.ts';
import { setCustomerPackage } from '../api/set-customer-package.ts';
import { settingsPatch, settingsValues, type SettingsValues } from '../utils/settings-values.ts';

type Customer = Tables<'customers'>;
/** What is being done: a save, an upload into one of the image fields, the package. */
export type Busy = 'save' | 'logo_url' | 'cover_url' | 'package' | null;

export function useCustomerSettings(
  customer: Customer,
  form: FormInstance<SettingsValues>,
  onSaved: (c: Customer) => void,
) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  const db = useDb();
  const [busy, setBusy] = useState<Busy>(null);
  // A save whose answer was lost: the same values are sent again (shared-ui in-flight) until the server
  // answers, at once when the connection returns. Setting absolute values twice leaves the same row,
  // so the answer to the check is the truth: saved, or the server's refusal.
  const write = useCallback(
    (patch: TablesUpdate<'customers'>) => updateCustomer(db, customer.id, patch),
    [db, customer.id],
  );
  const saving = useInFlight<TablesUpdate<'customers'>, Customer>({
    send: write,
    fingerprint: (p) => JSON.stringify(p),
  });

  useEffect(() => {
    form.setFieldsValue(settingsValues(customer));
  }, [customer, form]);

  const upload = async (file: File, bucket: 'logos' | 'photos', field: 'logo_url' | 'cover_url') => {
    setBusy(field);
    const res = await uploadImage(db, bucket, customer.id, field === 'logo_url' ? 'logo' : 'cover', file);
    setBusy(null);
    if ('error' in res) return toast.error(t(res.error));
    form.setFieldValue(field, res.url);
  };

  const save = async (v: SettingsValues) => {
    setBusy('save');
    const data = await saving.run(settingsPatch(v, customer.kind));
    setBusy(null);
    if (!data) return;
    toast.success(t('settings.saved'));
    onSaved(data);
  };

  // The server's refusal (after the first answer or a check): its message, once.
  const failure = saving.state.status === 'failed' ? saving.state.error : null;
  useEffect(() => {
    if (failure) toast.error(t(errorKey(failure)));
  }, [failure, toast, t]);

  const setPackage = async (pkg: string) => {
    setBusy('package');
    const { data, error } = await setCustomerPackage(db, customer.id, pkg);
    setBusy(null);
    if (error) return toast.error(t(errorKey(error)));
    toast.success(t('settings.packageSaved'));
    onSaved(data);
  };

  return {
    busy,
    /** The answer to a save was lost: the screen checks with the server (and says so). */
    checking: saving.state.status === 'checking',
    checkNow: saving.checkNow,
    upload,
    save,
    setPackage,
  };
}
