import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import en from './en.json';
import vi from './vi.json';
import fr from './fr.json';
import { ERROR_CODES } from '../lib/use-db.ts';
import { describeCatalogues } from '@guestmap/shared-ui/catalogue-check';

const keys = (o: object, p = ''): string[] =>
  Object.entries(o)
    .flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`]))
    .map((k) => k.replace(/_(one|other)$/, ''))
    .sort();

const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? sources(path.join(dir, e.name))
        : /\.tsx?$/.test(e.name) && !e.name.includes('.test.')
          ? [path.join(dir, e.name)]
          : [],
    );

describe('dashboard catalogues', () => {
  it('Vietnamese and French have every English key', () => {
    const base = [...new Set(keys(en))];
    expect([...new Set(keys(vi))]).toEqual(base);
    expect([...new Set(keys(fr))]).toEqual(base);
  });

  it('every database refusal the dashboard recognises has a message', () => {
    const all = new Set(keys(en));
    expect(ERROR_CODES.filter((c) => !all.has(`errors.${c}`))).toEqual([]);
  });

  it('every literal key the code asks for exists', () => {
    const all = new Set(keys(en));
    const used = sources(path.join(import.meta.dirname, '..')).flatMap((f) =>
      [...fs.readFileSync(f, 'utf8').matchAll(/\bt\('([A-Za-z]+(?:\.[A-Za-z_]+)+)'/g)].map((m) => m[1]!),
    );
    expect(used.length).toBeGreaterThan(200);
    expect([...new Set(used)].filter((k) => !all.has(k.replace(/_(one|other)$/, '')))).toEqual([]);
  });
});

// Every language of the product (issue 30): keys, placeholders, plural forms, nothing left in English.
describeCatalogues('dashboard catalogues in every language', import.meta.dirname, {
  sameAsEnglish: [
    'settings.logo',
    // Payment brands (docs/filters.md).
    'recs.attrs.keys.payment_vietqr',
    'recs.attrs.keys.payment_unionpay',
    'recs.attrs.keys.payment_alipay',
    'recs.attrs.keys.payment_wechat',
    ...[
      'tabs.admin',
      'recs.latitude',
      'recs.longitude',
      'recs.photos',
      'recs.photoN',
      'categories.culture',
      'categories.shopping',
      'categories.nature',
      'categories.service',
      'settings.zoom',
      'mods.email',
      'mods.invitations',
      'statements.transactions',
      'statements.commission',
      'statements.total',
      'rewards.dates',
      'rewards.odds',
      'rewards.stock',
      'rewards.pointsValue',
      'rewards.points',
      'rewards.prizeKinds.points',
    ].map((k) => `fr:${k}`),
  ],
});
