// The platform's share adds up (issue #41, item 8), on PGlite and PostgreSQL 15:
// - the platform's 20 % is taken once, on each invoice's commission (rounded half up), and allocated to the
//   invoice's items by largest remainder, so the items add up to the invoice exactly;
// - the invoice and its items store the figures at the close (partner_invoices / partner_invoice_items
//   .platform_fee_minor), and every view of the fee (hotel statement, payout, administrators' platform fees)
//   shows the same figure, before and after the close;
// - property: random sales in currencies with 0, 2 and 3 minor units (VND, USD, KWD), random rates and
//   reinvestment percentages: exact sums everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import type { Queryable } from '@guestmap/local-stack/src/db/db.ts';
import { HOTEL_B, asPersona, asSuper, become, partnerIds } from '../database/support.ts';
import { prng } from './settlement-support.ts';

afterAll(stopPgServer);

const HCM = 'Asia/Ho_Chi_Minh';
const LAST_MONTH = `(date_trunc('month', now() at time zone '${HCM}') - interval '1 month')::date`;

/** A confirmed sale of last month (hotel time), its per-sale figures as the transactions' checks want them. */
const insertSale = `insert into public.partner_transactions (customer_id, activity_id, amount_minor, currency, commission_rate,
    reinvestment_pct, commission_minor, hotel_share_minor, platform_fee_minor, reinvestment_minor, net_to_hotel_minor,
    idempotency_key, created_at, status, decided_at)
  select $1, $2::uuid, x.amount, $4, x.rate, x.pct, x.c, x.c - x.f, x.f, round((x.c - x.f) * x.pct / 100),
         x.c - x.f - round((x.c - x.f) * x.pct / 100), $7,
         ((${LAST_MONTH})::timestamp + make_interval(mins => $8::int)) at time zone '${HCM}', 'confirmed', now()
  from (select $3::bigint as amount, $5::numeric as rate, $6::numeric as pct, round($3::bigint * $5::numeric)::bigint as c,
               round(round($3::bigint * $5::numeric) * 0.20)::bigint as f) x
  returning id`;

/** The platform's 20 % of a commission, rounded half up, in integers. */
const fifth = (c: bigint) => (2n * c + 5n) / 10n;

type Sale = { id: string; activity_id: string; currency: string; c: bigint; r: bigint };
type Invoice = { id: string; activity_id: string; currency: string; commission: bigint; fee: bigint };
type Item = { invoice_id: string; transaction_id: string; commission: bigint; fee: bigint };
type Line = { activity_id: string; currency: string; commission: bigint; share: bigint; fee: bigint; net: bigint };
type Payout = { currency: string; share: bigint; reinvestment: bigint; payout: bigint; fee: bigint };

const big = <T>(rows: Record<string, unknown>[], keys: string[]): T[] =>
  rows.map((r) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, keys.includes(k) ? BigInt(String(v)) : v])),
  ) as T[];

/** The hotel's statement of last month, as its moderator. */
async function statement(tx: Queryable): Promise<Line[]> {
  await become(tx, 'moderatorB');
  const { rows } = await tx.query<Record<string, unknown>>(
    `select activity_id::text, currency, commission_minor as commission, hotel_share_minor as share,
            platform_fee_minor as fee, net_to_hotel_minor as net
     from public.monthly_statement($1, ${LAST_MONTH}) order by 1, 2`,
    [HOTEL_B],
  );
  await asSuper(tx);
  return big<Line>(rows, ['commission', 'share', 'fee', 'net']);
}

/** The administrators' platform fees of last month for the hotel, by partner and currency. */
async function platformFees(tx: Queryable): Promise<Record<string, bigint>> {
  await become(tx, 'admin');
  const { rows } = await tx.query<{ k: string; fee: string }>(
    `select activity_id || ' ' || currency as k, platform_fee_minor::text as fee
     from public.platform_fees(${LAST_MONTH}) where customer_id = $1`,
    [HOTEL_B],
  );
  await asSuper(tx);
  return Object.fromEntries(rows.map((r) => [r.k, BigInt(r.fee)]));
}

