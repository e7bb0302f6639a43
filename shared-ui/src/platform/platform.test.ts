// The Platform object's language members (contract 2.2): `saveLocale` and `localeSave` are there only where the
// host saves the profile's language (the shell); elsewhere a screen calls `setLocale` alone.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Locale, LocaleSaved } from '../contracts/index.ts';
import { createPlatform } from './index.ts';

describe('the platform language members', () => {
  it('a host that saves the language gives saveLocale (its answer) and localeSave; one that does not, neither', async () => {
    const chosen: Locale[] = [];
    const base = { i18n: i18next, locale: 'en-US' as Locale, setLocale: (l: Locale) => void chosen.push(l) };
    const without = createPlatform(base);
    expect('saveLocale' in without).toBe(false);
    expect('localeSave' in without).toBe(false);

    const saving = createPlatform({
      ...base,
      saveLocale: async (l): Promise<LocaleSaved> => (chosen.push(l), 'saved'),
    });
    expect(saving.localeSave).toBe('idle');
    expect(await saving.saveLocale!('fr-FR')).toBe('saved');
    expect(createPlatform({ ...base, saveLocale: saving.saveLocale, localeSave: 'checking' }).localeSave).toBe(
      'checking',
    );
    expect(chosen).toEqual(['fr-FR']);
  });
});
