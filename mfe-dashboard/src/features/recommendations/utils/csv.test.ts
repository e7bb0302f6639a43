import { describe, expect, it } from 'vitest';
import type { Tables } from '@guestmap/shared-ui/database';
import { activityToCsvRow, recommendationRows, validateImport, CSV_COLUMNS, type CsvRow } from './csv.ts';
import { csvText, readCsv } from '../../../lib/csv.ts';

/** A file as the import reads it. */
const imported = async (text: string) => validateImport(await readCsv(text));

describe('recommendations CSV', () => {
  it('round-trips quotes, commas and line breaks', async () => {
    const row = Object.fromEntries(CSV_COLUMNS.map((c) => [c, ''])) as CsvRow;
    row.slug = 'pho-2000';
    row.title_en = 'Phở 2000, "the" famous';
    row.description_en = 'Line one\nline two';
    const parsed = await readCsv(await csvText(recommendationRows([row])));
    expect(parsed[0]).toEqual([...CSV_COLUMNS]);
    expect(parsed[1]![2]).toBe('Phở 2000, "the" famous');
    expect(parsed[1]![CSV_COLUMNS.indexOf('description_en')]).toBe('Line one\nline two');
  });

  it('reports every invalid row with its line number and keeps the valid ones', async () => {
    const text =
      'slug,category,title_en,latitude,longitude,website,price_level,published\n' +
      'ok-place,food,Good,10.77,106.70,https://x.vn,2,yes\n' +
      'Bad Slug,pizza,,100,200,ftp://x,7,maybe\n';
    const r = await imported(text);
    expect(r.headerErrors).toEqual([]);
    expect(r.rows[0]).toMatchObject({
      line: 2,
      errors: [],
      value: { slug: 'ok-place', latitude: 10.77, price_level: 2, published: true, title: { en: 'Good' } },
    });
    expect(r.rows[1]).toMatchObject({ line: 3, value: null });
    expect(r.rows[1]!.errors.sort()).toEqual(
      ['category', 'latitude', 'longitude', 'price_level', 'published', 'slug', 'title_en', 'website'].sort(),
    );
  });

  it('carries traveller attributes as OSM key=value pairs, both ways (docs/filters.md)', async () => {
    const stored = { wheelchair: 'limited', 'payment:vietqr': 'yes', 'diet:vegetarian': 'only' };
    const row = activityToCsvRow({
      slug: 'hum',
      category: 'food',
      title: { en: 'Hum' },
      description: {},
      latitude: 10.78,
      longitude: 106.69,
      attributes: stored,
    } as unknown as Tables<'activities'>);
    // The editor's order, so that an export is stable.
    expect(row.attributes).toBe('diet:vegetarian=only;wheelchair=limited;payment:vietqr=yes');
    const back = await imported(await csvText(recommendationRows([row])));
    expect(back.rows[0]).toMatchObject({ errors: [], value: { attributes: stored } });
    // An empty cell clears them; an unknown key or value refuses the line; no column keeps what the places have.
    const text = (cell: string) => `slug,category,title_en,latitude,longitude,attributes\nx,food,X,10,106,"${cell}"\n`;
    expect((await imported(text(''))).rows[0]!.value!.attributes).toEqual({});
    for (const bad of ['diet:vegetarian=maybe', 'diet:meat=yes', 'wheelchair', 'wheelchair=yes;wheelchair=no'])
      expect((await imported(text(bad))).rows[0], bad).toMatchObject({ errors: ['attributes'], value: null });
    const without = await imported('slug,category,title_en,latitude,longitude\nx,food,X,10,106\n');
    expect(without.rows[0]!.value).not.toHaveProperty('attributes');
  });

  it('names missing required columns', async () => {
    expect((await imported('slug,title_en\nx,y\n')).headerErrors).toEqual([
      'missing_column:category',
      'missing_column:latitude',
      'missing_column:longitude',
    ]);
  });

  it('exports and reads titles and descriptions in all six languages', async () => {
    expect(CSV_COLUMNS.filter((c) => c.startsWith('title_') || c.startsWith('description_'))).toEqual([
      'title_en',
      'title_vi',
      'title_fr',
      'title_zh',
      'title_ko',
      'title_ja',
      'description_en',
      'description_vi',
      'description_fr',
      'description_zh',
      'description_ko',
      'description_ja',
    ]);
    const r = await imported(
      'slug,category,title_en,title_zh,title_ja,description_ko,latitude,longitude\n' +
        'ben-thanh,shopping,Ben Thanh Market,滨城市场,ベンタイン市場,벤탄 시장의 설명,10.77,106.70\n',
    );
    expect(r.rows[0]!.value).toMatchObject({
      title: { en: 'Ben Thanh Market', zh: '滨城市场', ja: 'ベンタイン市場' },
      description: { ko: '벤탄 시장의 설명' },
    });
    expect(r.languages).toEqual({ title: ['en', 'zh', 'ja'], description: ['ko'] });
  });
  it('exports a title or address that looks like a formula as text, coordinates as numbers, and imports it back unchanged', async () => {
    const row = Object.fromEntries(CSV_COLUMNS.map((c) => [c, ''])) as CsvRow;
    Object.assign(row, {
      slug: 'opera-house',
      category: 'sight',
      title_en: '=HYPERLINK("http://x","y")',
      title_vi: '+1+1',
      title_fr: '@SUM(A1)',
      title_zh: '-2+3',
      description_en: '\tTab first',
      description_vi: '\rCR first',
      address: "'=already quoted",
      latitude: '-33.8568',
      longitude: '151.2153',
      published: 'true',
    });
    const text = await csvText(recommendationRows([row]));
    const line = text.split('\r\n')[1]!;
    expect(line.startsWith(`opera-house,sight,"'=HYPERLINK(""http://x"",""y"")","'+1+1","'@SUM(A1)","'-2+3",`)).toBe(
      true,
    );
    expect(line).toContain(`,"'\tTab first","'\rCR first",`);
    expect(line).toContain(`,-33.8568,151.2153,"''=already quoted",`);
    const r = await imported(text);
    expect(r.rows[0]).toMatchObject({
      errors: [],
      value: {
        title: { en: row.title_en, vi: '+1+1', fr: '@SUM(A1)', zh: '-2+3' },
        // The import trims every cell, as it always did: a leading tab or carriage return is dropped.
        description: { en: 'Tab first', vi: 'CR first' },
        address: "'=already quoted",
        latitude: -33.8568,
        longitude: 151.2153,
      },
    });
  });

  it('carries the price in whole đồng both ways: a single price, a range, none; refuses a bad one by its line', async () => {
    const base = {
      slug: 'x',
      category: 'food',
      title_en: 'X',
      latitude: '10.77',
      longitude: '106.7',
      published: 'true',
    };
    const row = (extra: Partial<CsvRow>) =>
      ({ ...Object.fromEntries(CSV_COLUMNS.map((c) => [c, ''])), ...base, ...extra }) as CsvRow;
    const text = await csvText(
      recommendationRows([
        row({ slug: 'banh-mi', price_min_vnd: '75000', price_max_vnd: '75000' }),
        row({ slug: 'skydeck', price_min_vnd: '200.000', price_max_vnd: '250.000' }),
        row({ slug: 'pagoda', price_min_vnd: '0', price_max_vnd: '' }),
        row({ slug: 'no-price' }),
        row({ slug: 'upside-down', price_min_vnd: '250000', price_max_vnd: '200000' }),
        row({ slug: 'fraction', price_min_vnd: '1500.5' }),
        row({ slug: 'max-alone', price_max_vnd: '50000' }),
      ]),
    );
    const r = await imported(text);
    expect(r.rows.map((x) => x.value && [x.value.price_min_vnd, x.value.price_max_vnd])).toEqual([
      [75_000, 75_000],
      [200_000, 250_000],
      [0, 0],
      [null, null],
      null,
      null,
      null,
    ]);
    expect(r.rows.slice(4).map((x) => [x.line, x.errors])).toEqual([
      [6, ['price']],
      [7, ['price']],
      [8, ['price']],
    ]);
    // A file without price columns leaves the prices as they are.
    const old = await imported('slug,category,title_en,latitude,longitude\nx,food,X,10.77,106.7\n');
    expect(old.rows[0]!.value).not.toHaveProperty('price_min_vnd');
  });
});
