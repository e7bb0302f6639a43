// Settlement (issue #27, items 2–5 and 8), on PGlite and PostgreSQL 15: every figure in a statement is one
// both sides agreed to.
// - rates are proposed by the hotel and accepted by the partner (or set by an admin); moderators can no
//   longer write activities.commission_rate; each sale keeps the rate in force; later changes rewrite nothing;
// - typed sales are pending until the partner confirms (or disputes, with a reason); statements total
//   confirmed spend only; currencies come from the ISO 4217 table with bounds;
// - closing an ended month creates invoices (payment reference, VietQR) and payouts equal to the confirmed
//   items to the minor unit; a closed month changes no more; admins alone mark invoices and payouts paid;
// - partner staff join only by accepting an invitation and see only their own partner.
// Races (20 connections) run on PostgreSQL only, at the end of this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { race as raceOnPostgres } from '@guestmap/local-stack/testing/race.ts';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import type { Queryable } from '@guestmap/local-stack/src/db/db.ts';
import {
  HOTEL_A,
  HOTEL_B,
  USERS,
  asPersona,
  become as becomePersona,
  outcome,
  type PersonaName,
} from '../database/support.ts';

afterAll(stopPgServer);

/** partner@demo.test: staff of Miu Miu Spa (seed). */
const PARTNER = '00000000-0000-4000-a000-000000000007';
const partnerSql = (customer: string, slug: string) =>
  `extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${customer}/${slug}')`;

type Who = PersonaName | 'partner' | { sub: string };

/** Switches the session's identity inside the current transaction; `partner` is the seeded partner staff account. */
const become = (tx: Queryable, p: Who): Promise<void> => becomePersona(tx, p === 'partner' ? { sub: PARTNER } : p);

async function superuser(tx: Queryable): Promise<void> {
  await tx.query('reset role');
}

async function value<T = unknown>(tx: Queryable, sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await tx.query<Record<string, unknown>>(sql, params);
  return (rows[0] ? Object.values(rows[0])[0] : null) as T;
}

/** CRC-16/CCITT-FALSE written here independently of the database's (poly 0x1021, init 0xFFFF). */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** EMVCo TLV: id (2 digits), length (2 digits), value. */
function tlv(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(len)) throw new Error(`bad TLV at ${i}: ${payload}`);
    out.set(id, payload.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  if (i !== payload.length) throw new Error(`TLV overruns: ${payload}`);
  return out;
}

const THIS_MONTH = `date_trunc('month', now() at time zone 'Asia/Ho_Chi_Minh')::date`;
const LAST_MONTH = `(date_trunc('month', now() at time zone 'Asia/Ho_Chi_Minh') - interval '1 month')::date`;
const inMonth = (month: string) => `private.customer_month(t.customer_id, t.created_at) = ${month}`;

