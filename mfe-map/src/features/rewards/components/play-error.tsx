import { useTranslation } from '@guestmap/shared-ui/contracts';
import type { PlayError as Code } from '../utils/errors.ts';

export function PlayError({ code }: { code: Code }) {
  const { t } = useTranslation('map', { keyPrefix: 'rewards' });
  return (
    <p className="gm-rewards-error" role="alert">
      {t(`playErrors.${code}`)}
    </p>
  );
}
