import { describe, expect, it } from 'vitest';
import { addNamespace, lazyBundles, lang, mergeIntoNamespace, normaliseLocale, pickText } from './index.ts';

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
