// The RPC calls are typed by the generated database types: a misspelt function, a misspelt or missing
// argument and an argument of the wrong type do not compile. The typecheck also fails on an expected error
// that does not happen, so each marked line below proves the compiler refuses that call.
import { describe, expect, it } from 'vitest';
import type { TypedClient } from '@guestmap/shared-ui/database';
import { rpc, rpcOrThrow } from './rpc.ts';

/** Never run: compiled only. */
export async function compiledOnly(db: TypedClient) {
  // @ts-expect-error a function the database does not have
  await rpc(db, 'close_months', { p_customer_id: 'c', p_month: '2026-10-01' });
  // @ts-expect-error a misspelt argument
  await rpc(db, 'close_month', { p_customer: 'c', p_month: '2026-10-01' });
  // @ts-expect-error an argument missing
  await rpc(db, 'close_month', { p_customer_id: 'c' });
  // @ts-expect-error an argument of the wrong type
  await rpc(db, 'set_partner_pin', { p_activity_id: 'a', p_pin: 123456 });
  // @ts-expect-error arguments to a function that takes none
  await rpcOrThrow(db, 'my_partners', { p_activity_id: 'a' });
  const fees = await rpc(db, 'platform_fees', { p_month: '2026-10-01' });
  // @ts-expect-error the answer is typed too: a platform fee's customer is a string
  const n: number | undefined = fees.data?.[0]?.customer_id;
  const partners = await rpcOrThrow(db, 'my_partners');
  return [n, partners[0]?.hotel_name satisfies string | undefined];
}

describe('rpc', () => {
  it('is the typed call (the checks above are compiled by the typecheck)', () => {
    expect(typeof compiledOnly).toBe('function');
  });
});
