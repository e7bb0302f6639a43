// What travellers filter places by (issue 43 item 5; docs/filters.md): the attributes a place carries, stored
// in `activities.attributes` as OpenStreetMap-style tags (`{"diet:vegetarian": "only", "wheelchair": "yes"}`),
// and the guest's filters, each a rule over those tags. The database allows exactly these keys and values
// (migration 20261205300000_place_attributes.sql; its test checks the two lists agree). Bundled by the
// dashboard (the editor, the CSV) and the map (filters, badges); not part of the shared contract.

/** Every key a place may carry, with the values it allows, in the order the editor shows them. OSM's own
 * keys where OSM has one; `guestmap:*` where it has none; `payment:vietqr` follows OSM's `payment:*` scheme,
 * which is open to new methods (the wiki does not list VietQR yet). */
export const PLACE_ATTRIBUTES = {
  'diet:vegetarian': ['yes', 'only', 'no'],
  'diet:vegan': ['yes', 'only', 'no'],
  'diet:halal': ['yes', 'only', 'no'],
  'diet:gluten_free': ['yes', 'only', 'no'],
  'guestmap:no_pork': ['yes', 'no'],
  'guestmap:kids': ['yes', 'no'],
  wheelchair: ['yes', 'limited', 'no'],
  'payment:cards': ['yes', 'no'],
  'payment:contactless': ['yes', 'no'],
  'payment:vietqr': ['yes', 'no'],
  'payment:unionpay': ['yes', 'no'],
  'payment:alipay': ['yes', 'no'],
  'payment:wechat': ['yes', 'no'],
} as const satisfies Record<string, readonly string[]>;

export type AttributeKey = keyof typeof PLACE_ATTRIBUTES;
export type AttributeValue<K extends AttributeKey = AttributeKey> = (typeof PLACE_ATTRIBUTES)[K][number];
/** A place's attributes as stored: unknown ones are refused by the database. */
export type PlaceAttributes = Partial<{ [K in AttributeKey]: AttributeValue<K> }>;

export const ATTRIBUTE_KEYS = Object.keys(PLACE_ATTRIBUTES) as AttributeKey[];

/** Whether `key=value` is one the database takes. */
export function isKnownAttribute(key: string, value: unknown): boolean {
  const allowed = (PLACE_ATTRIBUTES as Record<string, readonly string[]>)[key];
  return !!allowed && typeof value === 'string' && allowed.includes(value);
}

/** The stored JSON as attributes: anything else (null, an old client's array) reads as none. */
export function attributesOf(raw: unknown): PlaceAttributes {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).filter(([k, v]) => isKnownAttribute(k, v)),
  ) as PlaceAttributes;
}

/** The guest's filters, in the order the map shows them. `open_late` is derived from the opening hours. */
export const PLACE_FILTERS = [
  'vegetarian',
  'vegan',
  'halal',
  'no_pork',
  'gluten_free',
  'kids',
  'wheelchair',
  'cards',
  'contactless',
  'vietqr',
  'unionpay',
  'alipay',
  'wechat',
  'open_late',
] as const;
export type PlaceFilter = (typeof PLACE_FILTERS)[number];
/** The filters decided by the tags alone. */
export type TagFilter = Exclude<PlaceFilter, 'open_late'>;

const has = (a: PlaceAttributes, key: AttributeKey, ...values: string[]) => values.includes(a[key] ?? '');
const served = (a: PlaceAttributes, key: AttributeKey) => has(a, key, 'yes', 'only');

/**
 * Each filter's rule. OSM's diet values: `yes` a proper choice, `only` nothing else; vegan food is vegetarian
 * (the wiki: diet:vegan=yes implies diet:vegetarian=yes). "No pork": the place says so, or serves only halal,
 * vegetarian or vegan food. Wheelchair: `limited` counts (the badge says "limited"). Cards: contactless is a card.
 */
export const TAG_FILTER_RULES: Record<TagFilter, (a: PlaceAttributes) => boolean> = {
  vegetarian: (a) => served(a, 'diet:vegetarian') || served(a, 'diet:vegan'),
  vegan: (a) => served(a, 'diet:vegan'),
  halal: (a) => served(a, 'diet:halal'),
  no_pork: (a) =>
    has(a, 'guestmap:no_pork', 'yes') ||
    has(a, 'diet:halal', 'only') ||
    has(a, 'diet:vegetarian', 'only') ||
    has(a, 'diet:vegan', 'only'),
  gluten_free: (a) => served(a, 'diet:gluten_free'),
  kids: (a) => has(a, 'guestmap:kids', 'yes'),
  wheelchair: (a) => has(a, 'wheelchair', 'yes', 'limited'),
  cards: (a) => has(a, 'payment:cards', 'yes') || has(a, 'payment:contactless', 'yes'),
  contactless: (a) => has(a, 'payment:contactless', 'yes'),
  vietqr: (a) => has(a, 'payment:vietqr', 'yes'),
  unionpay: (a) => has(a, 'payment:unionpay', 'yes'),
  alipay: (a) => has(a, 'payment:alipay', 'yes'),
  wechat: (a) => has(a, 'payment:wechat', 'yes'),
};

/** Reads the `key=value;key=value` form (the CSV column, OSM's own notation): the attributes, and the pairs
 * it could not take (unknown key or value, a key twice), as written. */
export function parseAttributes(text: string): { attributes: PlaceAttributes; invalid: string[] } {
  const attributes: Record<string, string> = {};
  const invalid: string[] = [];
  for (const part of text.split(';')) {
    const pair = part.trim();
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = eq < 0 ? pair : pair.slice(0, eq).trim();
    const value = eq < 0 ? '' : pair.slice(eq + 1).trim();
    if (!isKnownAttribute(key, value) || key in attributes) invalid.push(pair);
    else attributes[key] = value;
  }
  return { attributes: attributes as PlaceAttributes, invalid };
}

/** The `key=value;…` form of attributes, in the editor's order (so an export is stable). */
export function formatAttributes(attributes: PlaceAttributes): string {
  return ATTRIBUTE_KEYS.filter((k) => attributes[k] !== undefined)
    .map((k) => `${k}=${attributes[k]}`)
    .join(';');
}
