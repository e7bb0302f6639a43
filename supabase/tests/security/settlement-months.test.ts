// Closed months stay closed whatever the time zone does (issue #41, item 4), on PGlite and PostgreSQL 15:
// - each sale's hotel month is fixed when it is recorded (partner_transactions.hotel_month); statements,
//   closes and platform fees group by it, so a time-zone change never regroups a sale;
// - a time-zone change applies from the hotel's current month on: months that have ended keep their
//   boundaries, so a sale recorded now never falls into a closed month;
// - property: random time zones and changes, sales at month edges, closes in random order: every confirmed
//   sale is billed exactly once, and each closed month's statement equals its invoices forever.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import type { Queryable } from '@guestmap/local-stack/src/db/db.ts';
import { HOTEL_B, asPersona, asSuper, become, outcome } from '../database/support.ts';
import { partnerSql, prng, value } from './settlement-support.ts';

afterAll(stopPgServer);

const HCM = 'Asia/Ho_Chi_Minh';
const THIS_MONTH = `date_trunc('month', now() at time zone '${HCM}')::date`;
const LAST_MONTH = `(date_trunc('month', now() at time zone '${HCM}') - interval '1 month')::date`;
/** An instant `hours` after the start of a month at the hotel (Asia/Ho_Chi_Minh, the seed's zone). */
const at = (month: string, hours: number) => `(${month}::timestamp + interval '${hours} hours') at time zone '${HCM}'`;

/** A confirmed sale written as a redemption is (status confirmed), at a chosen instant, as the service role. */
const insertSale = `insert into public.partner_transactions (customer_id, activity_id, amount_minor, currency, commission_rate,
    reinvestment_pct, commission_minor, hotel_share_minor, platform_fee_minor, reinvestment_minor, net_to_hotel_minor,
    idempotency_key, created_at, status, decided_at)
  values ($1, $2, $3::bigint, 'VND', 0.1, 0, round($3::bigint * 0.1), round($3::bigint * 0.1) - round(round($3::bigint * 0.1) * 0.2),
    round(round($3::bigint * 0.1) * 0.2), 0, round($3::bigint * 0.1) - round(round($3::bigint * 0.1) * 0.2), $4, $5::timestamptz,
    'confirmed', $5::timestamptz)
  returning id`;

type Row = { activity_id: string; currency: string; n: number; commission: string };

/** A closed month's invoices as (partner, currency, count, commission). */
const invoicesOf = async (tx: Queryable, month: string) =>
  (
    await tx.query<Row>(
      `select activity_id, currency::text as currency, transactions as n, commission_minor::text as commission
       from public.partner_invoices where customer_id = $1 and month = ${month} order by 1, 2`,
      [HOTEL_B],
    )
  ).rows;

/** The hotel's statement of a month (as its moderator), in the invoices' shape. */
const statementOf = async (tx: Queryable, month: string) => {
  await become(tx, 'moderatorB');
  const rows = (
    await tx.query<Row>(
      `select activity_id, currency, transactions as n, commission_minor::text as commission
       from public.monthly_statement($1, ${month}) order by 1, 2`,
      [HOTEL_B],
    )
  ).rows;
  await asSuper(tx);
  return rows;
};

