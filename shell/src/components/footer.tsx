// Loaded lazily (its own chunk): the footer with the terms and privacy links.
import { useTranslation } from 'react-i18next';
import { usePlatform } from '@guestmap/shared-ui/contracts';

export default function Footer() {
  const { t } = useTranslation('shell');
  const { hrefFor, navigateTo } = usePlatform();
  return (
    <footer className="gm-footer">
      <a
        href={hrefFor('TermsAndPrivacy')}
        onClick={(e) => {
          e.preventDefault();
          navigateTo('TermsAndPrivacy');
        }}
      >
        {t('footer.terms')}
      </a>
      <a
        href={hrefFor('AboutUs')}
        onClick={(e) => {
          e.preventDefault();
          navigateTo('AboutUs');
        }}
      >
        {t('footer.about')}
      </a>
      <span>© {new Date().getFullYear()} Guestmap. {t('footer.rights')}</span>
    </footer>
  );
}
