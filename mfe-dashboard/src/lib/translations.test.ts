import { describe, expect, it } from 'vitest';
import { fromFields, lacking, mergeImported, toFields } from './translations.ts';

const six = { en: 'Market', vi: 'Chợ', fr: 'Marché', zh: '市场', ko: '시장', ja: '市場' };

describe('recommendation texts in six languages', () => {
  it('form fields round-trip every language; blanks are dropped', () => {
    const fields = toFields('title', { ...six, fr: '' });
    expect(fields).toEqual({
      title_en: 'Market',
      title_vi: 'Chợ',
      title_fr: '',
      title_zh: '市场',
      title_ko: '시장',
      title_ja: '市場',
    });
    expect(fromFields('title', { ...fields, title_ko: '  시장 ' })).toEqual({
      en: 'Market',
      vi: 'Chợ',
      zh: '市场',
      ko: '시장',
      ja: '市場',
    });
  });

  it('lists the languages a place lacks in its title, its description or (partners) its offer', () => {
    expect(lacking({ title: six, description: six, guest_offer: null, is_partner: false })).toEqual([]);
    expect(lacking({ title: six, description: null, guest_offer: null, is_partner: false })).toEqual([]);
    expect(
      lacking({ title: six, description: { en: 'Old', vi: 'Cũ', ja: '' }, guest_offer: null, is_partner: false }),
    ).toEqual(['fr', 'zh', 'ko', 'ja']);
    expect(lacking({ title: six, description: six, guest_offer: { en: '10% off' }, is_partner: true })).toEqual([
      'vi',
      'fr',
      'zh',
      'ko',
      'ja',
    ]);
    // An offer left over on a place that is no longer a partner is not shown, so it lacks nothing.
    expect(lacking({ title: six, description: six, guest_offer: { en: '10% off' }, is_partner: false })).toEqual([]);
  });

  it('an import replaces the languages the file has columns for and keeps the others', () => {
    expect(mergeImported(six, { en: 'Big market', vi: 'Chợ lớn' }, ['en', 'vi', 'fr'])).toEqual({
      en: 'Big market',
      vi: 'Chợ lớn',
      zh: '市场',
      ko: '시장',
      ja: '市場',
    });
    expect(mergeImported(null, { en: 'New', ko: '새' }, ['en', 'vi', 'fr', 'zh', 'ko', 'ja'])).toEqual({
      en: 'New',
      ko: '새',
    });
  });
});
