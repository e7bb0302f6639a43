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

/** A play sent without an answer yet: the same play is being checked (shared-ui in-flight). */
export function PlayChecking() {
  const { t } = useTranslation('map', { keyPrefix: 'rewards' });
  return (
    <p className="gm-muted gm-small gm-in-flight" role="status">
      {t('play.checking')}
    </p>
  );
}
