// The currencies a partner transaction may use: rows of the `currencies` table (ISO 4217 code, its minor
// units, the largest amount the database accepts; readable by all). The hotel's sale form offers exactly these
// and checks the same bounds; the partner portal formats amounts with their minor units.
import { useEffect, useState } from 'react';
import type { TypedClient } from '@guestmap/shared-ui/database';
import { useDb } from './use-db.ts';

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

/** code → minor units. */
export const unitsOf = (rows: Currency[]) => new Map(rows.map((c) => [c.code, c.minor_units]));

export function useCurrencies(): Currency[] | null {
  const db = useDb();
  const [rows, setRows] = useState<Currency[] | null>(null);
  useEffect(() => {
    void listCurrencies(db).then(setRows);
  }, [db]);
  return rows;
}
