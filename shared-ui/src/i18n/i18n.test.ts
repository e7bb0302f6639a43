import { describe, expect, it } from 'vitest';
import { LANGUAGES, addNamespace, lazyBundles, lang, normaliseLocale, pickText, preferredLocale } from './index.ts';
import { mergeIntoNamespace } from './feature-texts.ts';

describe('i18n helpers', () => {
  it('maps locales to catalogue languages', () => {
    expect(lang('vi-VN')).toBe('vi');
    expect(lang('fr-FR')).toBe('fr');
    expect(lang('de-DE')).toBe('en');
  });
  it('normalises stored or browser locales to the three supported ones', () => {
    expect(normaliseLocale('vi')).toBe('vi-VN');
    expect(normaliseLocale('FR-ca')).toBe('fr-FR');
    expect(normaliseLocale('en-GB')).toBe('en-US');
    expect(normaliseLocale('de-DE')).toBeNull();
    expect(normaliseLocale(null)).toBeNull();
  });
  it('speaks Chinese, Korean and Japanese, each in its own name', () => {
    expect(lang('zh-CN')).toBe('zh');
    expect(lang('ko-KR')).toBe('ko');
    expect(lang('ja-JP')).toBe('ja');
    expect(normaliseLocale('zh-TW')).toBe('zh-CN');
    expect(normaliseLocale('ko')).toBe('ko-KR');
    expect(LANGUAGES.map((l) => l.name)).toEqual(['English', 'Tiếng Việt', 'Français', '简体中文', '한국어', '日本語']);
  });
  it('on a first visit, takes the first of the browser’s languages it speaks, else English; a choice wins', () => {
    expect(preferredLocale(null, ['de-DE', 'ja-JP', 'fr-FR'])).toBe('ja-JP');
    expect(preferredLocale(null, ['zh-Hans-CN', 'en'])).toBe('zh-CN');
    expect(preferredLocale(null, ['de-DE', 'it-IT'])).toBe('en-US');
    expect(preferredLocale(null, undefined)).toBe('en-US');
    expect(preferredLocale('vi-VN', ['ko-KR'])).toBe('vi-VN');
  });
  it('picks place text in the current language with an English fallback', () => {
    expect(pickText({ en: 'Market', vi: 'Chợ' }, 'vi-VN')).toBe('Chợ');
    expect(pickText({ en: 'Market', vi: 'Chợ' }, 'fr-FR')).toBe('Market');
    expect(pickText(null, 'en-US')).toBe('');
  });
});

describe('texts per language, loaded when shown', () => {
  async function page(lng: string) {
    const { createInstance } = await import('i18next');
    const i18n = createInstance();
    await i18n.use(lazyBundles).init({
      lng,
      fallbackLng: 'en',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
    });
    return i18n;
  }

  it('English is bundled; Vietnamese downloads only when the page switches to it', async () => {
    const i18n = await page('en');
    const vi = vi_fn({ search: 'Tìm địa điểm' });
    await addNamespace(i18n, 'map-a', { en: { search: 'Search places' }, vi });
    expect(i18n.t('search', { ns: 'map-a' })).toBe('Search places');
    expect(vi.calls).toBe(0);
    await i18n.changeLanguage('vi');
    expect(vi.calls).toBe(1);
    expect(i18n.t('search', { ns: 'map-a' })).toBe('Tìm địa điểm');
  });

  it('a page opened in French waits for the French texts before it resolves', async () => {
    const i18n = await page('fr');
    await addNamespace(i18n, 'map-b', {
      en: { search: 'Search places' },
      fr: async () => ({ default: { search: 'Rechercher' } }),
    });
    expect(i18n.t('search', { ns: 'map-b' })).toBe('Rechercher');
  });

  it('texts merged into a namespace before a language loads do not stop that language from loading', async () => {
    const i18n = await page('en');
    await addNamespace(i18n, 'map-c', {
      en: { search: 'Search places' },
      vi: async () => ({ search: 'Tìm địa điểm' }),
    });
    mergeIntoNamespace(i18n, 'map-c', { en: { rewards: { play: 'Play' } }, vi: { rewards: { play: 'Chơi' } } });
    expect(i18n.t('rewards.play', { ns: 'map-c' })).toBe('Play');
    await i18n.changeLanguage('vi');
    expect(i18n.t('search', { ns: 'map-c' })).toBe('Tìm địa điểm');
    expect(i18n.t('rewards.play', { ns: 'map-c' })).toBe('Chơi');
  });
});

describe('a lazily loaded feature’s texts (rewards, legal)', () => {
  it('download only in the language the page shows, when it shows it', async () => {
    const { createInstance } = await import('i18next');
    const i18n = createInstance();
    await i18n.use(lazyBundles).init({
      lng: 'en',
      fallbackLng: 'en',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
    });
    await addNamespace(i18n, 'map-d', { en: { search: 'Search places' }, zh: async () => ({ search: '搜索地点' }) });
    const zh = vi_fn({ play: '玩游戏' });
    const ko = vi_fn({ play: '게임하기' });
    const texts = { en: { rewards: { play: 'Play' } }, zh: async () => ({ rewards: (await zh()).default }), ko };
    mergeIntoNamespace(i18n, 'map-d', texts);
    expect(i18n.t('rewards.play', { ns: 'map-d' })).toBe('Play');
    expect([zh.calls, ko.calls]).toEqual([0, 0]);
    await i18n.changeLanguage('zh');
    await new Promise((r) => setTimeout(r, 0));
    expect(i18n.t('rewards.play', { ns: 'map-d' })).toBe('玩游戏');
    expect([zh.calls, ko.calls]).toEqual([1, 0]);
  });
});

function vi_fn(texts: Record<string, string>) {
  const f = Object.assign(
    async () => {
      f.calls++;
      return { default: texts };
    },
    { calls: 0 },
  );
  return f;
}