async function closed(tx: Queryable) {
  const invoices = big<Invoice>(
    (
      await tx.query<Record<string, unknown>>(
        `select id::text, activity_id::text, currency::text, commission_minor as commission, platform_fee_minor as fee
         from public.partner_invoices where customer_id = $1 and month = ${LAST_MONTH}`,
        [HOTEL_B],
      )
    ).rows,
    ['commission', 'fee'],
  );
  const items = big<Item>(
    (
      await tx.query<Record<string, unknown>>(
        `select ii.invoice_id::text, ii.transaction_id::text, ii.commission_minor as commission, ii.platform_fee_minor as fee
         from public.partner_invoice_items ii join public.partner_invoices i on i.id = ii.invoice_id
         where i.customer_id = $1 and i.month = ${LAST_MONTH}`,
        [HOTEL_B],
      )
    ).rows,
    ['commission', 'fee'],
  );
  const payouts = big<Payout>(
    (
      await tx.query<Record<string, unknown>>(
        `select currency::text, hotel_share_minor as share, reinvestment_minor as reinvestment, payout_minor as payout,
                platform_fee_minor as fee
         from public.hotel_payouts where customer_id = $1 and month = ${LAST_MONTH}`,
        [HOTEL_B],
      )
    ).rows,
    ['share', 'reinvestment', 'payout', 'fee'],
  );
  return { invoices, items, payouts };
}

