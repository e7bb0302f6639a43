// Issue 41, item 3: a PIN the hotel knows is not the partner's signature; a voucher code is the guest's secret.
// On PGlite and PostgreSQL 15, as each persona calls through PostgREST's impersonation:
// - once a partner has a staff account, only its staff set or change its PIN (the hotel's moderators and
//   administrators are refused); while it has none (onboarding), the hotel sets it;
// - every change is recorded (who, as what, when), shown to the partner's staff and mailed to each of them;
// - voucher codes are read by the guest who holds them (and the redemption path), by no moderator or admin:
//   they see the vouchers' state and counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { HOTEL_A, USERS, asPersona, become, partnerIds, outcome } from '../database/support.ts';

afterAll(stopPgServer);

describe.each(BACKENDS)('partner PINs and voucher codes on %s', (backend) => {
  let s: TestStack;
  const partner: Record<string, string> = {};
  const q = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    (await s.db.query<T>(sql, params)).rows;

  beforeAll(async () => {
    s = await startTestStack(backend);
    Object.assign(partner, await partnerIds(s.db, [HOTEL_A]));
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('a partner with a staff account: only its staff set its PIN; the hotel and administrators are refused', async () => {
    const spa = partner['miu-miu-spa'];
    const before = await q('select pin_hash from public.partner_pins where activity_id = $1', [spa]);
    for (const persona of ['moderatorA', 'admin'] as const)
      expect(
        await asPersona(s.db, persona, (tx) => outcome(tx, "select public.set_partner_pin($1, '135790')", [spa]), {
          commit: true,
        }),
      ).toEqual({ code: '42501', detail: 'pin_partner_only' });
    expect(await q('select pin_hash from public.partner_pins where activity_id = $1', [spa])).toEqual(before);
    // The partner's own staff: yes.
    expect(
      await asPersona(s.db, 'plain', async (tx) => {
        await become(tx, { sub: USERS.partner });
        return outcome(tx, "select public.set_partner_pin($1, '135790')", [spa]);
      }),
    ).not.toHaveProperty('code');
    // A partner still onboarding (no staff account): the hotel sets it.
    expect(
      await asPersona(s.db, 'moderatorA', (tx) =>
        outcome(tx, "select public.set_partner_pin($1, '502817')", [partner['secret-garden']]),
      ),
    ).not.toHaveProperty('code');
  });

  it("every change is shown to the partner's staff (who, as what, when) and mailed to each of them", async () => {
    const garden = partner['secret-garden'];
    // Onboarding: the hotel sets the PIN.
    await asPersona(s.db, 'moderatorA', (tx) => tx.query("select public.set_partner_pin($1, '502817')", [garden]), {
      commit: true,
    });
    // Staff join (as an accepted invitation would add them), then change it themselves.
    await q('insert into public.partner_staff (activity_id, user_id) values ($1, $2) on conflict do nothing', [
      garden,
      USERS.guest,
    ]);
    const mailsBefore = (
      await q<{ n: number }>(`select count(*)::int as n from private.mail_outbox where to_email = 'guest@demo.test'`)
    )[0]!.n;
    await asPersona(
      s.db,
      'guest',
      async (tx) => {
        await tx.query("select public.set_partner_pin($1, '774411')", [garden]);
      },
      { commit: true },
    );
    const history = await asPersona(s.db, 'guest', async (tx) =>
      (
        await tx.query<{ changed_as: string; changed_by: string | null; changed_at: string }>(
          'select changed_as, changed_by, changed_at from public.partner_pin_changes($1)',
          [garden],
        )
      ).rows.slice(0, 2),
    );
    expect(history.map((h) => [h.changed_as, h.changed_by])).toEqual([
      ['partner', 'Gabrielle Guest'],
      ['hotel', 'Minh Moderator'],
    ]);
    expect(Date.now() - Date.parse(history[0]!.changed_at)).toBeLessThan(60_000);
    const mails = await q<{ subject: string; body_text: string }>(
      `select subject, body_text from private.mail_outbox where to_email = 'guest@demo.test' order by id`,
    );
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)!.body_text).toContain('Secret Garden');
    expect(mails.at(-1)!.body_text).toContain('{{ .SiteURL }}/partner');
    // Nobody else reads the history.
    expect(
      await asPersona(s.db, 'plain', (tx) => outcome(tx, 'select * from public.partner_pin_changes($1)', [garden])),
    ).toMatchObject({ code: '42501' });
    await q('delete from public.partner_staff where activity_id = $1 and user_id = $2', [garden, USERS.guest]);
  });

  it('voucher codes: the guest reads their own; moderators and admins see state and counts, never codes', async () => {
    const code = 'SECRETCQDE';
    await q(
      `insert into public.vouchers (code, user_id, customer_id, activity_id, discount_pct, expires_at)
       values ($1, $2, $3, $4, 10, now() + interval '10 days') on conflict (code) do nothing`,
      [code, USERS.guest, HOTEL_A, partner['secret-garden']],
    );
    for (const persona of ['moderatorA', 'admin'] as const) {
      expect(
        await asPersona(s.db, persona, (tx) =>
          outcome(tx, 'select code from public.vouchers where customer_id = $1 limit 1', [HOTEL_A]),
        ),
      ).toMatchObject({ code: '42501' });
      expect(
        await asPersona(s.db, persona, (tx) =>
          outcome(tx, 'select count(*)::int from public.vouchers where customer_id = $1 and redeemed_at is null', [
            HOTEL_A,
          ]),
        ),
      ).toEqual({ ok: expect.any(Number) });
      expect(
        await asPersona(s.db, persona, (tx) => outcome(tx, 'select * from public.my_voucher_codes($1)', [HOTEL_A])),
      ).toEqual({ ok: null });
    }
    // The guest: their codes, through my_voucher_codes (not the table).
    const mine = await asPersona(
      s.db,
      'guest',
      async (tx) =>
        (await tx.query<{ id: string; code: string }>('select id, code from public.my_voucher_codes($1)', [HOTEL_A]))
          .rows,
    );
    expect(mine.map((v) => v.code)).toContain(code);
    // Another guest: none of them.
    expect(
      await asPersona(
        s.db,
        'plain',
        async (tx) => (await tx.query('select * from public.my_voucher_codes($1)', [HOTEL_A])).rows,
      ),
    ).toEqual([]);
  });
});
