// The exchange rates behind a price's estimate (docs/prices.md): the whole table (one row per currency, about
// twenty). Read through lib/hooks/rates-data.ts, once per page when the first place with a price is opened.
import type { Db } from '@guestmap/shared-ui/contracts';
import type { ExchangeRate } from '../utils/prices.ts';

export async function getRates(db: Db): Promise<ExchangeRate[]> {
  const { data, error } = await db.from('exchange_rates').select('currency, vnd_per_unit, source, as_of');
  if (error) throw error;
  return (data ?? []).map((r) => ({ ...r, vnd_per_unit: Number(r.vnd_per_unit) }));
}