describe.each(BACKENDS)("the platform's share on %s", (backend) => {
  let s: TestStack;
  let partners: string[];

  beforeAll(async () => {
    s = await startTestStack(backend);
    partners = Object.values(await partnerIds(s.db, [HOTEL_B])).sort();
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("the issue's case: ten 4-cent USD sales at 50 % give the platform 4 of 20 cents, in every view", async () => {
    await asPersona(s.db, 'moderatorB', async (tx) => {
      await asSuper(tx);
      const partner = partners[0]!;
      for (let i = 0; i < 10; i++)
        await tx.query(insertSale, [HOTEL_B, partner, 4, 'USD', 0.5, 10, `cents-${i}`, 60 + i]);
      const line = (await statement(tx)).find((l) => l.activity_id === partner && l.currency === 'USD')!;
      expect(line).toMatchObject({ commission: 20n, fee: 4n, share: 16n });
      expect((await platformFees(tx))[`${partner} USD`]).toBe(4n);
      await tx.query(`select private.close_month($1, ${LAST_MONTH}, null)`, [HOTEL_B]);
      const { invoices, items, payouts } = await closed(tx);
      const invoice = invoices.find((i) => i.activity_id === partner && i.currency === 'USD')!;
      expect(invoice).toMatchObject({ commission: 20n, fee: 4n });
      const mine = items.filter((i) => i.invoice_id === invoice.id);
      expect(mine.length).toBe(10);
      expect(mine.reduce((a, i) => a + i.fee, 0n)).toBe(4n);
      expect(payouts.find((p) => p.currency === 'USD')).toMatchObject({ fee: 4n, share: 16n });
      // The same figures after the close.
      expect((await statement(tx)).find((l) => l.activity_id === partner && l.currency === 'USD')).toEqual(line);
      expect((await platformFees(tx))[`${partner} USD`]).toBe(4n);
    });
  });

  it('property: random sales in VND, USD and KWD (0, 2, 3 minor units): the fee is 20 % of each invoice, its items add up', async () => {
    const RUNS = 25;
    const CURRENCIES = [
      ['VND', 2_500_000_000],
      ['USD', 10_000_000],
      ['KWD', 30_000_000],
    ] as const;
    for (let seed = 1; seed <= RUNS; seed++) {
      const rnd = prng(seed * 104_729 + (backend === 'postgres' ? 1 : 0));
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
      await asPersona(s.db, 'moderatorB', async (tx) => {
        await asSuper(tx);
        await tx.query(
          "insert into public.currencies (code, minor_units, max_amount_minor) values ('KWD', 3, 30000000) on conflict do nothing",
        );
        const n = 1 + Math.floor(rnd() * 40);
        for (let i = 0; i < n; i++) {
          const [currency, max] = pick(CURRENCIES);
          const r = rnd();
          const amount = 1 + Math.floor(r < 0.5 ? rnd() * 50 : r < 0.8 ? rnd() * 100_000 : rnd() * (max - 1));
          const rate = Math.floor(rnd() * 501) / 1000;
          await tx.query(insertSale, [
            HOTEL_B,
            pick(partners),
            amount,
            currency,
            rate,
            pick([0, 10, 37.5, 99.5, 100]),
            `p-${seed}-${i}`,
            1 + Math.floor(rnd() * 27 * 24 * 60),
          ]);
        }
        const sales = big<Sale>(
          (
            await tx.query<Record<string, unknown>>(
              `select id::text, activity_id::text, currency::text, commission_minor as c, reinvestment_minor as r
               from public.partner_transactions
               where customer_id = $1 and status = 'confirmed' and hotel_month = ${LAST_MONTH}`,
              [HOTEL_B],
            )
          ).rows,
          ['c', 'r'],
        );
        const before = await statement(tx);
        const feesBefore = await platformFees(tx);
        await tx.query(`select private.close_month($1, ${LAST_MONTH}, null)`, [HOTEL_B]);
        const { invoices, items, payouts } = await closed(tx);
        const at = `seed ${seed}`;

        // Each group of sales (partner, currency) with a commission has one invoice: 20 % of it, rounded once.
        const groups = new Map<string, Sale[]>();
        for (const x of sales)
          groups.set(`${x.activity_id} ${x.currency}`, [...(groups.get(`${x.activity_id} ${x.currency}`) ?? []), x]);
        const billed = new Set<string>();
        for (const [key, group] of groups) {
          const total = group.reduce((a, x) => a + x.c, 0n);
          const invoice = invoices.find((i) => `${i.activity_id} ${i.currency}` === key);
          if (total === 0n) {
            expect(invoice, `${at}: ${key}`).toBeUndefined();
            continue;
          }
          expect(invoice, `${at}: ${key}`).toMatchObject({ commission: total, fee: fifth(total) });
          const mine = items.filter((i) => i.invoice_id === invoice!.id);
          expect(mine.length, `${at}: ${key}`).toBe(group.length);
          expect(mine.reduce((a, i) => a + i.commission, 0n)).toBe(total);
          expect(
            mine.reduce((a, i) => a + i.fee, 0n),
            `${at}: ${key}`,
          ).toBe(invoice!.fee);
          // Largest remainder: each item gets its fifth rounded down, plus one for the largest remainders.
          const up: bigint[] = [];
          const down: bigint[] = [];
          for (const i of mine) {
            const sale = group.find((x) => x.id === i.transaction_id)!;
            expect(i.commission).toBe(sale.c);
            expect(i.fee - i.commission / 5n, `${at}: item ${i.transaction_id}`).toBeGreaterThanOrEqual(0n);
            expect(i.fee - i.commission / 5n).toBeLessThanOrEqual(1n);
            (i.fee > i.commission / 5n ? up : down).push(i.commission % 5n);
            billed.add(i.transaction_id);
          }
          if (up.length && down.length)
            expect(
              up.reduce((a, b) => (a < b ? a : b)),
              `${at}: ${key}`,
            ).toBeGreaterThanOrEqual(down.reduce((a, b) => (a > b ? a : b)));
        }
        expect(items.length).toBe(billed.size);

        // The payout per currency: the commission less the invoices' fees, less the reinvestment of that share.
        const feeOf = (id: string) => items.find((i) => i.transaction_id === id)?.fee ?? 0n;
        for (const p of payouts) {
          const mine = sales.filter((x) => x.currency === p.currency);
          const fees = invoices.filter((i) => i.currency === p.currency).reduce((a, i) => a + i.fee, 0n);
          expect(p.fee, `${at}: ${p.currency}`).toBe(fees);
          expect(p.share + p.fee).toBe(mine.reduce((a, x) => a + x.c, 0n));
          const reinvested = mine.reduce((a, x) => {
            const share = x.c - feeOf(x.id);
            return a + (x.r < share ? x.r : share);
          }, 0n);
          expect(p.reinvestment, `${at}: ${p.currency}`).toBe(reinvested);
          expect(p.payout).toBe(p.share - p.reinvestment);
        }

        // Every view shows the stored figures, and the same ones before the close.
        const after = await statement(tx);
        expect(after).toEqual(before);
        expect(await platformFees(tx)).toEqual(feesBefore);
        for (const line of after) {
          const invoice = invoices.find((i) => i.activity_id === line.activity_id && i.currency === line.currency);
          expect(line.fee, `${at}: statement`).toBe(invoice?.fee ?? 0n);
          expect(line.share).toBe(line.commission - line.fee);
          expect(feesBefore[`${line.activity_id} ${line.currency}`]).toBe(line.fee);
        }
        for (const p of payouts)
          expect(after.filter((l) => l.currency === p.currency).reduce((a, l) => a + l.net, 0n)).toBe(p.payout);
      });
    }
  });
});
