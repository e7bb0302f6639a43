// The one category list against the database's: the generated enum (supabase/types/database.ts, kept equal to
// the migrated schema by supabase/tests/database/90_types.test.ts), same values in the same order.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Constants, type Enums } from '@guestmap/supabase/types/database.ts';
import { CATEGORIES, isCategory, type Category } from './categories.js';

describe('categories', () => {
  it('are the database enum activity_category, in its order', () => {
    expect(CATEGORIES).toEqual(Constants.public.Enums.activity_category);
    expectTypeOf<Category>().toEqualTypeOf<Enums<'activity_category'>>();
  });

  it('tells a category from any other value', () => {
    expect(CATEGORIES.every(isCategory)).toBe(true);
    for (const x of ['', 'Food', 'restaurant', null, undefined, 3]) expect(isCategory(x)).toBe(false);
  });
});
