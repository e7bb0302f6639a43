// About us: mission, what we believe, the team, and how to reach us.
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { useScreenView } from './use-screen-view.ts';
import { Page, Section, SectionHead } from '../lib/components/page.tsx';
import { RouteLink } from '../lib/components/route-link.tsx';
import { useCopy } from '../lib/hooks/use-copy.ts';
import { usePageMeta } from '../lib/hooks/use-page-meta.ts';
import { useContactDialog } from '../features/contact/hooks/use-contact-dialog.tsx';
import { CONTACT_EMAIL } from '../lib/utils/legal-contacts.ts';

interface Item {
  title: string;
  body: string;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

export default function AboutUs() {
  const { t, list } = useCopy();
  const { locale } = usePlatform();
  const contact = useContactDialog();
  useScreenView();
  usePageMeta({ title: t('AboutUs.title'), description: t('about.meta.description'), locale });

  return (
    <Page>
      <header className="gmk-hero">
        <div className="gmk-wrap">
          <span className="gmk-eyebrow">{t('about.eyebrow')}</span>
          <h1>{t('AboutUs.title')}</h1>
          <p className="gmk-lead">{t('about.lead')}</p>
        </div>
      </header>

      <Section id="mission" labelledBy="about-mission-title">
        <div className="gmk-prose">
          <h2 id="about-mission-title">{t('about.mission.title')}</h2>
          {list<string>('about.mission.body').map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
        <div className="gmk-grid gmk-grid-3" style={{ marginTop: 24 }}>
          {list<Item>('about.values').map((v) => (
            <article key={v.title} className="gmk-card">
              <h3>{v.title}</h3>
              <p className="gmk-muted">{v.body}</p>
            </article>
          ))}
        </div>
      </Section>

      <Section id="team" alt labelledBy="about-team-title">
        <SectionHead id="about-team-title" title={t('about.team.title')} lead={t('about.team.lead')} />
        <div className="gmk-team">
          {list<Item>('about.team.members').map((m) => (
            <article key={m.title} className="gmk-card">
              <div className="gmk-avatar" aria-hidden="true">
                {initials(m.title)}
              </div>
              <h3>{m.title}</h3>
              <p className="gmk-muted">{m.body}</p>
            </article>
          ))}
        </div>
      </Section>

      <Section id="contact" labelledBy="about-contact-title">
        <div className="gmk-cta">
          <h2 id="about-contact-title">{t('about.contact.title')}</h2>
          <p>{t('about.contact.body', { email: CONTACT_EMAIL })}</p>
          <div className="gmk-actions">
            <button
              type="button"
              className="gmk-btn gmk-btn-primary gmk-btn-lg"
              onClick={() => contact.open('general')}
            >
              {t('hotels.cta.contact')}
            </button>
            <a className="gmk-btn gmk-btn-ghost gmk-btn-lg" href={`mailto:${CONTACT_EMAIL}`}>
              {CONTACT_EMAIL}
            </a>
            <RouteLink to="Hotels" className="gmk-btn gmk-btn-ghost gmk-btn-lg">
              {t('about.contact.hotels')}
            </RouteLink>
          </div>
        </div>
      </Section>
      {contact.dialog}
    </Page>
  );
}
