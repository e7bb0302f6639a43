import { describe, expect, it } from 'vitest';
import { lang, normaliseLocale, pickText } from './index.ts';

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
