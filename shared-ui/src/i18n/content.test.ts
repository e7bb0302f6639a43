import { describe, expect, it } from 'vitest';
import { contentLanguage, missingLanguages, pickContent } from './content.ts';
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
});
