import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGS } from '@guestmap/shared-ui/languages';
import { LOCALE_STORAGE_KEY } from '@guestmap/shared-ui/contracts';
import en from '../locales/en.json';
import vi from '../locales/vi.json';
import fr from '../locales/fr.json';
import {
  BOOT_FAILED_TEXTS,
  STORED_LOCALE_KEY,
  bootLanguage,
  isNetworkFailure,
  showBootFailure,
} from './boot-failed.ts';

describe('when the shell cannot start', () => {
  afterEach(() => {
    document.body.replaceChildren();
    localStorage.clear();
  });

  it('has the catalogue’s own words in every language of the product', () => {
    for (const lang of LANGS) {
      const catalogue = JSON.parse(
        fs.readFileSync(path.join(import.meta.dirname, `../locales/${lang}.json`), 'utf8'),
      ) as typeof en;
      expect(BOOT_FAILED_TEXTS[lang].network, lang).toBe(catalogue.errors.network);
      expect(BOOT_FAILED_TEXTS[lang].retry, lang).toBe(catalogue.remote.retry);
    }
  });

  it('speaks the first of the browser’s preferred languages the product speaks', () => {
    expect(bootLanguage(null, ['de-DE', 'zh-CN', 'en'])).toBe('zh');
    expect(bootLanguage(null, ['ko'])).toBe('ko');
    expect(bootLanguage(null, ['ja-JP', 'en-US'])).toBe('ja');
    expect(bootLanguage('vi-VN', ['ja-JP'])).toBe('vi');
    expect(bootLanguage(null, ['de-DE', 'it'])).toBe('en');
  });

  it('uses the catalogue’s own words and the shell’s stored language key', () => {
    for (const [lang, catalogue] of [
      ['en', en],
      ['vi', vi],
      ['fr', fr],
    ] as const) {
      expect(BOOT_FAILED_TEXTS[lang].network).toBe(catalogue.errors.network);
      expect(BOOT_FAILED_TEXTS[lang].retry).toBe(catalogue.remote.retry);
    }
    expect(STORED_LOCALE_KEY).toBe(LOCALE_STORAGE_KEY);
  });

  it('speaks the stored language, else the browser’s, else English', () => {
    expect(bootLanguage('vi-VN', 'fr-FR')).toBe('vi');
    expect(bootLanguage(null, 'fr-CA')).toBe('fr');
    expect(bootLanguage(null, 'de-DE')).toBe('en');
    expect(bootLanguage('xx', undefined)).toBe('en');
  });

  it('tells a file that did not arrive from a fault in the code', () => {
    expect(isNetworkFailure(Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }))).toBe(
      true,
    );
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(new TypeError('x is not a function'))).toBe(false);
    expect(isNetworkFailure(new Error('boom'))).toBe(false);
  });

  it('replaces the spinner with the message and a focused Retry button, in the visitor’s language', () => {
    document.body.innerHTML = '<div id="root"><div class="gm-boot" role="progressbar"><i></i></div></div>';
    localStorage.setItem(LOCALE_STORAGE_KEY, 'fr-FR');
    const quiet = console.error;
    console.error = () => undefined;
    try {
      showBootFailure(Object.assign(new Error('Loading chunk boot failed.'), { name: 'ChunkLoadError' }));
    } finally {
      console.error = quiet;
    }
    const alert = document.querySelector('#root [role="alert"]')!;
    expect(alert.textContent).toContain(fr.errors.network);
    expect(document.querySelector('[role="progressbar"]')).toBeNull();
    const retry = alert.querySelector('button')!;
    expect(retry.textContent).toBe('Réessayer');
    expect(document.activeElement).toBe(retry);
  });
});
