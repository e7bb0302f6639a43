// What a section shows while a save's answer was lost and it is being checked (hooks/use-profile-save.ts).
import { Alert } from 'antd';
import { useTranslation } from '@guestmap/shared-ui/contracts';

export function ProfileSaveChecking({ checking }: { checking: boolean }) {
  const { t } = useTranslation('account');
  if (!checking) return null;
  return <Alert role="status" type="warning" showIcon style={{ marginTop: 12 }} message={t('user.checking')} />;
}
