// A refused write said in the user's language; over the package's allowance, with its number.
import { useCallback } from 'react';
import { useTranslation, usePlatform } from '@guestmap/shared-ui/contracts';
import { errorKey } from '../../../lib/use-db.ts';

export function useExplain(limit: number | null) {
  const { t } = useTranslation('dashboard');
  const { toast } = usePlatform();
  return useCallback(
    (error: unknown) => {
      const key = errorKey(error);
      if (key === 'errors.package_limit') toast.error(t('errors.package_limit', { limit: limit ?? '' }));
      else toast.error(t(key));
    },
    [limit, t, toast],
  );
}
