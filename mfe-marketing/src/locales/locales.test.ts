// English carries the spec's claims and validation messages; every language's keys, list lengths, placeholders
// and plural forms are checked by the shared check below.
import { describe, expect, it } from 'vitest';
import en from './en.json';
import vi from './vi.json';
import fr from './fr.json';
import legalEn from './legal/en.json';
import legalVi from './legal/vi.json';
import legalFr from './legal/fr.json';
import { describeCatalogues } from '@guestmap/shared-ui/catalogue-check';

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

function leaves(v: Json, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (x: Json, p: string) => {
    if (Array.isArray(x)) {
      out.set(`${p}[]`, `length ${x.length}`);
      x.forEach((y, i) => walk(y, `${p}[${i}]`));
    } else if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) walk(y, p ? `${p}.${k}` : k);
    else out.set(p, String(x));
  };
  walk(v, path);
  return out;
}

// The legal text is a separate file per language, loaded by the Terms and privacy screen.
const catalogues = {
  en: { ...en, legal: legalEn },
  vi: { ...vi, legal: legalVi },
  fr: { ...fr, legal: legalFr },
} as Record<string, Json>;

describe('locale catalogues', () => {
  const base = leaves(catalogues.en!);

  it('English carries the spec claims and messages', () => {
    const all = [...base.values()].join('\n');
    for (const claim of [
      '90% guest satisfaction',
      '15–25% revenue increase',
      'more than 5 staff hours saved per day',
      'setup in 24–48 hours',
      'free pilot map',
      '15-minute call',
      '$500–$2,000 per stay',
    ]) {
      expect(all.toLowerCase()).toContain(claim.toLowerCase());
    }
    expect(en.validation.required).toBe('This field is required');
    expect(en.validation.email).toBe('Incorrect email format');
    expect(en.Hotels.title).toBe('Guestmap for hotels');
    expect(vi.Hotels.title).toBe('Guestmap dành cho khách sạn');
    expect(en.AboutUs.title).toBe('About us');
    expect(en.TermsAndPrivacy.title).toBe('Terms and privacy');
  });
});

// Every language of the product (issue 30): keys, placeholders, plural forms, nothing left in English.
// Names: the languages' own names, people's names, the brand; French writes a few words as English does.
const NAMES = [
  'home.hero.claims[1]',
  'home.testimonials.items[0].name',
  'about.team.members*',
  'deck.sections.intro.eyebrow',
];
describeCatalogues('marketing catalogues in every language', import.meta.dirname, {
  sameAsEnglish: [
    ...NAMES,
    'vi:contact.email',
    ...[
      'carousel.pause',
      'calculator.sources.transport',
      'pricing.packages.basic.name',
      'pricing.packages.professional.name',
      'pricing.packages.premium.name',
      'pricing.statement.commission',
      'pricing.statement.total',
      'contact.email',
      'contact.message',
      'drawings.cafes',
    ].map((k) => `fr:${k}`),
  ],
});
describeCatalogues('legal texts in every language', `${import.meta.dirname}/legal`);
