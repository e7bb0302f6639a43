// CSV export and import of recommendations (the files themselves: lib/csv.ts), with a per-row validation report.
import type { Tables, TablesInsert } from '@guestmap/shared-ui/database';
import {
  attributesOf,
  formatAttributes,
  parseAttributes,
  type PlaceAttributes,
} from '@guestmap/shared-ui/place-attributes';
import { isCategory } from '@guestmap/shared-ui/categories';
import type { CsvRows } from '../../../lib/csv.ts';
import { LANGUAGES, mergeImported, toFields, type Language, type TextField } from '../../../lib/translations.ts';
import { parseVndCell, priceErrors, toPriceColumns } from '../../../lib/vnd-price.ts';

const inEveryLanguage = (prefix: TextField) => LANGUAGES.map((l) => `${prefix}_${l}`);

/** Titles and descriptions in every content language (en, vi, fr, zh, ko, ja), the rest once. */
export const CSV_COLUMNS: readonly string[] = [
  'slug',
  'category',
  ...inEveryLanguage('title'),
  ...inEveryLanguage('description'),
  'latitude',
  'longitude',
  'address',
  'address_local',
  'phone',
  'website',
  'price_level',
  'price_min_vnd',
  'price_max_vnd',
  'published',
  // Traveller attributes in OpenStreetMap's own notation, `diet:vegetarian=yes;wheelchair=limited` (docs/filters.md).
  'attributes',
];
export type CsvRow = Record<string, string>;

/** The export's rows: the header, then each place's cells in the column order above. */
export const recommendationRows = (rows: CsvRow[]): CsvRows => [
  CSV_COLUMNS,
  ...rows.map((r) => CSV_COLUMNS.map((c) => r[c] ?? '')),
];

/** An exported line: the columns above, from the row as stored. */
export const activityToCsvRow = (r: Tables<'activities'>): CsvRow => ({
  slug: r.slug,
  category: r.category,
  ...toFields('title', r.title),
  ...toFields('description', r.description),
  latitude: String(r.latitude),
  longitude: String(r.longitude),
  address: r.address ?? '',
  address_local: r.address_local ?? '',
  phone: r.phone ?? '',
  website: r.website ?? '',
  price_level: r.price_level ? String(r.price_level) : '',
  price_min_vnd: r.price_min_vnd == null ? '' : String(r.price_min_vnd),
  price_max_vnd: r.price_max_vnd == null ? '' : String(r.price_max_vnd),
  published: r.published ? 'true' : 'false',
  attributes: formatAttributes(attributesOf(r.attributes)),
});

/**
 * The row an imported line writes: its texts over the existing place's with the same slug (languages the file
 * has no column for keep theirs), placed at `sortOrder`.
 */
export function importedActivity(
  value: NonNullable<ImportRow['value']>,
  before: Tables<'activities'> | undefined,
  languages: Record<'title' | 'description', Language[]>,
  customerId: string,
  sortOrder: number,
): TablesInsert<'activities'> {
  return {
    ...value,
    title: mergeImported(before?.title, value.title, languages.title),
    description: mergeImported(before?.description, value.description, languages.description),
    category: value.category as Tables<'activities'>['category'],
    customer_id: customerId,
    sort_order: sortOrder,
  };
}

export interface ImportRow {
  line: number;
  errors: string[];
  value: {
    slug: string;
    category: string;
    title: Record<string, string>;
    description: Record<string, string>;
    latitude: number;
    longitude: number;
    address: string | null;
    address_local: string | null;
    phone: string | null;
    website: string | null;
    price_level: number | null;
    /** Only when the file has price columns: a file without them leaves the prices as they are. */
    price_min_vnd?: number | null;
    price_max_vnd?: number | null;
    published: boolean;
    /** Only when the file has the column: a file without it keeps each place's attributes. */
    attributes?: PlaceAttributes;
  } | null;
}

/**
 * Validates every row of a read file (lib/csv.ts `readCsv`); error codes are i18n keys (`csv.<code>`).
 * `languages` says which languages the file has a title or description column for (the others keep their
 * texts on import).
 */
export function validateImport(lines: string[][]): {
  header: string[];
  rows: ImportRow[];
  headerErrors: string[];
  languages: Record<'title' | 'description', Language[]>;
} {
  const [header = [], ...body] = lines;
  const norm = header.map((h) => h.trim().toLowerCase());
  const present = (prefix: TextField) => LANGUAGES.filter((l) => norm.includes(`${prefix}_${l}`));
  const languages = { title: present('title'), description: present('description') };
  const headerErrors = ['slug', 'category', 'title_en', 'latitude', 'longitude']
    .filter((c) => !norm.includes(c))
    .map((c) => `missing_column:${c}`);
  const rows = body.map<ImportRow>((cells, i) => {
    const get = (c: string) => (cells[norm.indexOf(c)] ?? '').trim();
    const errors: string[] = [];
    const slug = get('slug');
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug) || slug.length > 80) errors.push('slug');
    const category = get('category');
    if (!isCategory(category)) errors.push('category');
    if (!get('title_en')) errors.push('title_en');
    const lat = Number(get('latitude'));
    const lng = Number(get('longitude'));
    if (!get('latitude') || !Number.isFinite(lat) || lat < -90 || lat > 90) errors.push('latitude');
    if (!get('longitude') || !Number.isFinite(lng) || lng < -180 || lng > 180) errors.push('longitude');
    const website = get('website');
    if (website && !/^https?:\/\/\S+$/i.test(website)) errors.push('website');
    const pl = get('price_level');
    if (pl && !/^[1-4]$/.test(pl)) errors.push('price_level');
    // Prices in whole đồng (docs/prices.md): the highest empty = a single price.
    const hasPrice = norm.includes('price_min_vnd') || norm.includes('price_max_vnd');
    const priceMin = parseVndCell(get('price_min_vnd'));
    const priceMax = parseVndCell(get('price_max_vnd'));
    if (priceMin === 'invalid' || priceMax === 'invalid' || priceErrors(priceMin, priceMax).length)
      errors.push('price');
    const pub = get('published').toLowerCase();
    if (pub && !['true', 'false', 'yes', 'no', '1', '0'].includes(pub)) errors.push('published');
    const attrs = norm.includes('attributes') ? parseAttributes(get('attributes')) : null;
    if (attrs?.invalid.length) errors.push('attributes');
    const texts = (p: string) => Object.fromEntries(LANGUAGES.map((l) => [l, get(`${p}_${l}`)]).filter(([, v]) => v));
    return {
      line: i + 2,
      errors,
      value: errors.length
        ? null
        : {
            slug,
            category,
            title: texts('title'),
            description: texts('description'),
            latitude: lat,
            longitude: lng,
            address: get('address') || null,
            address_local: get('address_local') || null,
            phone: get('phone') || null,
            website: website || null,
            price_level: pl ? Number(pl) : null,
            ...(hasPrice ? toPriceColumns(priceMin as number | null, priceMax as number | null) : {}),
            published: ['true', 'yes', '1'].includes(pub),
            ...(attrs ? { attributes: attrs.attributes } : {}),
          },
    };
  });
  return { header: norm, rows, headerErrors, languages };
}
