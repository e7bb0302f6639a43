import { describe, expect, it, vi } from 'vitest';
import { initI18n } from './i18n.ts';

describe('numbers in texts', () => {
  it('writes counts the way each language does, small whole numbers without building a formatter', async () => {
    const i18n = await initI18n('fr-FR');
    for (const lng of ['en', 'fr', 'vi'])
      i18n.addResourceBundle(lng, 'test', {
        count_one: '{{count, number}} x',
        count_other: '{{count, number}} xs',
        price: '{{v, number(minimumFractionDigits: 2)}}',
      });
    const t = (lng: string, key: string, o: Record<string, unknown>) => i18n.getFixedT(lng, 'test')(key, o);
    const built = vi.spyOn(Intl, 'NumberFormat');
    expect(t('en', 'count', { count: 12 })).toBe('12 xs');
    expect(t('fr', 'count', { count: 1 })).toBe('1 x');
    expect(built).not.toHaveBeenCalled();
    built.mockRestore();
    // Thousands keep each language's grouping: the shortcut stops below 1,000.
    expect(t('en', 'count', { count: 10000 })).toBe('10,000 xs');
    expect(t('fr', 'count', { count: 10000 })).toBe(`${new Intl.NumberFormat('fr').format(10000)} xs`);
    expect(t('fr', 'count', { count: 10000 })).not.toBe('10000 xs');
    expect(t('vi', 'count', { count: 10000 })).toBe('10.000 xs');
    // Options in the text still apply, even for small numbers.
    expect(t('en', 'price', { v: 5 })).toBe('5.00');
    expect(t('fr', 'price', { v: 5 })).toBe('5,00');
  });
});