describe.each(BACKENDS)('settlement on %s', (backend) => {
  let s: TestStack;
  let spa: string;
  let garden: string;

  beforeAll(async () => {
    s = await startTestStack(backend);
    spa = (await s.db.query<{ id: string }>(`select ${partnerSql(HOTEL_A, 'miu-miu-spa')} as id`)).rows[0]!.id;
    garden = (await s.db.query<{ id: string }>(`select ${partnerSql(HOTEL_A, 'secret-garden')} as id`)).rows[0]!.id;
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('a moderator can no longer set a commission rate directly; the agreed rate stays', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const before = await value<string>(tx, 'select commission_rate::text from public.activities where id = $1', [
        spa,
      ]);
      expect(
        await outcome(tx, 'update public.activities set commission_rate = 0.3 where id = $1', [spa]),
      ).toMatchObject({ code: '42501' });
      expect(
        await outcome(
          tx,
          `insert into public.activities (customer_id, slug, category, title, latitude, longitude, is_partner, commission_rate)
                                values ($1, 'sneaky', 'food', '{"en":"X"}', 1, 1, true, 0.4)`,
          [HOTEL_A],
        ),
      ).toMatchObject({ code: '42501' });
      expect(await value(tx, 'select commission_rate::text from public.activities where id = $1', [spa])).toBe(before);
      // Other columns stay editable, and sending the same rate back (a whole-row form) is fine.
      expect(
        (
          await tx.query(
            'update public.activities set sort_order = sort_order + 1, commission_rate = commission_rate where id = $1',
            [spa],
          )
        ).affectedRows,
      ).toBe(1);
      // Unmarking a partner clears the mirror (as the activity form sends it); marking it again restores the agreed rate.
      expect(
        (
          await tx.query(
            'update public.activities set is_partner = false, commission_rate = null, guest_offer = null where id = $1',
            [spa],
          )
        ).affectedRows,
      ).toBe(1);
      expect(await value(tx, 'select commission_rate from public.activities where id = $1', [spa])).toBeNull();
      expect((await tx.query('update public.activities set is_partner = true where id = $1', [spa])).affectedRows).toBe(
        1,
      );
      expect(await value(tx, 'select commission_rate::text from public.activities where id = $1', [spa])).toBe(before);
    });
  });

  it('no client writes the settlement tables directly (rates, staff, months, invoices, payouts, currencies, transactions)', async () => {
    // `where true`: hosted refuses a bare UPDATE or DELETE before privileges are consulted (safeupdate)
    const writes = [
      `insert into public.commission_rates (activity_id, rate, status, decided_at, effective_from) values ('SPA', 0.5, 'accepted', now(), now())`,
      `update public.commission_rates set rate = 0.5 where true`,
      `delete from public.commission_rates where true`,
      `insert into public.partner_staff (activity_id, user_id) values ('SPA', '${USERS.traveller}')`,
      `delete from public.partner_staff where true`,
      `insert into public.settlement_months (customer_id, month) values ('${HOTEL_A}', '2020-01-01')`,
      `delete from public.settlement_months where true`,
      `update public.partner_invoices set status = 'paid', paid_at = now() where true`,
      `update public.hotel_payouts set payout_minor = payout_minor + 1 where true`,
      `delete from public.partner_invoices where true`,
      `insert into public.currencies (code, minor_units, max_amount_minor) values ('ZZZ', 0, 1)`,
      `update public.currencies set max_amount_minor = 1000000000000 where true`,
      `update public.partner_transactions set status = 'confirmed' where true`,
    ];
    for (const who of ['anon', 'plain', 'moderatorA', 'partner', 'admin'] as Who[]) {
      await asPersona(s.db, 'anon', async (tx) => {
        await become(tx, who);
        for (const sql of writes) {
          expect(await outcome(tx, sql.replace("'SPA'", `'${spa}'`)), `${JSON.stringify(who)}: ${sql}`).toMatchObject({
            code: '42501',
          });
        }
      });
    }
  });

  it('a typed sale needs a listed ISO 4217 currency and an amount within its bounds, in integers', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const rec = (amount: number | string, currency: string, key: string) =>
        outcome(tx, 'select public.record_partner_transaction($1, $2, $3::bigint, $4, $5)', [
          HOTEL_A,
          spa,
          amount,
          currency,
          key,
        ]);
      expect(await rec(100000, 'ZZZ', 'c1')).toMatchObject({ detail: 'invalid_currency' });
      expect(await rec(100000, 'vnd', 'c2')).toMatchObject({ detail: 'invalid_currency' });
      expect(await rec(1_000_000_000_000, 'VND', 'c3')).toMatchObject({ detail: 'invalid_amount' });
      expect(await rec(2_500_000_001, 'VND', 'c4')).toMatchObject({ detail: 'invalid_amount' });
      expect(await rec(10_000_001, 'USD', 'c5')).toMatchObject({ detail: 'invalid_amount' });
      expect(await rec(0, 'VND', 'c6')).toMatchObject({ detail: 'invalid_amount' });
      expect(await rec(-5, 'VND', 'c7')).toMatchObject({ detail: 'invalid_amount' });
      expect(await rec(2_500_000_000, 'VND', 'c8')).toMatchObject({
        ok: expect.objectContaining({ amount_minor: 2_500_000_000, currency: 'VND' }),
      });
      expect(await rec(1999, 'USD', 'c9')).toMatchObject({
        ok: expect.objectContaining({ amount_minor: 1999, currency: 'USD' }),
      });
      await superuser(tx);
      expect(
        await value(
          tx,
          "select count(*)::int from public.partner_transactions where idempotency_key in ('c1','c2','c3','c4','c5','c6','c7')",
        ),
      ).toBe(0);
    });
    await asPersona(s.db, 'anon', async (tx) => {
      const { rows } = await tx.query(
        "select code, minor_units from public.currencies where code in ('VND', 'USD', 'JPY') order by code",
      );
      expect(rows).toEqual([
        { code: 'JPY', minor_units: 0 },
        { code: 'USD', minor_units: 2 },
        { code: 'VND', minor_units: 0 },
      ]);
    });
  });

  it('a typed sale counts only once the partner confirms it; the partner may dispute it with a reason; the hotel cannot answer', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const spaRow = async () =>
        (
          await tx.query<{ transactions: number; gross: string; commission: string }>(
            `select transactions, gross_minor::text as gross, commission_minor::text as commission
           from public.monthly_statement($1, ${THIS_MONTH}) where activity_id = $2 and currency = 'VND'`,
            [HOTEL_A, spa],
          )
        ).rows[0] ?? { transactions: 0, gross: '0', commission: '0' };
      const before = await spaRow();
      const a = await value<{ transaction_id: string; status?: string }>(
        tx,
        `select public.record_partner_transaction($1, $2, 1000000, 'VND', 'typed-a')`,
        [HOTEL_A, spa],
      );
      const b = await value<{ transaction_id: string }>(
        tx,
        `select public.record_partner_transaction($1, $2, 333333, 'VND', 'typed-b')`,
        [HOTEL_A, spa],
      );
      // Pending: the hotel's word alone adds nothing to the statement.
      expect(await spaRow()).toEqual(before);
      expect(a.status).toBe('pending');
      const items = await value<{ id: string; status: string }[]>(
        tx,
        `select jsonb_agg(x) from public.monthly_statement_items($1, ${THIS_MONTH}) x`,
        [HOTEL_A],
      );
      expect(items.filter((i) => [a.transaction_id, b.transaction_id].includes(i.id)).map((i) => i.status)).toEqual([
        'pending',
        'pending',
      ]);
      // The hotel cannot confirm for the partner; nor can another account.
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [a.transaction_id])).toMatchObject({
        detail: 'transaction_not_found',
      });
      await become(tx, 'plain');
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [a.transaction_id])).toMatchObject({
        detail: 'transaction_not_found',
      });
      await become(tx, 'partner');
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [a.transaction_id])).toMatchObject({
        ok: expect.objectContaining({ status: 'confirmed' }),
      });
      expect(
        await outcome(tx, 'select public.dispute_partner_transaction($1, $2)', [b.transaction_id, '   ']),
      ).toMatchObject({ detail: 'reason_required' });
      expect(
        await outcome(tx, 'select public.dispute_partner_transaction($1, $2)', [b.transaction_id, 'x'.repeat(501)]),
      ).toMatchObject({ detail: 'reason_too_long' });
      expect(
        await outcome(tx, 'select public.dispute_partner_transaction($1, $2)', [
          b.transaction_id,
          'We sold one coffee, not a massage',
        ]),
      ).toMatchObject({
        ok: expect.objectContaining({ status: 'disputed', dispute_reason: 'We sold one coffee, not a massage' }),
      });
      // One answer per sale.
      expect(
        await outcome(tx, 'select public.dispute_partner_transaction($1, $2)', [a.transaction_id, 'changed my mind']),
      ).toMatchObject({ detail: 'not_pending' });
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [b.transaction_id])).toMatchObject({
        detail: 'not_pending',
      });
      await become(tx, 'moderatorA');
      const after = await spaRow();
      expect({
        n: after.transactions - before.transactions,
        gross: BigInt(after.gross) - BigInt(before.gross),
        commission: BigInt(after.commission) - BigInt(before.commission),
      }).toEqual({ n: 1, gross: 1_000_000n, commission: 150_000n });
      const items2 = await value<{ id: string; status: string; dispute_reason: string | null }[]>(
        tx,
        `select jsonb_agg(x) from public.monthly_statement_items($1, ${THIS_MONTH}) x`,
        [HOTEL_A],
      );
      expect(items2.find((i) => i.id === b.transaction_id)).toMatchObject({
        status: 'disputed',
        dispute_reason: 'We sold one coffee, not a massage',
      });
      expect(items2.find((i) => i.id === a.transaction_id)).toBeUndefined();
    });
  });

  it('statement totals equal the sums of their confirmed rows to the minor unit (hotel, partner, admin views)', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      for (const month of [THIS_MONTH, LAST_MONTH]) {
        const statement = (
          await tx.query(
            `select activity_id, currency, transactions, gross_minor::text g, commission_minor::text c, platform_fee_minor::text f, net_to_hotel_minor::text n
           from public.monthly_statement($1, ${month}) order by activity_id, currency`,
            [HOTEL_A],
          )
        ).rows;
        await superuser(tx);
        const table = (
          await tx.query(
            `select activity_id, currency::text as currency, count(*)::int as transactions, sum(amount_minor)::text g, sum(commission_minor)::text c,
                  sum(platform_fee_minor)::text f, sum(net_to_hotel_minor)::text n
           from public.partner_transactions t where customer_id = $1 and status = 'confirmed' and ${inMonth(month)}
           group by 1, 2 order by 1, 2`,
            [HOTEL_A],
          )
        ).rows;
        expect(statement.length).toBeGreaterThan(0);
        expect(statement).toEqual(table);
        await become(tx, 'partner');
        const ps = await value<{
          currency_totals: {
            currency: string;
            confirmed_count: number;
            confirmed_gross_minor: number;
            commission_minor: number;
          }[];
          items: unknown[];
        }>(tx, `select public.partner_statement($1, ${month})`, [spa]);
        const mine = table.find((r) => r.activity_id === spa && r.currency === 'VND') as {
          transactions: number;
          g: string;
          c: string;
        };
        expect(ps.currency_totals.find((t) => t.currency === 'VND')).toMatchObject({
          confirmed_count: mine.transactions,
          confirmed_gross_minor: Number(mine.g),
          commission_minor: Number(mine.c),
        });
        await superuser(tx);
        expect(ps.items.length).toBe(
          await value<number>(
            tx,
            `select count(*)::int from public.partner_transactions t where activity_id = $1 and ${inMonth(month)}`,
            [spa],
          ),
        );
        await become(tx, 'moderatorA');
      }
    });
  });

  it('rates: proposed by the hotel, accepted by the partner or set by an admin; each sale keeps its rate; history for both sides', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const rate = () => value<string>(tx, 'select commission_rate::text from public.activities where id = $1', [spa]);
      const sale = async (key: string) =>
        await value<{ transaction_id: string; commission_rate: number; commission_minor: number }>(
          tx,
          `select public.record_partner_transaction($1, $2, 1000000, 'VND', $3)`,
          [HOTEL_A, spa, key],
        );
      expect(await outcome(tx, 'select public.propose_commission_rate($1, 0.6)', [spa])).toMatchObject({
        detail: 'invalid_rate',
      });
      expect(await outcome(tx, 'select public.propose_commission_rate($1, 0.1234)', [spa])).toMatchObject({
        detail: 'invalid_rate',
      });
      const first = await value<{ id: string; status: string }>(tx, 'select public.propose_commission_rate($1, 0.3)', [
        spa,
      ]);
      const p = await value<{ id: string; status: string }>(tx, 'select public.propose_commission_rate($1, 0.2)', [
        spa,
      ]);
      expect(p.status).toBe('proposed');
      // A proposal is not in force: sales keep the agreed 0.150.
      expect(await rate()).toBe('0.150');
      const s1 = await sale('rate-1');
      expect(s1).toMatchObject({ commission_rate: 0.15, commission_minor: 150000 });
      // The hotel cannot accept its own proposal.
      expect(await outcome(tx, 'select public.respond_commission_rate($1, true)', [p.id])).toMatchObject({
        detail: 'rate_not_found',
      });
      await become(tx, 'partner');
      // The earlier proposal was replaced.
      expect(await outcome(tx, 'select public.respond_commission_rate($1, true)', [first.id])).toMatchObject({
        detail: 'rate_not_open',
      });
      expect(await outcome(tx, 'select public.respond_commission_rate($1, true)', [p.id])).toMatchObject({
        ok: expect.objectContaining({ status: 'accepted' }),
      });
      await become(tx, 'moderatorA');
      expect(await rate()).toBe('0.200');
      const s2 = await sale('rate-2');
      expect(s2).toMatchObject({ commission_rate: 0.2, commission_minor: 200000 });
      const declined = await value<{ id: string }>(tx, 'select public.propose_commission_rate($1, 0.05)', [spa]);
      await become(tx, 'partner');
      expect(await outcome(tx, 'select public.respond_commission_rate($1, false)', [declined.id])).toMatchObject({
        ok: expect.objectContaining({ status: 'declined' }),
      });
      expect(await outcome(tx, 'select public.admin_set_commission_rate($1, 0.25)', [spa])).toMatchObject({
        code: '42501',
        detail: 'not_admin',
      });
      await become(tx, 'admin');
      expect(await outcome(tx, 'select public.admin_set_commission_rate($1, 0.25)', [spa])).toMatchObject({
        ok: expect.objectContaining({ status: 'accepted', set_by_admin: true }),
      });
      const s3 = await sale('rate-3');
      expect(s3).toMatchObject({ commission_rate: 0.25, commission_minor: 250000 });
      // Past sales keep their rate and commission.
      await become(tx, 'partner');
      const st = await value<{
        items: { id: string; commission_rate: number; commission_minor: number }[];
        rate_in_force: number;
      }>(tx, `select public.partner_statement($1, ${THIS_MONTH})`, [spa]);
      expect([s1, s2, s3].map((x) => st.items.find((i) => i.id === x.transaction_id))).toMatchObject([
        { commission_rate: 0.15, commission_minor: 150000 },
        { commission_rate: 0.2, commission_minor: 200000 },
        { commission_rate: 0.25, commission_minor: 250000 },
      ]);
      expect(st.rate_in_force).toBe(0.25);
      // Both sides see the same history; outsiders see nothing.
      const history = (who: Who) =>
        become(tx, who)
          .then(() =>
            tx.query<{ rate: string; status: string }>(
              'select rate::text, status from public.commission_rate_history($1) order by proposed_at desc limit 5',
              [spa],
            ),
          )
          .then((r) => r.rows);
      const seen = await history('partner');
      expect(seen.map((r) => `${r.rate} ${r.status}`)).toEqual([
        '0.250 accepted',
        '0.050 declined',
        '0.200 accepted',
        '0.300 withdrawn',
        '0.150 accepted',
      ]);
      expect(await history('moderatorA')).toEqual(seen);
      await become(tx, 'plain');
      expect(await outcome(tx, 'select * from public.commission_rate_history($1)', [spa])).toMatchObject({
        code: '42501',
        detail: 'not_allowed',
      });
      expect(await outcome(tx, 'select private.rate_at($1, now())', [spa])).toMatchObject({ code: '42501' });
      expect((await tx.query('select * from public.commission_rates where activity_id = $1', [spa])).rows).toEqual([]);
      await become(tx, 'moderatorB');
      expect(await outcome(tx, 'select public.propose_commission_rate($1, 0.2)', [spa])).toMatchObject({
        code: '42501',
        detail: 'not_moderator',
      });
      expect((await tx.query('select * from public.commission_rates where activity_id = $1', [spa])).rows).toEqual([]);
    });
  });

  it('closing: only an ended month; invoices and payouts equal the confirmed items to the minor unit; a second close changes nothing', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      expect(await outcome(tx, `select public.close_month($1, ${THIS_MONTH})`, [HOTEL_A])).toMatchObject({
        detail: 'month_not_ended',
      });
      for (const who of ['plain', 'moderatorB', 'partner'] as Who[]) {
        await become(tx, who);
        expect(
          await outcome(tx, `select public.close_month($1, ${LAST_MONTH})`, [HOTEL_A]),
          JSON.stringify(who),
        ).toMatchObject({ code: '42501' });
      }
      await become(tx, 'moderatorA');
      const settled = await value<{
        closed: boolean;
        invoices: {
          activity_id: string;
          currency: string;
          commission_minor: number;
          payment_reference: string;
          vietqr: string | null;
        }[];
        payouts: {
          currency: string;
          hotel_share_minor: number;
          reinvestment_minor: number;
          payout_minor: number;
          platform_fee_minor: number;
        }[];
      }>(tx, `select public.close_month($1, ${LAST_MONTH})`, [HOTEL_A]);
      expect(settled.closed).toBe(true);
      expect(await value(tx, `select public.close_month($1, ${LAST_MONTH})`, [HOTEL_A])).toEqual(settled);
      await superuser(tx);
      const expectInvoices = (
        await tx.query<{ activity_id: string; currency: string; c: string }>(
          `select activity_id, currency::text as currency, sum(commission_minor)::text c from public.partner_transactions t
         where customer_id = $1 and status = 'confirmed' and ${inMonth(LAST_MONTH)} group by 1, 2 having sum(commission_minor) > 0 order by 1, 2`,
          [HOTEL_A],
        )
      ).rows;
      expect(expectInvoices.length).toBeGreaterThan(3);
      const byKey = (x: { activity_id: string; currency: string }, y: { activity_id: string; currency: string }) =>
        x.activity_id + x.currency < y.activity_id + y.currency ? -1 : 1;
      expect(
        settled.invoices
          .map((i) => ({ activity_id: i.activity_id, currency: i.currency, c: String(i.commission_minor) }))
          .sort(byKey),
      ).toEqual([...expectInvoices].sort(byKey));
      const expectPayouts = (
        await tx.query(
          `select currency::text as currency, sum(hotel_share_minor)::int as hotel_share_minor, sum(reinvestment_minor)::int as reinvestment_minor,
                sum(net_to_hotel_minor)::int as payout_minor, sum(platform_fee_minor)::int as platform_fee_minor
         from public.partner_transactions t where customer_id = $1 and status = 'confirmed' and ${inMonth(LAST_MONTH)} group by 1 order by 1`,
          [HOTEL_A],
        )
      ).rows;
      expect(
        settled.payouts.map(
          ({ currency, hotel_share_minor, reinvestment_minor, payout_minor, platform_fee_minor }) => ({
            currency,
            hotel_share_minor,
            reinvestment_minor,
            payout_minor,
            platform_fee_minor,
          }),
        ),
      ).toEqual(expectPayouts);
      // Payment references: at most 19 upper-case letters and digits, unique.
      const refs = settled.invoices.map((i) => i.payment_reference);
      for (const r of refs) expect(r).toMatch(/^GM\d{4}[A-HJ-NP-Z2-9]{8}$/);
      expect(new Set(refs).size).toBe(refs.length);
      expect(
        await value(tx, 'select count(*)::int from public.partner_invoices where payment_reference = any($1::text[])', [
          refs,
        ]),
      ).toBe(refs.length);
      // A closed month changes no more, whoever writes.
      const pending = await value<string>(
        tx,
        `select id from public.partner_transactions t where customer_id = $1 and status = 'pending' and activity_id = $2 and ${inMonth(LAST_MONTH)} limit 1`,
        [HOTEL_A, spa],
      );
      expect(pending).toBeTruthy();
      const confirmedRow = await value<string>(
        tx,
        `select id from public.partner_transactions t where customer_id = $1 and status = 'confirmed' and ${inMonth(LAST_MONTH)} limit 1`,
        [HOTEL_A],
      );
      expect(
        await outcome(
          tx,
          `insert into public.partner_transactions (customer_id, activity_id, amount_minor, currency, commission_rate, reinvestment_pct, commission_minor,
             hotel_share_minor, platform_fee_minor, reinvestment_minor, net_to_hotel_minor, idempotency_key, created_at, status)
           values ($1, $2, 1000, 'VND', 0.2, 10, 200, 160, 40, 16, 144, 'late', (${LAST_MONTH} + interval '3 days')::timestamp at time zone 'Asia/Ho_Chi_Minh', 'confirmed')`,
          [HOTEL_A, spa],
        ),
      ).toMatchObject({ detail: 'month_closed' });
      expect(
        await outcome(
          tx,
          "update public.partner_transactions set status = 'confirmed', decided_at = now() where id = $1",
          [pending],
        ),
      ).toMatchObject({ detail: 'month_closed' });
      expect(await outcome(tx, 'delete from public.partner_transactions where id = $1', [confirmedRow])).toMatchObject({
        detail: 'month_closed',
      });
      expect(await outcome(tx, 'delete from public.settlement_months where customer_id = $1', [HOTEL_A])).toMatchObject(
        { detail: 'month_closed' },
      );
      expect(
        await outcome(
          tx,
          'update public.partner_invoices set commission_minor = commission_minor + 1 where payment_reference = $1',
          [refs[0]],
        ),
      ).toMatchObject({ detail: 'settlement_immutable' });
      await become(tx, 'partner');
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [pending])).toMatchObject({
        detail: 'month_closed',
      });
      const ps = await value<{
        closed: boolean;
        items: { id: string; status: string }[];
        invoice: { payment_reference: string } | null;
      }>(tx, `select public.partner_statement($1, ${LAST_MONTH})`, [spa]);
      expect(ps.closed).toBe(true);
      expect(ps.items.find((i) => i.id === pending)).toMatchObject({ status: 'pending' });
      expect(refs).toContain(ps.invoice!.payment_reference);
      // Open months: figures still never change.
      await superuser(tx);
      const openRow = await value<string>(
        tx,
        `select id from public.partner_transactions t where customer_id = $1 and ${inMonth(THIS_MONTH)} limit 1`,
        [HOTEL_A],
      );
      expect(
        await outcome(tx, 'update public.partner_transactions set amount_minor = amount_minor + 1 where id = $1', [
          openRow,
        ]),
      ).toMatchObject({ detail: 'transaction_immutable' });
    });
  });

  it('VietQR: the EMVCo/NAPAS structure with a CRC-16/CCITT-FALSE that an independent implementation verifies', async () => {
    // The catalogue check value of CRC-16/CCITT-FALSE.
    expect(crc16('123456789')).toBe('29B1');
    await asPersona(s.db, 'moderatorA', async (tx) => {
      expect(await outcome(tx, "select private.crc16_ccitt('123456789')")).toMatchObject({ code: '42501' });
      await superuser(tx);
      expect(await value(tx, "select private.crc16_ccitt('123456789')")).toBe('29B1');
      await become(tx, 'moderatorA');
      const settled = await value<{
        invoices: { commission_minor: number; payment_reference: string; vietqr: string; currency: string }[];
      }>(tx, `select public.close_month($1, ${LAST_MONTH})`, [HOTEL_A]);
      const inv = settled.invoices.find((i) => i.currency === 'VND')!;
      const qr = inv.vietqr;
      expect(qr.slice(-8, -4)).toBe('6304');
      expect(qr.slice(-4)).toBe(crc16(qr.slice(0, -4)));
      const top = tlv(qr);
      expect([...top.keys()]).toEqual(['00', '01', '38', '53', '54', '58', '62', '63']);
      expect(top.get('00')).toBe('01');
      expect(top.get('01')).toBe('12');
      const acct = tlv(top.get('38')!);
      expect(acct.get('00')).toBe('A000000727');
      expect(Object.fromEntries(tlv(acct.get('01')!))).toEqual({ '00': '970436', '01': '0000000000000' });
      expect(acct.get('02')).toBe('QRIBFTTA');
      expect(top.get('53')).toBe('704');
      expect(top.get('54')).toBe(String(inv.commission_minor));
      expect(top.get('58')).toBe('VN');
      expect(Object.fromEntries(tlv(top.get('62')!))).toEqual({ '08': inv.payment_reference });
      // A changed bank account: open invoices get the new code; non-admins cannot change it.
      expect(await outcome(tx, "select public.set_platform_bank_account('970415', '123456789', 'X')")).toMatchObject({
        code: '42501',
        detail: 'not_admin',
      });
      await become(tx, 'admin');
      expect(await outcome(tx, "select public.set_platform_bank_account('97041', '123456789', 'X')")).toMatchObject({
        detail: 'invalid_bank_account',
      });
      await tx.query("select public.set_platform_bank_account('970415', '1234 5678 9', 'GUESTMAP')");
      const qr2 = await value<string>(tx, 'select vietqr from public.partner_invoices where payment_reference = $1', [
        inv.payment_reference,
      ]);
      expect(Object.fromEntries(tlv(tlv(tlv(qr2).get('38')!).get('01')!))).toEqual({
        '00': '970415',
        '01': '123456789',
      });
      expect(qr2.slice(-4)).toBe(crc16(qr2.slice(0, -4)));
    });
  });

  it('invoices and payouts are marked paid by admins only, once (who, when)', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const settled = await value<{ invoices: { id: string }[]; payouts: { id: string }[] }>(
        tx,
        `select public.close_month($1, ${LAST_MONTH})`,
        [HOTEL_A],
      );
      const inv = settled.invoices[0]!.id;
      const pay = settled.payouts[0]!.id;
      for (const who of ['moderatorA', 'partner', 'plain'] as Who[]) {
        await become(tx, who);
        expect(await outcome(tx, 'select public.mark_invoice_paid($1)', [inv])).toMatchObject({
          code: '42501',
          detail: 'not_admin',
        });
        expect(await outcome(tx, 'select public.mark_payout_paid($1)', [pay])).toMatchObject({
          code: '42501',
          detail: 'not_admin',
        });
      }
      await become(tx, 'admin');
      const first = await value<{ status: string; paid_at: string; paid_by: string }>(
        tx,
        'select public.mark_invoice_paid($1)',
        [inv],
      );
      expect(first).toMatchObject({ status: 'paid', paid_by: USERS.admin });
      expect(await value(tx, 'select public.mark_invoice_paid($1)', [inv])).toEqual(first);
      const payout = await value<{ status: string; paid_by: string }>(tx, 'select public.mark_payout_paid($1)', [pay]);
      expect(payout).toMatchObject({ status: 'paid', paid_by: USERS.admin });
      await superuser(tx);
      expect(
        await outcome(
          tx,
          "update public.partner_invoices set status = 'open', paid_at = null, paid_by = null where id = $1",
          [inv],
        ),
      ).toMatchObject({ detail: 'settlement_immutable' });
    });
  });

  it('partner staff join only by accepting an invitation, and see and act on their own partner only', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const inviteAs = (email: string) =>
        value<Record<string, unknown>>(tx, 'select public.invite_partner_staff($1, $2)', [spa, email]);
      const known = await inviteAs('guest@demo.test');
      const unknown = await inviteAs('nobody-here@demo.test');
      expect(Object.keys(known).sort()).toEqual(['created_at', 'email', 'expires_at', 'id', 'status']);
      expect(Object.keys(unknown).sort()).toEqual(Object.keys(known).sort());
      expect([known.status, unknown.status]).toEqual(['pending', 'pending']);
      const hotelActivity = await value<string>(
        tx,
        'select id from public.activities where customer_id = $1 and not is_partner limit 1',
        [HOTEL_A],
      );
      expect(
        await outcome(tx, 'select public.invite_partner_staff($1, $2)', [hotelActivity, 'x@demo.test']),
      ).toMatchObject({ detail: 'not_partner' });
      await become(tx, 'moderatorB');
      expect(await outcome(tx, 'select public.invite_partner_staff($1, $2)', [spa, 'x@demo.test'])).toMatchObject({
        code: '42501',
        detail: 'not_moderator',
      });
      // Before acceptance: nothing, and the hotel sees no invitee among the staff.
      await become(tx, 'moderatorA');
      expect((await tx.query('select email from public.list_partner_staff($1)', [spa])).rows).toEqual([
        { email: 'partner@demo.test' },
      ]);
      await become(tx, 'guest');
      expect((await tx.query('select * from public.my_partners()')).rows).toEqual([]);
      expect(await outcome(tx, `select public.partner_statement($1, ${THIS_MONTH})`, [spa])).toMatchObject({
        code: '42501',
        detail: 'not_allowed',
      });
      expect(await outcome(tx, "select public.set_partner_pin($1, '135790')", [spa])).toMatchObject({ code: '42501' });
      expect(await value(tx, 'select public.accept_invitation($1)', [known.id])).toBe(HOTEL_A);
      expect((await tx.query('select activity_id, customer_id from public.my_partners()')).rows).toEqual([
        { activity_id: spa, customer_id: HOTEL_A },
      ]);
      expect(
        (await tx.query('select user_id from public.list_partner_staff($1) order by user_id', [spa])).rows,
      ).toEqual([{ user_id: USERS.guest }, { user_id: PARTNER }]);
      expect(await outcome(tx, 'select * from public.list_partner_staff($1)', [garden])).toMatchObject({
        code: '42501',
        detail: 'not_allowed',
      });
      expect(await outcome(tx, `select public.partner_statement($1, ${THIS_MONTH})`, [spa])).toMatchObject({
        ok: expect.objectContaining({ activity_id: spa }),
      });
      expect(await outcome(tx, "select public.set_partner_pin($1, '135790')", [spa])).not.toHaveProperty('code');
      // Another partner of the same hotel: nothing.
      expect(await outcome(tx, "select public.set_partner_pin($1, '135790')", [garden])).toMatchObject({
        code: '42501',
      });
      expect(await outcome(tx, `select public.partner_statement($1, ${THIS_MONTH})`, [garden])).toMatchObject({
        code: '42501',
        detail: 'not_allowed',
      });
      const gardenSale = await (async () => {
        await become(tx, 'moderatorA');
        const r = await value<{ transaction_id: string }>(
          tx,
          `select public.record_partner_transaction($1, $2, 50000, 'VND', 'garden-1')`,
          [HOTEL_A, garden],
        );
        await become(tx, 'guest');
        return r.transaction_id;
      })();
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [gardenSale])).toMatchObject({
        detail: 'transaction_not_found',
      });
      // Staff neither type sales nor close months.
      expect(
        await outcome(tx, `select public.record_partner_transaction($1, $2, 50000, 'VND', 'self')`, [HOTEL_A, spa]),
      ).toMatchObject({ code: '42501' });
      // Direct reads: own partner's rows only.
      const seen = await tx.query<{ activity_id: string }>(
        'select distinct activity_id from public.partner_transactions',
      );
      expect(seen.rows).toEqual([{ activity_id: spa }]);
      expect((await tx.query('select distinct activity_id from public.commission_rates')).rows).toEqual([
        { activity_id: spa },
      ]);
      expect((await tx.query('select * from public.hotel_payouts')).rows).toEqual([]);
      // Disabled accounts lose the partner at once.
      await superuser(tx);
      await tx.query('update public.profiles set is_disabled = true where id = $1', [USERS.guest]);
      await become(tx, 'guest');
      expect((await tx.query('select * from public.my_partners()')).rows).toEqual([]);
      expect(await outcome(tx, `select public.partner_statement($1, ${THIS_MONTH})`, [spa])).toMatchObject({
        code: '42501',
      });
    });
  });

  it('admins see the platform fee by hotel and partner; nobody else', async () => {
    await asPersona(s.db, 'admin', async (tx) => {
      const fees = (
        await tx.query(
          `select customer_id, activity_id, currency, platform_fee_minor::text f from public.platform_fees(${LAST_MONTH}) where customer_id = $1`,
          [HOTEL_A],
        )
      ).rows;
      await superuser(tx);
      const table = (
        await tx.query(
          `select customer_id, activity_id, currency::text as currency, sum(platform_fee_minor)::text f from public.partner_transactions t
         where customer_id = $1 and status = 'confirmed' and ${inMonth(LAST_MONTH)} group by 1, 2, 3 order by 1, 2, 3`,
          [HOTEL_A],
        )
      ).rows;
      expect(fees.length).toBeGreaterThan(0);
      expect(fees).toEqual(table);
      for (const who of ['moderatorA', 'partner'] as Who[]) {
        await become(tx, who);
        expect(await outcome(tx, `select * from public.platform_fees(${LAST_MONTH})`)).toMatchObject({
          code: '42501',
          detail: 'not_admin',
        });
      }
    });
  });

  it('the seed: partner account, rate history, a closed and paid month, an open month with pending and disputed items', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      await become(tx, 'partner');
      expect((await tx.query('select activity_id from public.my_partners()')).rows).toEqual([{ activity_id: spa }]);
      const history = (
        await tx.query<{ rate: string; status: string }>(
          'select rate::text, status from public.commission_rate_history($1) order by proposed_at',
          [spa],
        )
      ).rows;
      expect(history.map((h) => `${h.rate} ${h.status}`)).toEqual([
        '0.120 accepted',
        '0.180 declined',
        '0.150 accepted',
      ]);
      const open = await value<{ closed: boolean; items: { status: string }[] }>(
        tx,
        `select public.partner_statement($1, ${THIS_MONTH})`,
        [spa],
      );
      expect(open.closed).toBe(false);
      expect(new Set(open.items.map((i) => i.status))).toEqual(new Set(['confirmed', 'pending', 'disputed']));
      await become(tx, 'moderatorA');
      const older = await value<{ closed: boolean; invoices: { status: string }[]; payouts: { status: string }[] }>(
        tx,
        `select public.month_settlement($1, (${LAST_MONTH} - interval '1 month')::date)`,
        [HOTEL_A],
      );
      expect(older.closed).toBe(true);
      expect(older.invoices.length).toBeGreaterThan(0);
      expect([...older.invoices, ...older.payouts].every((x) => x.status === 'paid')).toBe(true);
      expect(await value(tx, `select public.month_settlement($1, ${LAST_MONTH}) -> 'closed'`, [HOTEL_A])).toBe(false);
    });
  });
});

