import { useCallback, useEffect } from 'react';
import { useTranslation, usePlatform, useSupabase } from '@guestmap/shared-ui/contracts';
import { errorCode } from '../../../lib/utils/errors.ts';

/** The account still exists? A deleted account's token keeps working until it expires. */
export function useAccountCheck() {
  const { t } = useTranslation('account');
  const { toast, signOut } = usePlatform();
  const supabase = useSupabase();
  const check = useCallback(async () => {
    const { error } = await supabase.auth.getUser();
    if (error && errorCode(error) === 'user_not_found') {
      toast.error(t('errors.noAccount'));
      await signOut();
    }
  }, [supabase, toast, signOut, t]);
  useEffect(() => {
    void check();
  }, [check]);
}
