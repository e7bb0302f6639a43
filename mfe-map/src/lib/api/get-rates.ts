// The exchange rates behind a price's estimate (docs/prices.md): the whole table (one row per currency, about
// twenty), read once per page when the first place with a price is opened. A read that fails is forgotten, so
// the next place tries again; until then the price shows in đồng alone.
import { useEffect, useState } from 'react';
import type { Db } from '@guestmap/shared-ui/contracts';
import type { ExchangeRate } from '../utils/prices.ts';

let reading: Promise<ExchangeRate[]> | null = null;

export function loadRates(db: Db): Promise<ExchangeRate[]> {
  reading ??= (async () => {
    const { data, error } = await db.from('exchange_rates').select('currency, vnd_per_unit, source, as_of');
    if (error) throw error;
    return (data ?? []).map((r) => ({ ...r, vnd_per_unit: Number(r.vnd_per_unit) }));
  })();
  reading.catch(() => (reading = null));
  return reading;
}

/** The rates once read; [] before and when the API cannot answer. */
export function useRates(db: Db): ExchangeRate[] {
  const [rates, setRates] = useState<ExchangeRate[]>([]);
  useEffect(() => {
    let live = true;
    loadRates(db).then(
      (r) => live && setRates(r),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [db]);
  return rates;
}
