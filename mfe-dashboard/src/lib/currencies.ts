// The currencies a partner transaction may use: rows of the `currencies` table (ISO 4217 code, its minor
// units, the largest amount the database accepts). The form offers exactly these and checks the same bounds.
import { useEffect, useState } from 'react';
import { useDb } from './use-db.ts';

export interface Currency {
  code: string;
  minor_units: number;
  max_amount_minor: number;
}

export function useCurrencies(): Currency[] | null {
  const db = useDb();
  const [rows, setRows] = useState<Currency[] | null>(null);
  useEffect(() => {
    const from = db.from as unknown as (t: string) => {
      select: (c: string) => { order: (c: string) => PromiseLike<{ data: Currency[] | null }> };
    };
    void Promise.resolve(from.call(db, 'currencies').select('code, minor_units, max_amount_minor').order('code')).then(
      ({ data }) =>
        setRows(
          (data ?? []).map((c) => ({
            code: c.code.trim(),
            minor_units: Number(c.minor_units),
            max_amount_minor: Number(c.max_amount_minor),
          })),
        ),
    );
  }, [db]);
  return rows;
}
