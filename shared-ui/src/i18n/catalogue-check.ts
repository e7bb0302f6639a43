// The catalogue tests every app runs (issue 30, item 6), over the files `<lang>.json` of one folder for
// every language of shared-ui's list (languages.js):
//  - every key of English in every language and no other (plural forms compare by their base key; lists
//    have the same length);
//  - no empty text, the same placeholders ({{x}}, %X%) as English;
//  - plural forms valid in each language: only the forms its plural rules have (Intl.PluralRules; `_zero`
//    is i18next's own and allowed everywhere), `_other` always, `_one` where the language has it;
//  - no text left in English: a text identical to English must be a name (the allow-list, per catalogue)
//    or hold no word at all (a placeholder, a number, a symbol).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGS } from './languages.js';

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every text of a catalogue by its path (`a.b.c`, `list[0]`); a list also as `list[]` → its length. */
export function leaves(v: Json, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (x: Json, p: string) => {
    if (Array.isArray(x)) {
      out.set(`${p}[]`, `length ${x.length}`);
      x.forEach((y, i) => walk(y, `${p}[${i}]`));
    } else if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) walk(y, p ? `${p}.${k}` : k);
    else out.set(p, String(x));
  };
  walk(v, prefix);
  return out;
}

const placeholders = (s: string) =>
  [...s.matchAll(/\{\{\s*(\w+)[^}]*\}\}|%[A-Z_]+%|<(\/?\w+)>/g)].map((m) => m[1] ?? m[2] ?? m[0]).sort();
/** A text with no word in it (placeholders, digits, symbols, punctuation) reads the same in every language. */
const hasWords = (s: string) => /\p{L}{2,}/u.test(s.replace(/\{\{[^}]*\}\}|%[A-Z_]+%|<[^>]*>/g, ''));

/** The plural forms of a language (en: one, other; fr: one, many, other; vi, zh, ko, ja: other). */
export const pluralForms = (lng: string) => new Set(new Intl.PluralRules(lng).resolvedOptions().pluralCategories);

export function readCatalogues(dir: string): Record<string, Json> {
  return Object.fromEntries(
    LANGS.map((l) => {
      const file = path.join(dir, `${l}.json`);
      if (!fs.existsSync(file)) throw new Error(`${file} is missing: every language of shared-ui's list needs one`);
      return [l, JSON.parse(fs.readFileSync(file, 'utf8')) as Json];
    }),
  );
}

export interface CatalogueRules {
  /** Keys (paths, plural suffix left off, `*` at the end for a prefix) whose text may equal English
   *  because it is a name or brand (`activity.directionsGrab`, `about.team.*`), or, prefixed by a
   *  language, because that language writes the word the same (`fr:customer.latitude`). */
  sameAsEnglish?: string[];
}

