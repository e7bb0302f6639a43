// The currencies (api/list-currencies.ts): the hotel's sale form offers exactly these and checks the same
// bounds; the partner portal formats amounts with their minor units.
import { useEffect, useState } from 'react';
import { listCurrencies, type Currency } from './api/list-currencies.ts';
import { useDb } from './use-db.ts';

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
