import { describe, expect, it } from 'vitest';
import {
  contentColumns,
  contentFolder,
  contentLanguage,
  foldContent,
  missingLanguages,
  pickContent,
} from './content.ts';
import { pickText } from './index.ts';

describe('place content in six languages', () => {
  const market = { en: 'Ben Thanh Market', vi: 'Chợ Bến Thành', zh: '滨城市场', ko: '벤탄 시장', ja: 'ベンタイン市場' };
  it('a Chinese, Korean or Japanese guest reads their own language', () => {
    expect(pickText(market, 'zh-CN')).toBe('滨城市场');
    expect(pickText(market, 'ko-KR')).toBe('벤탄 시장');
    expect(pickContent(market, 'ja')).toBe('ベンタイン市場');
  });
  it('falls back to English, then Vietnamese, skipping blank texts', () => {
    expect(pickContent(market, 'fr-FR')).toBe('Ben Thanh Market');
    expect(pickContent({ vi: 'Chợ Bến Thành', ja: '  ' }, 'ja-JP')).toBe('Chợ Bến Thành');
    expect(pickContent({ en: '', vi: 'Chợ' }, 'de-DE')).toBe('Chợ');
    expect(pickContent(null, 'zh-CN')).toBe('');
  });
  it('maps locales to content keys and lists the missing languages', () => {
    expect(['zh-CN', 'ko-KR', 'ja-JP', 'de-DE'].map(contentLanguage)).toEqual(['zh', 'ko', 'ja', 'en']);
    expect(missingLanguages(market)).toEqual(['fr']);
    expect(missingLanguages(null)).toEqual(['en', 'vi', 'fr', 'zh', 'ko', 'ja']);
  });
  it("a row read in the guest's languages is folded back into text objects, the other columns as they came", () => {
    expect(contentColumns(['title', 'guest_offer'], ['ja', 'en'])).toBe(
      'title_ja:title->>ja, title_en:title->>en, guest_offer_ja:guest_offer->>ja, guest_offer_en:guest_offer->>en',
    );
    const row = {
      id: 'p1',
      sort_order: 3,
      title_ja: 'ベンタイン市場',
      title_en: 'Ben Thanh Market',
      guest_offer_ja: null,
      guest_offer_en: null,
    };
    const folded = {
      id: 'p1',
      sort_order: 3,
      title: { ja: 'ベンタイン市場', en: 'Ben Thanh Market' },
      guest_offer: null,
    };
    const fold = contentFolder<Record<string, unknown>>(['title', 'guest_offer'], ['ja', 'en']);
    expect(fold(row)).toEqual(folded);
    expect(Object.keys(fold(row))).toEqual(['id', 'sort_order', 'title', 'guest_offer']);
    expect(foldContent(row, ['title', 'guest_offer'], ['ja', 'en'])).toEqual(folded);
    expect(fold({ id: 'p2', title_en: 'Only English' })).toEqual({
      id: 'p2',
      title: { en: 'Only English' },
      guest_offer: null,
    });
    expect(row.title_ja).toBe('ベンタイン市場'); // the row read is left as it was
  });
});