/** Declares the catalogue tests for the catalogues of `dir` (or the given catalogues, keyed by language). */
export function describeCatalogues(title: string, source: string | Record<string, Json>, rules: CatalogueRules = {}) {
  describe(title, () => {
    const all = typeof source === 'string' ? readCatalogues(source) : source;
    const en = leaves(all.en!);
    // A plural key is one whose English has an `_other` form (`errors.too_many` is no plural of `errors.too`).
    const pluralBases = new Set([...en.keys()].filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -6)));
    const baseKey = (k: string) => {
      const b = k.replace(PLURAL, '');
      return b !== k && pluralBases.has(b) ? b : k;
    };
    const enBase = new Map([...en].map(([k, v]) => [baseKey(k), v]));
    const allowed = (lng: string, k: string) =>
      (rules.sameAsEnglish ?? []).some((entry) => {
        const [l, a] = entry.includes(':') ? entry.split(':') : [lng, entry];
        return l === lng && (a!.endsWith('*') ? k.startsWith(a!.slice(0, -1)) : a === baseKey(k));
      });

    it('every language of the product has a catalogue', () => {
      expect(Object.keys(all).sort()).toEqual([...LANGS].sort());
    });

    for (const lng of LANGS.filter((l) => l !== 'en')) {
      describe(lng, () => {
        const cat = () => leaves(all[lng]!);
        it('has every English key and no other', () => {
          const other = cat();
          const a = new Set([...other.keys()].map(baseKey));
          const b = new Set(enBase.keys());
          expect(
            [...b].filter((k) => !a.has(k)),
            'missing',
          ).toEqual([]);
          expect(
            [...a].filter((k) => !b.has(k)),
            'extra',
          ).toEqual([]);
          for (const [k, v] of en) if (k.endsWith('[]')) expect(other.get(k), k).toBe(v);
        });
        it('has no empty text and the placeholders of English', () => {
          for (const [k, v] of cat()) {
            if (k.endsWith('[]')) continue;
            expect(v.trim(), k).not.toBe('');
            const ref = enBase.get(baseKey(k));
            // A singular form may say the number in words ("Dernier jour" for "Last {{count}} day").
            const words = (list: string[]) =>
              baseKey(k) !== k && !k.endsWith('_other') ? list.filter((x) => x !== 'count') : list;
            if (ref !== undefined) expect(words(placeholders(v)), `${lng} ${k}`).toEqual(words(placeholders(ref)));
          }
        });
        it('uses the plural forms of its own plural rules', () => {
          const forms = pluralForms(lng);
          const byBase = new Map<string, Set<string>>();
          for (const k of cat().keys()) {
            const m = PLURAL.exec(k);
            if (m && baseKey(k) !== k) byBase.set(baseKey(k), (byBase.get(baseKey(k)) ?? new Set()).add(m[1]!));
          }
          for (const [b, used] of byBase) {
            expect(
              [...used].filter((f) => f !== 'zero' && !forms.has(f as Intl.LDMLPluralRule)),
              `${lng} ${b}: forms the language does not have`,
            ).toEqual([]);
            expect(used.has('other'), `${lng} ${b}_other`).toBe(true);
            if (forms.has('one')) expect(used.has('one'), `${lng} ${b}_one`).toBe(true);
          }
        });
        it('leaves no text in English but names', () => {
          const same = [...cat()].filter(
            ([k, v]) => !k.endsWith('[]') && hasWords(v) && enBase.get(baseKey(k)) === v && !allowed(lng, k),
          );
          expect(same.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
        });
      });
    }
  });
}

/** A catalogue of the app and where its texts are merged (`under: 'rewards'` → `rewards.*` in the namespace). */
export interface CatalogueAt {
  /** The file of English texts (`…/en.json`). */
  en: string;
  under?: string;
}

/** The keys a source file asks for literally: `t('a.b')` and `i18nKey="a.b"`, after its `keyPrefix` (any of them
 *  when the file has several). Keys built at run time (`t(\`category.${c}\`)`) are not seen. */
export function keysAskedIn(source: string): string[][] {
  const prefixes = [...source.matchAll(/keyPrefix:\s*['"]([\w.]+)['"]/g)].map((m) => `${m[1]}.`);
  const keys = [...source.matchAll(/\bt\(\s*['"]([\w.:-]+)['"]|i18nKey=["']([\w.:-]+)["']/g)].map((m) =>
    (m[1] ?? m[2]!).replace(/^\w+:/, ''),
  );
  return keys.map((k) => (prefixes.length ? prefixes.map((p) => p + k) : [k]));
}

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'test' ? [] : sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.(test|spec|d)\.tsx?$/.test(e.name) ? [p] : [];
  });

/** Declares the test that every key the code of `srcDir` asks for literally is in one of its English catalogues:
 *  a key missing there shows the guest the key itself (`customer.shareMap`), which no catalogue test sees. */
export function describeKeysInUse(title: string, srcDir: string, catalogues: CatalogueAt[]) {
  describe(title, () => {
    it('every key the code asks for has an English text', () => {
      const known = new Set<string>();
      for (const c of catalogues) {
        const json = JSON.parse(fs.readFileSync(c.en, 'utf8')) as Json;
        for (const k of leaves(json, c.under ?? '').keys()) known.add(k.replace(PLURAL, '').replace(/\[\d*\]$/, ''));
      }
      const missing: string[] = [];
      let asked = 0;
      for (const file of sourceFiles(srcDir)) {
        for (const options of keysAskedIn(fs.readFileSync(file, 'utf8'))) {
          asked += 1;
          if (!options.some((k) => known.has(k)))
            missing.push(`${path.relative(srcDir, file)}: ${options.join(' | ')}`);
        }
      }
      expect(asked, 'keys found in the code').toBeGreaterThan(0);
      expect(missing).toEqual([]);
    });
  });
}
