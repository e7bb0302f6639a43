import { useTranslation } from 'react-i18next';
import { ANCHORS } from '../../app/anchor-scroll.ts';
import { RouteLink } from './route-link.tsx';

/** The links to Home's sections and to Hotels. */
export function SectionLinks({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  const { t } = useTranslation('shell');
  return (
    <>
      <RouteLink to="Home" hash={ANCHORS.features} className={className} onNavigate={onNavigate}>
        {t('nav.features')}
      </RouteLink>
      <RouteLink to="Home" hash={ANCHORS.howItWorks} className={className} onNavigate={onNavigate}>
        {t('nav.howItWorks')}
      </RouteLink>
      <RouteLink to="Home" hash={ANCHORS.testimonials} className={className} onNavigate={onNavigate}>
        {t('nav.testimonials')}
      </RouteLink>
      <RouteLink to="Hotels" className={className} onNavigate={onNavigate}>
        {t('nav.forHotels')}
      </RouteLink>
    </>
  );
}
