// Issue 41, item 3 (second part): a redemption with a PIN the hotel set is not the partner's confirmation.
// On PGlite and PostgreSQL 15:
// - under a PIN whose last change was the hotel's (or the platform's), a redemption is recorded pending
//   (pin_set_by_hotel) and the partner's staff may dispute it; under the partner's own PIN it is confirmed;
// - the partner's contact address (set by the hotel's managers only) and its staff are mailed each such
//   redemption, with a link to the month's items;
// - a month with such sales still pending closes only after the partner's time to dispute (the 7th day after
//   the month ends); then they count as confirmed and are billed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import type { Queryable } from '@guestmap/local-stack/src/db/db.ts';
import { HOTEL_A, HOTEL_B, USERS, asPersona, asSuper, become, outcome, partnerIds } from '../database/support.ts';
import { value } from './settlement-support.ts';

afterAll(stopPgServer);

const HCM = 'Asia/Ho_Chi_Minh';
const month = (offset: number) =>
  `(date_trunc('month', now() at time zone '${HCM}') + interval '${offset} month')::date`;

/** A guest's voucher at a partner (as postgres). */
async function voucher(tx: Queryable, code: string, customer: string, partner: string): Promise<string> {
  return value<string>(
    tx,
    `insert into public.vouchers (code, user_id, customer_id, activity_id, discount_pct, expires_at)
     values ($1, $2, $3, $4, 10, now() + interval '10 days') returning id`,
    [code, USERS.guest, customer, partner],
  );
}

/** Redeems a voucher as the partner's counter does (anonymous, with the PIN); returns the stored transaction. */
async function redeem(tx: Queryable, code: string, pin: string, key: string) {
  await become(tx, 'anon');
  const answer = await value<{ ok: boolean; transaction_id?: string }>(
    tx,
    "select public.redeem_voucher($1, $2, 250000, 'VND', $3)",
    [code, pin, key],
  );
  await asSuper(tx);
  expect(answer).toMatchObject({ ok: true });
  const { rows } = await tx.query<{ id: string; status: string; pin_set_by_hotel: boolean }>(
    'select t.id, t.status, t.pin_set_by_hotel from public.partner_transactions t join public.vouchers v on v.id = t.voucher_id where v.code = $1',
    [code],
  );
  return rows[0]!;
}

