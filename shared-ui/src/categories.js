// The places' categories, in the order every screen lists them: THE list (issue 44 item 5). The map's filters
// and icons, the dashboard's form, filters and CSV, the scale bench's generator and the map's generated places
// (mfe-map/scripts/generated-places.mjs) all import it from here. Plain JavaScript with a `const` type, as
// i18n/languages.js, so Node scripts read the same list as the apps; and a plain list, not the generated
// `Constants`, because the map's first screen imports it and `Constants` would bring every other enum along.
// The database constrains a place's category with the enum `activity_category`: categories.test.ts checks the
// list against the generated enum, supabase/tests/database/28_categories.test.ts against the migrated database.
export const CATEGORIES = /** @type {const} */ ([
  'food',
  'cafe',
  'nightlife',
  'sight',
  'culture',
  'shopping',
  'wellness',
  'tour',
  'transport',
  'family',
  'nature',
  'service',
]);

/** @typedef {(typeof CATEGORIES)[number]} Category */

/**
 * @param {unknown} x
 * @returns {x is Category}
 */
export const isCategory = (x) => /** @type {readonly unknown[]} */ (CATEGORIES).includes(x);
