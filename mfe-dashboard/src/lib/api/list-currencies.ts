// The currencies a partner transaction may use: rows of the `currencies` table (ISO 4217 code, its minor
// units, the largest amount the database accepts; readable by all).
import type { TypedClient } from '@guestmap/shared-ui/database';

export interface Currency {
  code: string;
  minor_units: number;
  max_amount_minor: number;
}

/** Empty when the table cannot be read: amounts are then formatted with Intl's ISO data. */
export async function listCurrencies(db: TypedClient): Promise<Currency[]> {
  const { data, error } = await db.from('currencies').select('code, minor_units, max_amount_minor').order('code');
  if (error || !Array.isArray(data)) return [];
  return data.map((c) => ({
    code: c.code.trim(),
    minor_units: Number(c.minor_units),
    max_amount_minor: Number(c.max_amount_minor),
  }));
}
