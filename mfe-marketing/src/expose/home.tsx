// Home (landing page for travellers and hotels): hero, four features, three steps, screenshot
// carousel, testimonials and a closing call to action. No map, chart or antd code here.
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { lang } from '@guestmap/shared-ui/i18n';
import { useScreenView } from './use-screen-view.ts';
import { Page, Section, SectionHead } from '../lib/components/page.tsx';
import { RouteLink } from '../lib/components/route-link.tsx';
import { useCopy } from '../lib/hooks/use-copy.ts';
import { usePageMeta } from '../lib/hooks/use-page-meta.ts';
import { FEATURE_ICONS } from '../lib/components/icons.tsx';
import { Carousel, type Slide } from '../features/carousel/components/carousel.tsx';
import { EXPLORE_CUSTOMER, HomeHero } from '../features/hero/components/heroes.tsx';
import { SLIDE_IDS, SlideMedia } from '../features/carousel/components/screenshots.tsx';

interface Card {
  title: string;
  body: string;
}
interface Quote {
  quote: string;
  name: string;
  role: string;
}

export default function Home() {
  const { t, list } = useCopy();
  const { locale } = usePlatform();
  useScreenView();
  usePageMeta({ title: t('home.meta.title'), description: t('home.meta.description'), locale });

  const slides: Slide[] = SLIDE_IDS.map((id) => ({
    id,
    title: t(`home.carousel.slides.${id}.title`),
    caption: t(`home.carousel.slides.${id}.caption`),
    media: <SlideMedia id={id} lang={lang(locale)} label={t(`home.carousel.slides.${id}.alt`)} />,
  }));

  return (
    <Page>
      <HomeHero />

      <Section id="features" labelledBy="features-title">
        <SectionHead
          id="features-title"
          eyebrow={t('home.features.eyebrow')}
          title={t('home.features.title')}
          lead={t('home.features.lead')}
        />
        <div className="gmk-grid gmk-grid-4">
          {list<Card>('home.features.items').map((c, i) => (
            <article key={c.title} className="gmk-card">
              <span className="gmk-card-icon" aria-hidden="true">
                {FEATURE_ICONS[i]}
              </span>
              <h3>{c.title}</h3>
              <p className="gmk-muted">{c.body}</p>
            </article>
          ))}
        </div>
      </Section>

      <Section id="how-it-works" alt labelledBy="how-title">
        <SectionHead id="how-title" eyebrow={t('home.how.eyebrow')} title={t('home.how.title')} />
        <ol className="gmk-steps gmk-grid gmk-grid-3">
          {list<Card>('home.how.steps').map((s) => (
            <li key={s.title} className="gmk-step">
              <h3>{s.title}</h3>
              <p className="gmk-muted">{s.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="screenshots" labelledBy="screens-title">
        <SectionHead
          id="screens-title"
          eyebrow={t('home.carousel.eyebrow')}
          title={t('home.carousel.title')}
          lead={t('home.carousel.lead')}
          center
        />
        <Carousel slides={slides} label={t('home.carousel.label')} />
      </Section>

      <Section id="testimonials" alt labelledBy="testimonials-title">
        <SectionHead
          id="testimonials-title"
          eyebrow={t('home.testimonials.eyebrow')}
          title={t('home.testimonials.title')}
          lead={t('home.testimonials.lead')}
        />
        <div className="gmk-grid gmk-grid-3">
          {list<Quote>('home.testimonials.items').map((q) => (
            <figure key={q.name} className="gmk-card gmk-quote">
              <blockquote>“{q.quote}”</blockquote>
              <figcaption>
                <strong>{q.name}</strong>
                {q.role}
              </figcaption>
            </figure>
          ))}
        </div>
      </Section>

      <Section labelledBy="home-cta-title">
        <div className="gmk-cta">
          <h2 id="home-cta-title">{t('home.cta.title')}</h2>
          <p>{t('home.cta.body')}</p>
          <div className="gmk-actions">
            <RouteLink
              to="Map"
              params={{ customerId: EXPLORE_CUSTOMER }}
              className="gmk-btn gmk-btn-primary gmk-btn-lg"
            >
              {t('home.hero.explore')}
            </RouteLink>
            <RouteLink to="Hotels" className="gmk-btn gmk-btn-ghost gmk-btn-lg">
              {t('home.cta.hotels')}
            </RouteLink>
          </div>
        </div>
      </Section>
    </Page>
  );
}
