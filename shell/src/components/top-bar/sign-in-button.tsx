import { useTranslation } from 'react-i18next';
import { usePlatform } from '@guestmap/shared-ui/contracts';

export function SignInButton({ onClick, className }: { onClick?: () => void; className?: string }) {
  const { t } = useTranslation('shell');
  const { requestSignIn } = usePlatform();
  return (
    <button
      type="button"
      className={className ?? 'gm-btn'}
      onClick={() => {
        onClick?.();
        requestSignIn();
      }}
    >
      {t('nav.signIn')}
    </button>
  );
}