describe.each(BACKENDS)('redemptions with a PIN the hotel set on %s', (backend) => {
  let s: TestStack;
  const partner: Record<string, string> = {};

  beforeAll(async () => {
    s = await startTestStack(backend);
    Object.assign(partner, await partnerIds(s.db, [HOTEL_A, HOTEL_B]));
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('under the hotel PIN a redemption is pending and the partner may dispute it; under its own PIN it is confirmed', async () => {
    const garden = partner['secret-garden']!;
    await asPersona(s.db, 'moderatorA', async (tx) => {
      // Onboarding: the hotel sets the PIN.
      await tx.query("select public.set_partner_pin($1, '502817')", [garden]);
      await asSuper(tx);
      await voucher(tx, 'HKPNAAAAAA', HOTEL_A, garden);
      const sale = await redeem(tx, 'HKPNAAAAAA', '502817', 'hotel-pin-1');
      expect(sale).toMatchObject({ status: 'pending', pin_set_by_hotel: true });
      // Once the hotel has filled in the partner's contact address, it is told, in its language, with the
      // month's items.
      await become(tx, 'moderatorA');
      await tx.query("select public.set_partner_contact($1, 'Garden@Example.test', 'vi')", [garden]);
      await asSuper(tx);
      await voucher(tx, 'HKPNDDDDDD', HOTEL_A, garden);
      expect(await redeem(tx, 'HKPNDDDDDD', '502817', 'hotel-pin-4')).toMatchObject({ status: 'pending' });
      const mail = await tx.query<{ subject: string; body_text: string }>(
        "select subject, body_text from private.mail_outbox where to_email = 'garden@example.test' order by id desc limit 1",
      );
      expect(mail.rows[0]!.body_text).toContain(`{{ .SiteURL }}/partner?partner=${garden}&month=`);
      expect(mail.rows[0]!.body_text).toContain('250,000 VND');
      expect(mail.rows[0]!.subject).toContain('khách sạn');
      // The hotel cannot answer for the partner; the partner's staff (once it has some) dispute it.
      await become(tx, 'moderatorA');
      expect(await outcome(tx, 'select public.confirm_partner_transaction($1)', [sale.id])).toMatchObject({
        code: 'P0001',
      });
      await asSuper(tx);
      await tx.query('insert into public.partner_staff (activity_id, user_id) values ($1, $2)', [garden, USERS.guest]);
      await become(tx, 'guest');
      expect(
        await outcome(tx, "select public.dispute_partner_transaction($1, 'We never saw this guest') ->> 'status'", [
          sale.id,
        ]),
      ).toEqual({ ok: 'disputed' });
      // Its staff set their own PIN: from then on a redemption is the partner's confirmation.
      await tx.query("select public.set_partner_pin($1, '774411')", [garden]);
      await asSuper(tx);
      await voucher(tx, 'HKPNBBBBBB', HOTEL_A, garden);
      expect(await redeem(tx, 'HKPNBBBBBB', '774411', 'hotel-pin-2')).toMatchObject({
        status: 'confirmed',
        pin_set_by_hotel: false,
      });
      // The seeded Miu Miu Spa's PIN is its staff's own.
      await voucher(tx, 'HKPNCCCCCC', HOTEL_A, partner['miu-miu-spa']!);
      expect(await redeem(tx, 'HKPNCCCCCC', '264093', 'hotel-pin-3')).toMatchObject({ status: 'confirmed' });
      // Nobody flips the flag afterwards (not even postgres).
      expect(
        await outcome(tx, 'update public.partner_transactions set pin_set_by_hotel = false where id = $1', [sale.id]),
      ).toMatchObject({ detail: 'transaction_immutable' });
    });
  });

  it("the contact address: set by the hotel's managers only, read by them and the partner's staff", async () => {
    const garden = partner['secret-garden']!;
    for (const persona of ['plain', 'guest', 'moderatorB'] as const)
      expect(
        await asPersona(s.db, persona, (tx) =>
          outcome(tx, "select public.set_partner_contact($1, 'x@example.test', 'en')", [garden]),
        ),
      ).toMatchObject({ code: '42501' });
    expect(
      await asPersona(s.db, 'moderatorA', (tx) =>
        outcome(tx, "select public.set_partner_contact($1, 'not an address', 'en')", [garden]),
      ),
    ).toEqual({ code: 'P0001', detail: 'invalid_email' });
    await asPersona(s.db, 'moderatorA', async (tx) => {
      await tx.query("select public.set_partner_contact($1, 'garden@example.test', 'fr')", [garden]);
      expect(await value(tx, 'select email from public.partner_contacts where activity_id = $1', [garden])).toBe(
        'garden@example.test',
      );
      await become(tx, 'plain');
      expect(await value(tx, 'select count(*)::int from public.partner_contacts')).toBe(0);
      await become(tx, 'moderatorB');
      expect(await value(tx, 'select count(*)::int from public.partner_contacts')).toBe(0);
    });
  });

  it("the close: not before the partner's time to dispute ends; then the pending redemptions count and are billed", async () => {
    const siesta = partner['la-siesta-spa']!;
    await asPersona(s.db, 'moderatorB', async (tx) => {
      await asSuper(tx);
      // The hotel set La Siesta Spa's PIN (no staff): its redemptions wait for the partner.
      await tx.query(
        "insert into public.partner_pins (activity_id, pin_hash, pin_length) values ($1, extensions.crypt('556677', extensions.gen_salt('bf', 4)), 6) on conflict (activity_id) do update set pin_hash = excluded.pin_hash",
        [siesta],
      );
      const sale = async (code: string, at: string) => {
        const id = await voucher(tx, code, HOTEL_B, siesta);
        return value<string>(
          tx,
          `insert into public.partner_transactions (customer_id, activity_id, voucher_id, amount_minor, currency, commission_rate,
             reinvestment_pct, commission_minor, hotel_share_minor, platform_fee_minor, reinvestment_minor, net_to_hotel_minor,
             idempotency_key, created_at, status, decided_at)
           values ($1, $2, $3, 1000000, 'VND', 0.1, 0, 100000, 80000, 20000, 0, 80000, $4,
                   (${at}::timestamp + interval '36 hours') at time zone '${HCM}', 'confirmed', now())
           returning id`,
          [HOTEL_B, siesta, id, code],
        );
      };
      // This month: its dispute time ends 7 days after the month does, so it cannot be closed yet.
      const recent = await sale('HKPNEEEEEE', month(0));
      expect(await value(tx, 'select status from public.partner_transactions where id = $1', [recent])).toBe('pending');
      expect(await outcome(tx, `select private.close_month($1, ${month(0)}, null)`, [HOTEL_B])).toEqual({
        code: 'P0001',
        detail: 'partner_may_dispute',
      });
      // Three months ago: the time to dispute is over; the close counts the sale and bills it.
      const old = await sale('HKPNFFFFFF', month(-3));
      await tx.query(`select private.close_month($1, ${month(-3)}, null)`, [HOTEL_B]);
      const { rows } = await tx.query<{ status: string; decided_by: string | null; invoiced: boolean }>(
        `select t.status, t.decided_by, exists (select 1 from public.partner_invoices i
           where i.customer_id = t.customer_id and i.month = t.hotel_month and i.activity_id = t.activity_id) as invoiced
         from public.partner_transactions t where t.id = $1`,
        [old],
      );
      expect(rows[0]).toEqual({ status: 'confirmed', decided_by: null, invoiced: true });
    });
  });
});
