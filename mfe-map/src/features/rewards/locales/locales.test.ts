// The rewards texts (loaded with the rewards chunks) are complete in every language, French has the plural
// forms its rules use, and nothing mentions reviews (no reward is tied to one).
import { describe, expect, it } from 'vitest';
import { describeCatalogues as describeAll } from '@guestmap/shared-ui/catalogue-check';
import en from './en.json';
import vi from './vi.json';
import fr from './fr.json';
import ja from './ja.json';
import ko from './ko.json';
import zh from './zh.json';

function pluralBases(o: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? pluralBases(v as Record<string, unknown>, `${prefix}${k}.`)
      : /_other$/.test(k)
        ? [`${prefix}${k.replace(/_other$/, '')}`]
        : [],
  );
}
const get = (o: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((x, k) => (x as Record<string, unknown> | undefined)?.[k], o);

// Every language of the product (issue 30): keys, placeholders, plural forms, nothing left in English.
describeAll('rewards catalogues in every language', import.meta.dirname, {
  sameAsEnglish: ['fr:tabs.points', 'fr:points.unit', 'fr:vouchers.code', 'fr:redeem.commission'],
});

describe('rewards texts', () => {
  it('never mention reviews', () => {
    const words = {
      en: /review/i,
      vi: /đánh giá/i,
      fr: /avis/i,
      ja: /レビュー|口コミ|評価/,
      ko: /리뷰|후기|평가/,
      zh: /评价|评论|點評|点评/,
    };
    for (const [lng, cat] of Object.entries({ en, vi, fr, ja, ko, zh }))
      expect(JSON.stringify(cat), lng).not.toMatch(words[lng as keyof typeof words]);
  });
  it('plural keys carry the forms each language needs', () => {
    for (const b of pluralBases(en)) {
      expect(get(en, `${b}_one`), b).toBeTypeOf('string');
      expect(get(fr, `${b}_one`), b).toBeTypeOf('string');
      expect(get(fr, `${b}_many`), b).toBeTypeOf('string');
      expect(get(vi, `${b}_other`), b).toBeTypeOf('string');
    }
  });
});
