// Hotels landing page: hero with the claims, how it works, the revenue calculator, pricing with an
// example commission statement, a showcase of real public maps, and a final call to action.
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { useScreenView } from './use-screen-view.ts';
import { Page, Section, SectionHead } from '../lib/components/page.tsx';
import { useCopy } from '../lib/hooks/use-copy.ts';
import { usePageMeta } from '../lib/hooks/use-page-meta.ts';
import { useContactDialog } from '../features/contact/hooks/use-contact-dialog.tsx';
import { HotelsHero } from '../features/hero/components/heroes.tsx';
import { RevenueCalculator } from '../features/calculator/components/revenue-calculator.tsx';
import { Packages } from '../features/pricing/components/packages.tsx';
import { CommissionStatement } from '../features/calculator/components/commission-statement.tsx';
import { LazyMapsShowcase } from '../features/showcase/components/lazy-maps-showcase.tsx';

interface Item {
  title: string;
  body: string;
}

export default function Hotels() {
  const { t, list } = useCopy();
  const { locale } = usePlatform();
  const contact = useContactDialog();
  useScreenView();
  usePageMeta({ title: t('Hotels.title'), description: t('hotels.meta.description'), locale });

  return (
    <Page>
      <HotelsHero onContact={contact.open} />

      <Section id="how-it-works" alt labelledBy="hotels-how-title">
        <SectionHead
          id="hotels-how-title"
          eyebrow={t('hotels.how.eyebrow')}
          title={t('hotels.how.title')}
          lead={t('hotels.how.lead')}
        />
        <ol className="gmk-steps gmk-grid gmk-grid-4">
          {list<Item>('hotels.how.steps').map((s) => (
            <li key={s.title} className="gmk-step">
              <h3>{s.title}</h3>
              <p className="gmk-muted">{s.body}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="calculator" labelledBy="calculator-title">
        <SectionHead
          id="calculator-title"
          eyebrow={t('calculator.eyebrow')}
          title={t('calculator.title')}
          lead={t('calculator.lead')}
        />
        <RevenueCalculator />
      </Section>

      <Section id="pricing" alt labelledBy="pricing-title">
        <SectionHead
          id="pricing-title"
          eyebrow={t('pricing.eyebrow')}
          title={t('pricing.title')}
          lead={t('pricing.lead')}
        />
        <Packages onContact={contact.open} />
        <div style={{ marginTop: 40 }}>
          <h3>{t('pricing.statement.heading')}</h3>
          <p className="gmk-muted">{t('pricing.statement.lead')}</p>
          <CommissionStatement />
        </div>
      </Section>

      <Section id="showcase" labelledBy="showcase-title">
        <SectionHead
          id="showcase-title"
          eyebrow={t('showcase.eyebrow')}
          title={t('showcase.title')}
          lead={t('showcase.lead')}
        />
        <LazyMapsShowcase />
      </Section>

      <Section id="contact" labelledBy="hotels-cta-title">
        <div className="gmk-cta">
          <h2 id="hotels-cta-title">{t('hotels.cta.title')}</h2>
          <p>{t('hotels.cta.body')}</p>
          <div className="gmk-actions">
            <button type="button" className="gmk-btn gmk-btn-primary gmk-btn-lg" onClick={() => contact.open('pilot')}>
              {t('hotels.cta.pilot')}
            </button>
            <button type="button" className="gmk-btn gmk-btn-ghost gmk-btn-lg" onClick={() => contact.open('call')}>
              {t('hotels.cta.call')}
            </button>
            <button type="button" className="gmk-btn gmk-btn-ghost gmk-btn-lg" onClick={() => contact.open('general')}>
              {t('hotels.cta.contact')}
            </button>
          </div>
        </div>
      </Section>
      {contact.dialog}
    </Page>
  );
}
