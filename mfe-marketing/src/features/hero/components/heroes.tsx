// The top of Home and Hotels: what a visitor sees first. The server sends a copy of it with the page
// (rendered per language at build time by scripts/prerender.tsx, README "Prerendered heroes"), painted
// before any script runs; the shell removes that copy when the page renders these same components.
// Keep them free of effects and data reads: the build renders them without a browser.
import { useCopy } from '../../../lib/hooks/use-copy.ts';
import { RouteLink } from '../../../lib/components/route-link.tsx';
import { MapScreen } from '../../../lib/components/phone-screens.tsx';
import type { ContactTopic } from '../../../lib/utils/contact-topic.ts';

/** The public city map Home's "Explore maps" opens. */
export const EXPLORE_CUSTOMER = 'ho-chi-minh-city';

interface Stat {
  value: string;
  label: string;
}

export function HomeHero() {
  const { t, list } = useCopy();
  return (
    <header className="gmk-hero">
      <div className="gmk-wrap gmk-hero-grid">
        <div>
          <span className="gmk-eyebrow">{t('home.hero.eyebrow')}</span>
          <h1>{t('Home.title')}</h1>
          <p className="gmk-lead">{t('home.hero.lead')}</p>
          <div className="gmk-actions">
            <RouteLink
              to="Map"
              params={{ customerId: EXPLORE_CUSTOMER }}
              className="gmk-btn gmk-btn-primary gmk-btn-lg"
            >
              {t('home.hero.explore')}
            </RouteLink>
            <RouteLink to="Hotels" className="gmk-btn gmk-btn-lg">
              {t('home.hero.forHotels')}
            </RouteLink>
          </div>
          <ul className="gmk-claims">
            {list<string>('home.hero.claims').map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
        <div className="gmk-hero-visual">
          <MapScreen label={t('home.carousel.slides.map.alt')} />
        </div>
      </div>
    </header>
  );
}

export function HotelsHero({ onContact }: { onContact: (topic: ContactTopic) => void }) {
  const { t, list } = useCopy();
  return (
    <header className="gmk-hero">
      <div className="gmk-wrap">
        <span className="gmk-eyebrow">{t('hotels.hero.eyebrow')}</span>
        <h1>{t('Hotels.title')}</h1>
        <p className="gmk-lead">{t('hotels.hero.lead')}</p>
        <div className="gmk-actions">
          <button type="button" className="gmk-btn gmk-btn-primary gmk-btn-lg" onClick={() => onContact('pilot')}>
            {t('hotels.cta.pilot')}
          </button>
          <button type="button" className="gmk-btn gmk-btn-lg" onClick={() => onContact('call')}>
            {t('hotels.cta.call')}
          </button>
          <RouteLink to="HotelsSalesPresentation" className="gmk-btn gmk-btn-ghost gmk-btn-lg">
            {t('hotels.hero.deck')}
          </RouteLink>
        </div>
        <ul className="gmk-stats gmk-hero-stats" aria-label={t('hotels.stats.label')}>
          {list<Stat>('hotels.stats.items').map((s) => (
            <li key={s.label} className="gmk-stat">
              <strong>{s.value}</strong>
              <span>{s.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </header>
  );
}