// ─── races: PostgreSQL, 20 connections ───────────────────────────────────────────
describe('settlement under concurrency on postgres', () => {
  const RACERS = 20;
  let s: TestStack;
  let spa: string;

  beforeAll(async () => {
    s = await startTestStack('postgres');
    spa = (await s.db.query<{ id: string }>(`select ${partnerSql(HOTEL_A, 'miu-miu-spa')} as id`)).rows[0]!.id;
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** Each call as `as` (or as postgres when null), on its own connection, all fired at once. */
  const race = (calls: { as: Who | null; sql: string; params?: unknown[] }[]) =>
    raceOnPostgres(
      s.dbUrl!,
      calls.map(({ as, sql, params }) => ({
        prepare: as ? (c) => become(c as unknown as Queryable, as) : undefined,
        sql,
        params,
      })),
    );

  it('20 concurrent answers to one pending sale (confirm and dispute) make one decision', async () => {
    const id = (
      await s.db.query<{ id: string }>(
        "select id from public.partner_transactions where idempotency_key = 'seed-now-2'",
      )
    ).rows[0]!.id;
    const results = await race(
      Array.from({ length: RACERS }, (_, i) => ({
        as: 'partner' as Who,
        sql:
          i % 2 ? 'select public.confirm_partner_transaction($1)' : 'select public.dispute_partner_transaction($1, $2)',
        params: i % 2 ? [id] : [id, `reason ${i}`],
      })),
    );
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => r.detail)).toEqual(Array(RACERS - 1).fill('not_pending'));
    const row = (await s.db.query('select status, dispute_reason from public.partner_transactions where id = $1', [id]))
      .rows[0];
    expect(row).toEqual({
      status: (winners[0]!.value as { status: string }).status,
      dispute_reason: (winners[0]!.value as { dispute_reason: string | null }).dispute_reason,
    });
  });

  it('20 concurrent proposals leave one open proposal; an acceptance racing new proposals has one outcome', async () => {
    const proposals = await race(
      Array.from({ length: RACERS }, (_, i) => ({
        as: 'moderatorA' as Who,
        sql: 'select public.propose_commission_rate($1, $2)',
        params: [spa, (0.1 + i / 1000).toFixed(3)],
      })),
    );
    expect(proposals.every((r) => r.ok)).toBe(true);
    expect(
      (
        await s.db.query(
          "select count(*)::int n from public.commission_rates where activity_id = $1 and status = 'proposed'",
          [spa],
        )
      ).rows[0],
    ).toEqual({ n: 1 });
    for (let round = 0; round < 3; round++) {
      const open = (
        await s.db.query<{ id: string; rate: string }>(
          "select id, rate::text from public.commission_rates where activity_id = $1 and status = 'proposed'",
          [spa],
        )
      ).rows[0]!;
      const acceptedBefore = (
        await s.db.query<{ n: number }>(
          "select count(*)::int n from public.commission_rates where activity_id = $1 and status = 'accepted'",
          [spa],
        )
      ).rows[0]!.n;
      const results = await race(
        Array.from({ length: RACERS }, (_, i) =>
          i % 2
            ? { as: 'partner' as Who, sql: 'select public.respond_commission_rate($1, true)', params: [open.id] }
            : {
                as: 'moderatorA' as Who,
                sql: 'select public.propose_commission_rate($1, $2)',
                params: [spa, (0.3 + i / 1000).toFixed(3)],
              },
        ),
      );
      const accepts = results.filter((_, i) => i % 2);
      const okAccepts = accepts.filter((r) => r.ok).length;
      expect(okAccepts).toBeLessThanOrEqual(1);
      expect(accepts.filter((r) => !r.ok).map((r) => r.detail)).toEqual(
        Array(accepts.length - okAccepts).fill('rate_not_open'),
      );
      const after = (
        await s.db.query<{ status: string; open: number; accepted: number; mirror: string }>(
          `select (select status from public.commission_rates where id = $2) as status,
                (select count(*)::int from public.commission_rates where activity_id = $1 and status = 'proposed') as open,
                (select count(*)::int from public.commission_rates where activity_id = $1 and status = 'accepted') as accepted,
                (select commission_rate::text from public.activities where id = $1) as mirror`,
          [spa, open.id],
        )
      ).rows[0]!;
      expect(after.open).toBe(1);
      expect(after.status).toBe(okAccepts ? 'accepted' : 'withdrawn');
      expect(after.accepted).toBe(acceptedBefore + okAccepts);
      // The mirror is the latest accepted rate.
      const inForce = (
        await s.db.query<{ rate: string }>(
          "select rate::text from public.commission_rates where activity_id = $1 and status = 'accepted' order by effective_from desc limit 1",
          [spa],
        )
      ).rows[0]!.rate;
      expect(after.mirror).toBe(inForce);
    }
  });

  it('20 concurrent closes of a month create one set of invoices and payouts', async () => {
    const results = await race(
      Array.from({ length: RACERS }, () => ({
        as: 'moderatorA' as Who,
        sql: `select public.close_month($1, ${LAST_MONTH})`,
        params: [HOTEL_A],
      })),
    );
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const first = results[0]!.value as { invoices: { id: string }[]; payouts: { id: string }[] };
    for (const r of results) expect(r.value).toEqual(first);
    const counts = (
      await s.db.query(
        `select (select count(*)::int from public.settlement_months where customer_id = $1 and month = ${LAST_MONTH}) as months,
              (select count(*)::int from public.partner_invoices where customer_id = $1 and month = ${LAST_MONTH}) as invoices,
              (select count(*)::int from public.hotel_payouts where customer_id = $1 and month = ${LAST_MONTH}) as payouts,
              (select count(*)::int from (select distinct activity_id, currency from public.partner_transactions t
                 where customer_id = $1 and status = 'confirmed' and commission_minor > 0 and ${inMonth(LAST_MONTH)}) x) as groups`,
        [HOTEL_A],
      )
    ).rows[0];
    expect(counts).toEqual({ months: 1, invoices: first.invoices.length, payouts: 1, groups: first.invoices.length });
  });

  it('20 concurrent "mark paid" of one invoice record one payment', async () => {
    const inv = (
      await s.db.query<{ id: string }>(
        `select id from public.partner_invoices where customer_id = $1 and month = ${LAST_MONTH} and status = 'open' limit 1`,
        [HOTEL_A],
      )
    ).rows[0]!.id;
    const results = await race(
      Array.from({ length: RACERS }, () => ({
        as: 'admin' as Who,
        sql: 'select public.mark_invoice_paid($1)',
        params: [inv],
      })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const paidAts = new Set(results.map((r) => (r.value as { paid_at: string }).paid_at));
    expect(paidAts.size).toBe(1);
    expect((await s.db.query('select status, paid_by from public.partner_invoices where id = $1', [inv])).rows).toEqual(
      [{ status: 'paid', paid_by: USERS.admin }],
    );
  });

  it('sales written while the month closes are either in the invoice or refused, never committed unseen', async () => {
    // Hanoi Old Quarter Inn's partner, last month: 19 writers (as a redemption that began before midnight)
    // and one close, at once.
    const siesta = (await s.db.query<{ id: string }>(`select ${partnerSql(HOTEL_B, 'la-siesta-spa')} as id`)).rows[0]!
      .id;
    const at = `(${LAST_MONTH} + interval '20 days')::timestamp at time zone 'Asia/Ho_Chi_Minh'`;
    const calls = Array.from({ length: RACERS }, (_, i) =>
      i === 10
        ? { as: 'moderatorB' as Who, sql: `select public.close_month($1, ${LAST_MONTH})`, params: [HOTEL_B] }
        : {
            as: null,
            sql: `insert into public.partner_transactions (customer_id, activity_id, amount_minor, currency, commission_rate, reinvestment_pct, commission_minor,
             hotel_share_minor, platform_fee_minor, reinvestment_minor, net_to_hotel_minor, idempotency_key, created_at, status)
           values ($1, $2, 10000, 'VND', 0.1, 0, 1000, 800, 200, 0, 800, $3, ${at}, 'confirmed') returning id`,
            params: [HOTEL_B, siesta, `edge-${i}`],
          },
    );
    const results = await race(calls);
    expect(results[10]).toMatchObject({ ok: true });
    const written = results.filter((r, i) => i !== 10 && r.ok).length;
    const refused = results.filter((r, i) => i !== 10 && !r.ok);
    expect(refused.every((r) => r.detail === 'month_closed')).toBe(true);
    expect(written + refused.length).toBe(RACERS - 1);
    const figures = (
      await s.db.query(
        `select (select coalesce(sum(commission_minor), 0)::int from public.partner_invoices where customer_id = $1 and month = ${LAST_MONTH}) as invoiced,
              (select coalesce(sum(commission_minor), 0)::int from public.partner_transactions where idempotency_key like 'edge-%') as written`,
        [HOTEL_B],
      )
    ).rows[0];
    expect(figures).toEqual({ invoiced: written * 1000, written: written * 1000 });
  });
});