describe.each(BACKENDS)('hotel months on %s', (backend) => {
  let s: TestStack;
  let siesta: string;

  beforeAll(async () => {
    s = await startTestStack(backend);
    siesta = (await s.db.query<{ id: string }>(`select ${partnerSql(HOTEL_B, 'la-siesta-spa')} as id`)).rows[0]!.id;
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("the issue's case: the time zone changes after a close; no sale leaves its month, none is billed twice", async () => {
    await asPersona(s.db, 'moderatorB', async (tx) => {
      await asSuper(tx);
      // Four sales in the first hours of this month, one in the last hours of last month.
      const early = [];
      for (let i = 1; i <= 4; i++)
        early.push(
          await value<string>(tx, insertSale, [
            HOTEL_B,
            siesta,
            1_000_000,
            `early-${i}`,
            await instant(tx, at(THIS_MONTH, i)),
          ]),
        );
      const late = await value<string>(tx, insertSale, [
        HOTEL_B,
        siesta,
        7_000_000,
        'late',
        await instant(tx, at(THIS_MONTH, -2)),
      ]);
      await become(tx, 'moderatorB');
      await tx.query(`select public.close_month($1, ${LAST_MONTH})`, [HOTEL_B]);
      await asSuper(tx);
      const invoiced = await invoicesOf(tx, LAST_MONTH);
      expect(invoiced).toEqual(await statementOf(tx, LAST_MONTH));
      const thisMonth = await statementOf(tx, THIS_MONTH);
      const ids = async (month: string) =>
        (
          await tx.query<{ id: string }>(
            `select (x ->> 'id') as id from public.partner_statement($1, ${month}) p, jsonb_array_elements(p -> 'items') x`,
            [siesta],
          )
        ).rows.map((r) => r.id);
      // The hotel moves 18 hours west, then 25 hours east (the moderator writes the column, as the API lets them).
      for (const zone of ['Pacific/Pago_Pago', 'Pacific/Kiritimati']) {
        await become(tx, 'moderatorB');
        expect(
          (await tx.query('update public.customers set time_zone = $1 where id = $2', [zone, HOTEL_B])).affectedRows,
        ).toBe(1);
        await asSuper(tx);
        // The closed month's statement still equals its invoices; this month's still holds the early sales.
        expect(await statementOf(tx, LAST_MONTH)).toEqual(invoiced);
        expect(await invoicesOf(tx, LAST_MONTH)).toEqual(invoiced);
        expect(await statementOf(tx, THIS_MONTH)).toEqual(thisMonth);
        await become(tx, 'admin');
        const now = await ids(THIS_MONTH);
        expect(early.every((id) => now.includes(id))).toBe(true);
        expect(now).not.toContain(late);
        expect(await ids(LAST_MONTH)).toContain(late);
        const fees = await value<number>(
          tx,
          `select count(*)::int from public.platform_fees(${THIS_MONTH}) where customer_id = $1 and activity_id = $2`,
          [HOTEL_B, siesta],
        );
        expect(fees).toBe(1);
        await asSuper(tx);
      }
      // A sale recorded now lands in this month (open), never in the closed one.
      await become(tx, 'moderatorB');
      const fresh = await value<{ transaction_id: string }>(
        tx,
        "select public.record_partner_transaction($1, $2, 5000, 'VND', 'after-the-change')",
        [HOTEL_B, siesta],
      );
      const items = await value<{ id: string }[]>(
        tx,
        `select jsonb_agg(x) from public.monthly_statement_items($1, ${THIS_MONTH}) x`,
        [HOTEL_B],
      );
      expect(items.map((i) => i.id)).toContain(fresh.transaction_id);
      // Nothing can be written into the closed month, and the stored month never changes.
      await asSuper(tx);
      expect(
        await outcome(tx, insertSale, [HOTEL_B, siesta, 1000, 'backdated', await instant(tx, at(LAST_MONTH, 100))]),
      ).toMatchObject({ detail: 'month_closed' });
      expect(
        await outcome(tx, `update public.partner_transactions set hotel_month = ${THIS_MONTH} where id = $1`, [late]),
      ).toMatchObject({ code: 'P0001' });
    });
  });

  it('property: random zones and changes, sales at month edges, closes in random order: each sale billed once, closed months frozen', async () => {
    const ITERATIONS = 10;
    const STEPS = 40;
    for (let seed = 1; seed <= ITERATIONS; seed++) {
      const rnd = prng(seed * 7919 + (backend === 'postgres' ? 1 : 0));
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
      await asPersona(s.db, 'moderatorB', async (tx) => {
        await asSuper(tx);
        const monthOf = (t: Date) =>
          value<string>(tx, "select to_char(private.customer_month($1, $2::timestamptz), 'YYYY-MM-DD')", [HOTEL_B, t]);
        const rangeOf = async (m: string) =>
          (
            await tx.query<{ f: Date; t: Date }>(
              'select range_from as f, range_to as t from private.month_range($1, $2::date)',
              [HOTEL_B, m],
            )
          ).rows[0]!;
        let t = new Date(Date.UTC(2031, 0, 1) + Math.floor(rnd() * 20) * 86_400_000);
        const start = await monthOf(t);
        const frozen = new Map<string, Row[]>();
        const sales: { id: string; month: string; commission: bigint }[] = [];
        let lastMonth = start;
        const sale = async () => {
          const amount = 10 + Math.floor(rnd() * 5_000_000);
          const o = await outcome(tx, insertSale, [
            HOTEL_B,
            siesta,
            amount,
            `p-${seed}-${sales.length}`,
            t.toISOString(),
          ]);
          // A sale recorded "now" always finds an open month, never earlier than the previous sale's.
          expect(o, `seed ${seed}: sale at ${t.toISOString()}`).toHaveProperty('ok');
          const id = (o as { ok: string }).ok;
          const month = await value<string>(
            tx,
            "select to_char(hotel_month, 'YYYY-MM-DD') from public.partner_transactions where id = $1",
            [id],
          );
          expect(month >= lastMonth, `seed ${seed}: ${month} after ${lastMonth}`).toBe(true);
          lastMonth = month;
          sales.push({ id, month, commission: BigInt(Math.round(amount * 0.1)) });
        };
        const checkFrozen = async () => {
          for (const [m, invoices] of frozen) {
            expect(await invoicesOf(tx, `'${m}'::date`), `seed ${seed}: invoices of ${m}`).toEqual(invoices);
            expect(await statementOf(tx, `'${m}'::date`), `seed ${seed}: statement of ${m}`).toEqual(invoices);
          }
        };
        for (let step = 0; step < STEPS; step++) {
          const r = rnd();
          if (r < 0.3) {
            t = new Date(t.getTime() + Math.floor(rnd() * 3 * 86_400_000));
            await sale();
          } else if (r < 0.55) {
            // Just before or after the end of the month in progress.
            const end = (await rangeOf(await monthOf(t))).t;
            t = new Date(Math.max(t.getTime(), end.getTime() + Math.floor((rnd() - 0.5) * 4 * 3_600_000)));
            await sale();
          } else if (r < 0.7) {
            await tx.query('select private.change_billing_time_zone($1, $2, $3::timestamptz, null)', [
              HOTEL_B,
              pick(ZONES),
              t,
            ]);
            await checkFrozen();
          } else if (r < 0.9) {
            // Close one ended month, any of them, in any order.
            const current = await monthOf(t);
            const open = (
              await tx.query<{ m: string }>(
                `select to_char(m, 'YYYY-MM-DD') as m from generate_series($1::date, ($2::date - interval '1 month')::date, interval '1 month') m
                 where not private.month_is_closed($3, m::date)`,
                [start, current, HOTEL_B],
              )
            ).rows.map((x) => x.m);
            if (open.length) {
              const m = pick(open);
              expect((await rangeOf(m)).t.getTime()).toBeLessThanOrEqual(t.getTime());
              await tx.query('select private.close_month($1, $2::date, null)', [HOTEL_B, m]);
              frozen.set(m, await invoicesOf(tx, `'${m}'::date`));
              await checkFrozen();
            }
          } else if (frozen.size) {
            // A sale dated inside a closed month is refused.
            const m = pick([...frozen.keys()]);
            const { f } = await rangeOf(m);
            const o = await outcome(tx, insertSale, [
              HOTEL_B,
              siesta,
              1000,
              `late-${seed}-${step}`,
              new Date(f.getTime() + 3_600_000).toISOString(),
            ]);
            expect(o).toMatchObject({ detail: 'month_closed' });
          }
        }
        // The end: every month with sales closed; each sale in exactly one invoice line, with its commission.
        for (const m of new Set(sales.map((x) => x.month))) {
          await tx.query('select private.close_month($1, $2::date, null)', [HOTEL_B, m]);
          if (!frozen.has(m)) frozen.set(m, await invoicesOf(tx, `'${m}'::date`));
        }
        await checkFrozen();
        const billed = (
          await tx.query<{ n: number; c: string }>(
            `select coalesce(sum(transactions), 0)::int as n, coalesce(sum(commission_minor), 0)::text as c
             from public.partner_invoices where customer_id = $1 and month >= $2::date`,
            [HOTEL_B, start],
          )
        ).rows[0]!;
        expect(billed).toEqual({ n: sales.length, c: String(sales.reduce((a, x) => a + x.commission, 0n)) });
        for (const [m, invoices] of frozen) {
          const mine = sales.filter((x) => x.month === m);
          expect(
            invoices.reduce((a, i) => a + i.n, 0),
            `seed ${seed}: ${m}`,
          ).toBe(mine.length);
        }
      });
    }
  });
});

const ZONES = [
  'Asia/Ho_Chi_Minh',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kolkata',
  'America/St_Johns',
  'Europe/London',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/Los_Angeles',
  'UTC',
] as const;

/** An SQL instant expression evaluated to an ISO string. */
async function instant(tx: Queryable, expr: string): Promise<string> {
  return String(await value<string>(tx, `select to_char((${expr}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`));
}
