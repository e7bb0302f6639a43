import { useTranslation } from 'react-i18next';
import { usePlatform } from '@guestmap/shared-ui/contracts';

export function NotFound() {
  const { t } = useTranslation('shell');
  const { hrefFor, navigateTo } = usePlatform();
  return (
    <main className="gm-not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <a
        className="gm-btn gm-btn-primary"
        href={hrefFor('Home')}
        onClick={(e) => {
          e.preventDefault();
          navigateTo('Home');
        }}
      >
        {t('notFound.home')}
      </a>
    </main>
  );
}
