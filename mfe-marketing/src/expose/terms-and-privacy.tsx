// Terms of use and privacy policy, with an anchor per section (#terms, #privacy, #privacy-rights…).
import { useEffect } from 'react';
import { usePlatform } from '@guestmap/shared-ui/contracts';
import { useFeatureTexts, type FeatureSource } from '@guestmap/shared-ui/feature-texts';
import legalEn from '../locales/legal/en.json';

const legal = (m: Promise<{ default: Record<string, unknown> }>) => m.then((x) => ({ legal: x.default }));
// English travels with this screen; every other language downloads only when the page shows it.
const LEGAL: Record<string, FeatureSource> = {
  en: { legal: legalEn },
  vi: () => legal(import('../locales/legal/vi.json')),
  fr: () => legal(import('../locales/legal/fr.json')),
  zh: () => legal(import('../locales/legal/zh.json')),
  ko: () => legal(import('../locales/legal/ko.json')),
  ja: () => legal(import('../locales/legal/ja.json')),
};
import { NS } from '../lib/utils/ns.ts';
import { useScreenView } from './use-screen-view.ts';
import { Page } from '../lib/components/page.tsx';
import { useCopy } from '../lib/hooks/use-copy.ts';
import { usePageMeta } from '../lib/hooks/use-page-meta.ts';
import { CONTACT_EMAIL, LAST_UPDATED, PRIVACY_EMAIL } from '../lib/utils/legal-contacts.ts';

export const TERMS_SECTIONS = [
  'service',
  'accounts',
  'hotels',
  'rewards',
  'partners',
  'use',
  'content',
  'availability',
  'liability',
  'changes',
] as const;
export const PRIVACY_SECTIONS = [
  'controller',
  'data',
  'purposes',
  'retention',
  'sharing',
  'storage',
  'rights',
  'security',
  'children',
  'contact',
] as const;

/** Paragraphs come from the catalogue as plain strings; these are the only placeholders they use. */
const fill = (p: string) => p.replaceAll('%EMAIL%', CONTACT_EMAIL).replaceAll('%PRIVACY_EMAIL%', PRIVACY_EMAIL);

/** A link such as /terms-and-privacy#privacy-rights lands on that section once the page has rendered. */
function useHashScroll() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const timer = window.setTimeout(() => document.getElementById(id)?.scrollIntoView({ block: 'start' }), 300);
    return () => window.clearTimeout(timer);
  }, []);
}

interface DataRow {
  what: string;
  why: string;
  retention: string;
  who: string;
}

/** The legal text (the largest part of the catalogues) ships with this screen only, not with ./register;
 *  the page shows once the text of its language is there. */
export default function TermsAndPrivacy() {
  const { i18n } = usePlatform();
  return useFeatureTexts(i18n, NS, LEGAL) ? <LegalTexts /> : null;
}

function LegalTexts() {
  const { locale } = usePlatform();
  const { t, list } = useCopy();
  useScreenView();
  usePageMeta({ title: t('TermsAndPrivacy.title'), description: t('legal.meta.description'), locale });
  useHashScroll();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${LAST_UPDATED}T00:00:00Z`),
  );

  const part = (doc: 'terms' | 'privacy', id: string) => (
    <section key={id} id={`${doc}-${id}`} aria-labelledby={`${doc}-${id}-title`}>
      <h3 id={`${doc}-${id}-title`}>{t(`legal.${doc}.${id}.title`)}</h3>
      {list<string>(`legal.${doc}.${id}.body`).map((p) => (
        <p key={p}>{fill(p)}</p>
      ))}
      {doc === 'privacy' && id === 'data' && (
        <div className="gmk-table-wrap gmk-legal-table">
          <table className="gmk-table">
            <caption>{t('legal.privacy.data.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('legal.privacy.data.columns.what')}</th>
                <th scope="col">{t('legal.privacy.data.columns.why')}</th>
                <th scope="col">{t('legal.privacy.data.columns.retention')}</th>
                <th scope="col">{t('legal.privacy.data.columns.who')}</th>
              </tr>
            </thead>
            <tbody>
              {list<DataRow>('legal.privacy.data.rows').map((r) => (
                <tr key={r.what}>
                  <th scope="row">{r.what}</th>
                  <td>{r.why}</td>
                  <td>{r.retention}</td>
                  <td>{r.who}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list<string>(`legal.${doc}.${id}.list`).length > 0 && (
        <ul>
          {list<string>(`legal.${doc}.${id}.list`).map((li) => (
            <li key={li}>{li}</li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <Page>
      <div className="gmk-wrap gmk-section">
        <div className="gmk-prose">
          <h1>{t('TermsAndPrivacy.title')}</h1>
          <p className="gmk-muted">{t('legal.updated', { date })}</p>
          <p className="gmk-lead">{t('legal.intro')}</p>
          <nav className="gmk-toc" aria-label={t('legal.toc')}>
            <strong>{t('legal.toc')}</strong>
            <ol>
              <li>
                <a href="#terms">{t('legal.terms.title')}</a>
                <ol>
                  {TERMS_SECTIONS.map((id) => (
                    <li key={id}>
                      <a href={`#terms-${id}`}>{t(`legal.terms.${id}.title`)}</a>
                    </li>
                  ))}
                </ol>
              </li>
              <li>
                <a href="#privacy">{t('legal.privacy.title')}</a>
                <ol>
                  {PRIVACY_SECTIONS.map((id) => (
                    <li key={id}>
                      <a href={`#privacy-${id}`}>{t(`legal.privacy.${id}.title`)}</a>
                    </li>
                  ))}
                </ol>
              </li>
            </ol>
          </nav>
          <section id="terms" aria-labelledby="terms-title">
            <h2 id="terms-title">{t('legal.terms.title')}</h2>
            {TERMS_SECTIONS.map((id) => part('terms', id))}
          </section>
          <section id="privacy" aria-labelledby="privacy-title">
            <h2 id="privacy-title">{t('legal.privacy.title')}</h2>
            {PRIVACY_SECTIONS.map((id) => part('privacy', id))}
          </section>
        </div>
      </div>
    </Page>
  );
}
