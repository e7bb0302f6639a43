// Loaded lazily (its own chunk): the footer with the terms and privacy links and the contact form.
import { useTranslation } from 'react-i18next';
import { usePlatform, type RouteName } from '@guestmap/shared-ui/contracts';

export default function Footer({ onContact }: { onContact: () => void }) {
  const { t } = useTranslation('shell');
  const { hrefFor, navigateTo } = usePlatform();
  const link = (to: RouteName, label: string, hash?: string) => (
    <a
      href={hrefFor(to) + (hash ? `#${hash}` : '')}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigateTo(to);
      }}
    >
      {label}
    </a>
  );
  return (
    <footer className="gm-footer">
      <nav className="gm-footer-links" aria-label={t('footer.label')}>
        {link('TermsAndPrivacy', t('footer.terms'), 'terms')}
        {link('TermsAndPrivacy', t('footer.privacy'), 'privacy')}
        {link('AboutUs', t('footer.about'))}
        <button type="button" className="gm-link-btn" onClick={onContact}>
          {t('footer.contact')}
        </button>
      </nav>
      <span>
        © {new Date().getFullYear()} Guestmap. {t('footer.rights')}
      </span>
    </footer>
  );
}
