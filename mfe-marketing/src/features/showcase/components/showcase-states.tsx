// The showcase while its maps are read, and when they cannot be (with Try again): drawn by the showcase and by
// its loader while the showcase's code downloads.
import { useTranslation } from '@guestmap/shared-ui/contracts';

export function ShowcaseLoading() {
  const { t } = useTranslation('marketing');
  return (
    <div className="gmk-grid gmk-grid-3" aria-busy="true" aria-label={t('showcase.loading')}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="gmk-card gmk-skeleton" />
      ))}
    </div>
  );
}

export function ShowcaseFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('marketing');
  return (
    <div className="gmk-card" role="alert">
      <p>{t('showcase.error')}</p>
      <button type="button" className="gmk-btn" onClick={onRetry}>
        {t('showcase.retry')}
      </button>
    </div>
  );
}
