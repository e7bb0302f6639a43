// Helpers shared by the settlement security tests written for issue #41 (two sides, months, rounding).
import type { Queryable } from '@guestmap/local-stack/src/db/db.ts';

/** partner@demo.test: staff of Miu Miu Spa (seed). */
export const PARTNER = '00000000-0000-4000-a000-000000000007';

/** SQL for a seeded activity's id (the seed derives ids from `customer/slug`). */
export const partnerSql = (customer: string, slug: string): string =>
  `extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${customer}/${slug}')`;

/** The first column of the first row (null when there is none). */
export async function value<T = unknown>(tx: Queryable, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await tx.query<Record<string, unknown>>(sql, params);
  return (rows[0] ? Object.values(rows[0])[0] : null) as T;
}

/** mulberry32: a small seeded PRNG, so a failing case can be replayed by its seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
