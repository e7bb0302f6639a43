// Issue 43, item 2: credit to the staff member who shared the map (docs/staff-links.md).
// On PGlite and PostgreSQL 15, each persona as PostgREST makes it act:
// - only the hotel's managers (its moderators, administrators) create, list, revoke its links and read its figures;
//   a guest reads no code; denied attempts change nothing;
// - the first visit through a live link is attributed for 30 days (first visit wins; a revoked, unknown or malformed
//   code attributes nothing and raises nothing); plays, redemptions and typed sales carry the link, set by the
//   database, never by the client;
// - a property test: per-link figures sum exactly to the overview's figures over the attributed rows;
// and on PostgreSQL with 20 connections: concurrent first visits make one attribution.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { impersonate, race as raceOnPostgres } from '@guestmap/local-stack/testing/race.ts';
import type { Queryable } from '@guestmap/local-stack/src/db/db.ts';
import {
  ANONYMOUS_GUEST,
  HOTEL_A,
  HOTEL_B,
  USERS,
  asPersona,
  asSuper,
  become,
  claimsFor,
  ensureAnonymousGuest,
  ids,
  outcome,
  partnerIds,
  sorted,
  type PersonaName,
  voucherCodes,
} from '../database/support.ts';
import { prng, value } from './settlement-support.ts';

afterAll(stopPgServer);

const SCRATCH_A = '00000000-0000-4000-d000-000000000001';
const uuid = () => crypto.randomUUID();

/** A link made as postgres (the RPC is tested on its own): its id and code. */
async function link(tx: Queryable, customer: string, name: string, revoked = false) {
  const { rows } = await tx.query<{ id: string; code: string }>(
    `insert into public.staff_links (customer_id, name, code, revoked_at)
     values ($1, $2, private.new_staff_code(), case when $3 then now() end) returning id, code`,
    [customer, name, revoked],
  );
  return rows[0]!;
}

/** The guest's visit as the map makes it (anon, or signed in), then back to postgres. */
async function visit(tx: Queryable, who: PersonaName, customer: string, code: string | null, visitor: string) {
  await become(tx, who);
  const r = await outcome(tx, 'select public.record_staff_visit($1, $2, $3)', [customer, code, visitor]);
  await asSuper(tx);
  return r;
}

async function attributions(tx: Queryable, customer: string) {
  const { rows } = await tx.query<{ visitor_id: string; user_id: string | null; staff_link_id: string }>(
    'select visitor_id::text, user_id::text, staff_link_id::text from private.staff_attributions where customer_id = $1 order by id',
    [customer],
  );
  return rows;
}

describe.each(BACKENDS)('staff links on %s', (backend) => {
  let s: TestStack;
  const partner: Record<string, string> = {};

  beforeAll(async () => {
    s = await startTestStack(backend);
    await ensureAnonymousGuest(s.db);
    Object.assign(partner, await partnerIds(s.db, [HOTEL_A, HOTEL_B]));
  });
  afterAll(async () => {
    await s?.stop();
  });

  it("only the hotel's managers create, list and revoke its links; a guest reads no code; refusals change nothing", async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const made = await value<{ id: string; code: string; name: string; customer_id: string }>(
        tx,
        "select to_jsonb(public.create_staff_link($1, '  Lan (reception) '))",
        [HOTEL_A],
      );
      expect(made).toMatchObject({ name: 'Lan (reception)', customer_id: HOTEL_A });
      // 16 random bytes, base64url: 22 characters, 128 bits, fit for a URL as they are.
      expect(made.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(await outcome(tx, "select public.create_staff_link($1, '   ')", [HOTEL_A])).toMatchObject({
        detail: 'invalid_staff_name',
      });
      expect(await outcome(tx, "select public.create_staff_link($1, 'x')", ['hanoi'])).toMatchObject({
        code: '42501',
      });
      await asSuper(tx);
      const b = await link(tx, HOTEL_B, 'Minh');
      const digest = () => value(tx, "select md5(string_agg(x::text, '|' order by x::text)) from public.staff_links x");
      const before = await digest();
      const visible: Record<string, string[]> = {};
      for (const p of ['moderatorA', 'moderatorB', 'admin', 'plain', 'guest', 'anonymousGuest', 'disabled'] as const) {
        await become(tx, p);
        visible[p] = await ids(tx, 'select id from public.staff_links where id = any($1::uuid[])', [[made.id, b.id]]);
        await asSuper(tx);
      }
      expect(visible).toEqual({
        moderatorA: [made.id],
        moderatorB: [b.id],
        admin: sorted([made.id, b.id]),
        plain: [],
        guest: [],
        anonymousGuest: [],
        disabled: [],
      });
      await become(tx, 'anon');
      expect(await outcome(tx, 'select code from public.staff_links')).toMatchObject({ code: '42501' });
      expect(await outcome(tx, 'select count(*) from private.staff_attributions')).toMatchObject({ code: '42501' });
      // Writes: no grant for anyone; the RPCs check the hotel.
      for (const p of ['moderatorB', 'plain', 'guest', 'anonymousGuest', 'anon'] as const) {
        await become(tx, p);
        expect(await outcome(tx, 'select public.revoke_staff_link($1)', [made.id]), p).toMatchObject({
          code: p === 'anon' ? '42501' : expect.stringMatching(/^(P0001|42501)$/),
        });
        expect(await outcome(tx, "select public.create_staff_link($1, 'Mallory')", [HOTEL_A]), p).toMatchObject({
          code: '42501',
        });
        expect(
          await outcome(tx, 'select * from public.staff_link_figures($1, current_date - 7, current_date + 1)', [
            HOTEL_A,
          ]),
          p,
        ).toMatchObject({ code: '42501' });
        expect(await outcome(tx, "update public.staff_links set name = 'x' where id = $1", [made.id]), p).toMatchObject(
          { code: '42501' },
        );
        expect(
          await outcome(
            tx,
            "insert into public.staff_links (customer_id, name, code) values ($1, 'x', 'aaaaaaaaaaaaaaaaaaaaaa')",
            [HOTEL_A],
          ),
          p,
        ).toMatchObject({ code: '42501' });
      }
      await asSuper(tx);
      expect(await digest()).toEqual(before);
      // The hotel's moderator revokes it (once: a second revoke answers the same row).
      await become(tx, 'moderatorA');
      const revoked = await value<string>(tx, 'select (public.revoke_staff_link($1)).revoked_at::text', [made.id]);
      expect(revoked).toBeTruthy();
      expect(await value(tx, 'select (public.revoke_staff_link($1)).revoked_at::text', [made.id])).toBe(revoked);
      // A revoked link stays listed with its figures.
      expect(
        await value(
          tx,
          'select count(*)::int from public.staff_link_figures($1, current_date - 7, current_date + 1) f where f.staff_link_id = $2 and f.revoked_at is not null',
          [HOTEL_A, made.id],
        ),
      ).toBe(1);
    });
  });

  it('the first visit through a live link wins for 30 days; revoked, unknown and malformed codes attribute nothing', async () => {
    await asPersona(s.db, 'anon', async (tx) => {
      await asSuper(tx);
      const lan = await link(tx, HOTEL_A, 'Lan');
      const minh = await link(tx, HOTEL_A, 'Minh');
      const gone = await link(tx, HOTEL_A, 'Gone', true);
      const other = await link(tx, HOTEL_B, 'Other hotel');
      const v1 = uuid();
      await tx.query('delete from private.staff_attributions');
      // Nothing for codes that do not attribute, and never an error to the guest.
      for (const code of [gone.code, 'AAAAAAAAAAAAAAAAAAAAAA', 'not a code', null, other.code])
        expect(await visit(tx, 'anon', HOTEL_A, code, v1)).toEqual({ ok: '' });
      expect(await visit(tx, 'anon', 'no-such-hotel', lan.code, v1)).toEqual({ ok: '' });
      expect(await attributions(tx, HOTEL_A)).toEqual([]);
      // The first live one wins; a later one through another link changes nothing.
      await visit(tx, 'anon', HOTEL_A, lan.code, v1);
      await visit(tx, 'anon', HOTEL_A, minh.code, v1);
      expect(await attributions(tx, HOTEL_A)).toEqual([{ visitor_id: v1, user_id: null, staff_link_id: lan.id }]);
      // The same guest signs in (anonymous sign-in at the first play): the visit is bound to the user, whatever
      // code the page sends then (or none).
      await visit(tx, 'anonymousGuest', HOTEL_A, null, v1);
      expect(await attributions(tx, HOTEL_A)).toEqual([
        { visitor_id: v1, user_id: ANONYMOUS_GUEST, staff_link_id: lan.id },
      ]);
      // A play is credited to the link, by the database.
      await become(tx, 'anonymousGuest');
      await tx.query("select public.play_reward($1, 'staff-play-1')", [SCRATCH_A]);
      await asSuper(tx);
      expect(
        await value(
          tx,
          'select staff_link_id::text from public.reward_plays where user_id = $1 and idempotency_key = $2',
          [ANONYMOUS_GUEST, 'staff-play-1'],
        ),
      ).toBe(lan.id);
      // The same user on another device through another link: still the first one's.
      await visit(tx, 'anonymousGuest', HOTEL_A, minh.code, uuid());
      expect((await attributions(tx, HOTEL_A)).length).toBe(1);
      // 30 days later the attribution has ended: a new visit attributes anew.
      await tx.query("update private.staff_attributions set first_seen_at = now() - interval '30 days 1 second'");
      await visit(tx, 'anonymousGuest', HOTEL_A, minh.code, v1);
      expect((await attributions(tx, HOTEL_A)).map((a) => a.staff_link_id)).toEqual([lan.id, minh.id]);
    });
  });

  it('the window edge: a play 29 days 23 hours after the first visit is credited, one at 30 days is not', async () => {
    await asPersona(s.db, 'anon', async (tx) => {
      await asSuper(tx);
      const lan = await link(tx, HOTEL_A, 'Lan');
      await tx.query(
        `insert into private.staff_attributions (customer_id, visitor_id, user_id, staff_link_id, first_seen_at)
         values ($1, $2, $3, $4, now() - interval '40 days')`,
        [HOTEL_A, uuid(), USERS.traveller, lan.id],
      );
      const play = (key: string, after: string, slot: number) =>
        value<string | null>(
          tx,
          `insert into public.reward_plays (user_id, campaign_id, customer_id, prize_kind, label, play_day, slot, idempotency_key, played_at)
           select $1, $2, $3, 'nothing', '{"en":"x"}', current_date - 20, $6, $4, a.first_seen_at + $5::interval
           from private.staff_attributions a where a.staff_link_id = $7 returning staff_link_id::text`,
          [USERS.traveller, SCRATCH_A, HOTEL_A, key, after, slot, lan.id],
        );
      expect(await play('edge-before', '-1 second', 1)).toBeNull();
      expect(await play('edge-in', '29 days 23 hours', 2)).toBe(lan.id);
      expect(await play('edge-out', '30 days', 3)).toBeNull();
      // What a client sends is never taken: postgres itself cannot set or change a play's link.
      const forced = await value<string | null>(
        tx,
        `insert into public.reward_plays (user_id, campaign_id, customer_id, prize_kind, label, play_day, slot, idempotency_key, staff_link_id)
         values ($1, $2, $3, 'nothing', '{"en":"x"}', current_date - 20, 4, 'forced', $4) returning staff_link_id::text`,
        [USERS.guest, SCRATCH_A, HOTEL_A, lan.id],
      );
      expect(forced).toBeNull();
      expect(
        await outcome(tx, "update public.reward_plays set staff_link_id = $1 where idempotency_key = 'edge-out'", [
          lan.id,
        ]),
      ).toMatchObject({ detail: 'transaction_immutable' });
    });
  });

  it("redemptions carry the guest's link; a typed sale the hotel's live link it names, checked", async () => {
    await asPersona(s.db, 'anon', async (tx) => {
      await asSuper(tx);
      const lan = await link(tx, HOTEL_A, 'Lan');
      const gone = await link(tx, HOTEL_A, 'Gone', true);
      const other = await link(tx, HOTEL_B, 'Other');
      await visit(tx, 'guest', HOTEL_A, lan.code, uuid());
      const spa = partner['miu-miu-spa']!;
      await tx.query(
        `insert into public.vouchers (code, user_id, customer_id, activity_id, discount_pct, expires_at)
         values ('STAFFAAAAA', $1, $2, $3, 10, now() + interval '10 days')`,
        [USERS.guest, HOTEL_A, spa],
      );
      await become(tx, 'anon');
      expect(
        await value(
          tx,
          "select public.redeem_voucher('STAFFAAAAA', '264093', 250000, 'VND', 'staff-redeem-1') ->> 'ok'",
        ),
      ).toBe('true');
      await asSuper(tx);
      expect(
        await value(
          tx,
          "select t.staff_link_id::text from public.partner_transactions t join public.vouchers v on v.id = t.voucher_id where v.code = 'STAFFAAAAA'",
        ),
      ).toBe(lan.id);
      // Typed sales: the moderator names one of the hotel's live links, or none.
      await become(tx, 'moderatorA');
      const sale = (key: string, staff: string | null) =>
        outcome(tx, "select public.record_partner_transaction($1, $2, 100000, 'VND', $3, $4) ->> 'transaction_id'", [
          HOTEL_A,
          spa,
          key,
          staff,
        ]);
      const typed = (await sale('staff-sale-1', lan.id)) as { ok: string };
      expect(await sale('staff-sale-2', other.id)).toMatchObject({ detail: 'staff_link_not_found' });
      expect(await sale('staff-sale-3', gone.id)).toMatchObject({ detail: 'staff_link_not_found' });
      // The same key naming another staff member is another request.
      expect(await sale('staff-sale-1', null)).toMatchObject({ detail: 'idempotency_conflict' });
      expect(await sale('staff-sale-1', lan.id)).toEqual(typed);
      const plain = (await sale('staff-sale-4', null)) as { ok: string };
      await asSuper(tx);
      expect(
        await value(tx, 'select staff_link_id::text from public.partner_transactions where id = $1', [typed.ok]),
      ).toBe(lan.id);
      expect(
        await value(tx, 'select staff_link_id::text from public.partner_transactions where id = $1', [plain.ok]),
      ).toBeNull();
      expect(
        await outcome(tx, 'update public.partner_transactions set staff_link_id = null where id = $1', [typed.ok]),
      ).toMatchObject({ detail: 'transaction_immutable' });
      // Another hotel's link cannot be stored on this hotel's row, by any path.
      expect(
        await outcome(
          tx,
          `insert into public.partner_transactions (customer_id, activity_id, amount_minor, currency, commission_rate, reinvestment_pct,
             commission_minor, hotel_share_minor, platform_fee_minor, reinvestment_minor, net_to_hotel_minor, idempotency_key, staff_link_id)
           values ($1, $2, 100, 'VND', 0, 0, 0, 0, 0, 0, 0, 'x-hotel', $3)`,
          [HOTEL_A, spa, other.id],
        ),
      ).toMatchObject({ code: '23503' });
    });
  });

  it('property: per-link figures sum exactly to the overview figures over the attributed rows (20 seeded runs)', async () => {
    for (let run = 1; run <= 20; run++) {
      const rnd = prng(4300 + run);
      const int = (n: number) => Math.floor(rnd() * n);
      const code = voucherCodes(`STAFF${'ABCDEFGHJKLMNPQRSTUVWXYZ'[run]}`);
      await asPersona(s.db, 'anon', async (tx) => {
        await asSuper(tx);
        const hotel = `staff-prop-${run}`;
        await tx.query(
          `insert into public.customers (id, kind, name, latitude, longitude, package, is_public) values ($1, 'hotel', 'P', 10.77, 106.7, 'premium', true)`,
          [hotel],
        );
        await tx.query('insert into public.customer_moderators (customer_id, user_id) values ($1, $2)', [
          hotel,
          USERS.moderator,
        ]);
        const campaign = await value<string>(
          tx,
          "insert into public.reward_campaigns (customer_id, kind, daily_limit) values ($1, 'fortune_wheel', 1000) returning id",
          [hotel],
        );
        const partners: string[] = [];
        for (let i = 0; i < 2; i++)
          partners.push(
            await value<string>(
              tx,
              `insert into public.activities (customer_id, slug, category, title, latitude, longitude, published, is_partner, commission_rate)
               values ($1, $2, 'food', '{"en":"P"}', 10.77, 106.7, true, true, $3) returning id`,
              [hotel, `p${i}`, [0.1, 0.137][i]],
            ),
          );
        const links: { id: string }[] = [];
        for (let i = 0, n = 1 + int(5); i < n; i++) links.push(await link(tx, hotel, `Staff ${i}`, rnd() < 0.3));
        const users = Object.values(USERS);
        const DAY = 86_400_000;
        const now = Date.now();
        const at = (days: number) => new Date(now - days * DAY);
        // Attributions: for a user, windows may follow each other (each starts after the previous ended).
        const atts: { user: string; link: string; from: number }[] = [];
        for (const u of users) {
          let t = 70 + int(10);
          while (rnd() < 0.7 && t > 0) {
            const l = links[int(links.length)]!.id;
            atts.push({ user: u, link: l, from: now - t * DAY });
            await tx.query(
              'insert into private.staff_attributions (customer_id, visitor_id, user_id, staff_link_id, first_seen_at) values ($1, $2, $3, $4, $5)',
              [hotel, uuid(), u, l, at(t)],
            );
            t -= 30 + int(20);
          }
        }
        const linkAt = (user: string, t: number) =>
          atts.filter((a) => a.user === user && a.from <= t && t < a.from + 30 * DAY).sort((x, y) => x.from - y.from)[0]
            ?.link ?? null;
        type Row = {
          link: string | null;
          t: number;
          kind: 'play' | 'redeem' | 'sale';
          currency?: string;
          share?: number;
          confirmed?: boolean;
        };
        const model: Row[] = [];
        for (let i = 0, n = 20 + int(40); i < n; i++) {
          const user = users[int(users.length)]!;
          const t = now - Math.floor(rnd() * 80 * DAY);
          const kind = (['play', 'redeem', 'sale'] as const)[int(3)];
          if (kind === 'play') {
            await tx.query(
              `insert into public.reward_plays (user_id, campaign_id, customer_id, prize_kind, label, play_day, slot, idempotency_key, played_at)
               values ($1, $2, $3, 'nothing', '{"en":"x"}', current_date, $4, $5, $6)`,
              [user, campaign, hotel, i + 1, `k${i}`, new Date(t)],
            );
            model.push({ kind, t, link: linkAt(user, t) });
            continue;
          }
          const currency = rnd() < 0.5 ? 'VND' : 'USD';
          const amount = 1 + int(currency === 'VND' ? 5_000_000 : 50_000);
          const rate = [0.1, 0.137][i % 2]!;
          const voucher =
            kind === 'redeem'
              ? await value<string>(
                  tx,
                  `insert into public.vouchers (code, user_id, customer_id, activity_id, discount_pct, issued_at, expires_at, redeemed_at)
                   values ($1, $2, $3, $4, 10, $5::timestamptz - interval '1 day', $5::timestamptz + interval '1 day', $5) returning id`,
                  [code(), user, hotel, partners[i % 2], new Date(t)],
                )
              : null;
          const staff = kind === 'sale' && rnd() < 0.6 ? links[int(links.length)]!.id : null;
          const status = kind === 'redeem' ? null : (['pending', 'confirmed', 'disputed'] as const)[int(3)];
          const row = (
            await tx.query<{ share: string; status: string }>(
              `insert into public.partner_transactions (customer_id, activity_id, voucher_id, amount_minor, currency, commission_rate,
                 reinvestment_pct, commission_minor, hotel_share_minor, platform_fee_minor, reinvestment_minor, net_to_hotel_minor,
                 idempotency_key, status, decided_at, dispute_reason, created_at, staff_link_id)
               select $1, $2, $3, $4, $5, $6, 0, c, c - round(c * 0.20), round(c * 0.20), 0, c - round(c * 0.20), $7,
                 coalesce($8, 'confirmed'), case when coalesce($8, 'confirmed') <> 'pending' then $9::timestamptz end,
                 case when $8 = 'disputed' then 'no' end, $9, $10
               from (select round($4::bigint * $6::numeric) as c) x
               returning hotel_share_minor::text as share, status`,
              [hotel, partners[i % 2], voucher, amount, currency, rate, `t${i}`, status, new Date(t), staff],
            )
          ).rows[0]!;
          model.push({
            kind,
            t,
            link: kind === 'sale' ? staff : linkAt(user, t),
            currency,
            share: Number(row.share),
            confirmed: row.status === 'confirmed',
          });
        }
        // Several periods (whole UTC days, as the overview).
        for (const [fromDays, toDays] of [
          [90, -1],
          [30, -1],
          [60, 20],
          [7, -1],
        ] as const) {
          const day = (d: number) =>
            new Date(
              Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate() - d),
            );
          const from = day(fromDays);
          const to = day(toDays);
          const iso = (d: Date) => d.toISOString().slice(0, 10);
          await become(tx, 'moderatorA');
          const { rows: figures } = await tx.query<{
            staff_link_id: string;
            guests: string;
            plays: string;
            redemptions: string;
            commission: Record<string, number>;
          }>('select * from public.staff_link_figures($1, $2::date, $3::date)', [hotel, iso(from), iso(to)]);
          await asSuper(tx);
          const overview = await value<{ plays: number; redeemed: number; commission: Record<string, number> }>(
            tx,
            'select private.overview_period($1, $2::date, $3::date)',
            [hotel, iso(from), iso(to)],
          );
          const inPeriod = (t: number) => t >= from.getTime() && t < to.getTime();
          const expected = (l: string | null) => {
            const rows = model.filter((r) => r.link === l && inPeriod(r.t));
            const commission: Record<string, number> = {};
            for (const r of rows.filter((r) => r.kind !== 'play' && r.confirmed))
              commission[r.currency!] = (commission[r.currency!] ?? 0) + r.share!;
            return {
              guests: atts.filter((a) => a.link === l && inPeriod(a.from)).length,
              plays: rows.filter((r) => r.kind === 'play').length,
              redemptions: rows.filter((r) => r.kind === 'redeem').length,
              commission,
            };
          };
          expect(figures.map((f) => f.staff_link_id).sort(), `run ${run}`).toEqual(links.map((l) => l.id).sort());
          const sum = { guests: 0, plays: 0, redemptions: 0, commission: {} as Record<string, number> };
          for (const f of figures) {
            const got = {
              guests: Number(f.guests),
              plays: Number(f.plays),
              redemptions: Number(f.redemptions),
              commission: f.commission,
            };
            expect(got, `run ${run}, link ${f.staff_link_id}`).toEqual(expected(f.staff_link_id));
            sum.guests += got.guests;
            sum.plays += got.plays;
            sum.redemptions += got.redemptions;
            for (const [c, n] of Object.entries(got.commission)) sum.commission[c] = (sum.commission[c] ?? 0) + n;
          }
          // The hotel's total over attributed rows = the overview's figure less its unattributed rows.
          const none = expected(null);
          expect(sum.plays + none.plays, `run ${run}`).toBe(overview.plays);
          expect(sum.redemptions + none.redemptions, `run ${run}`).toBe(overview.redeemed);
          for (const c of new Set([...Object.keys(overview.commission), ...Object.keys(sum.commission)]))
            expect((sum.commission[c] ?? 0) + (none.commission[c] ?? 0), `run ${run}, ${c}`).toBe(
              overview.commission[c] ?? 0,
            );
          expect(sum.guests, `run ${run}`).toBe(atts.filter((a) => inPeriod(a.from)).length);
        }
      });
    }
  });
});

describe('staff links under concurrency on postgres', () => {
  const RACERS = 20;
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack('postgres');
    await ensureAnonymousGuest(s.db);
  });
  afterAll(async () => {
    await s?.stop();
  });

  const race = (calls: { persona: PersonaName; sql: string; params: unknown[] }[]) =>
    raceOnPostgres(
      s.dbUrl!,
      calls.map(({ persona, sql, params }, i) => {
        const claims = claimsFor(persona);
        return {
          prepare: impersonate({
            role: String(claims.role),
            'request.jwt.claims': JSON.stringify(claims),
            'request.headers': JSON.stringify({ 'x-real-ip': `198.51.100.${i + 2}` }),
          }),
          sql,
          params,
        };
      }),
    );

  it('20 first visits of one guest at once, through different links: one attribution', async () => {
    const links: { id: string; code: string }[] = [];
    for (let i = 0; i < 4; i++) links.push(await link(s.db, HOTEL_A, `Racer ${i}`));
    const visitor = uuid();
    const results = await race(
      Array.from({ length: RACERS }, (_, i) => ({
        persona: 'anon' as const,
        sql: 'select public.record_staff_visit($1, $2, $3)',
        params: [HOTEL_A, links[i % 4]!.code, visitor],
      })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const rows = await attributions(s.db, HOTEL_A);
    expect(rows.filter((r) => r.visitor_id === visitor)).toHaveLength(1);
  });

  it('20 visits of one signed-in guest at once, from 20 devices: one attribution for the user', async () => {
    const l = await link(s.db, HOTEL_A, 'Racer user');
    const results = await race(
      Array.from({ length: RACERS }, () => ({
        persona: 'anonymousGuest' as const,
        sql: 'select public.record_staff_visit($1, $2, $3)',
        params: [HOTEL_A, l.code, uuid()],
      })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const { rows } = await s.db.query(
      'select count(*)::int as n from private.staff_attributions where customer_id = $1 and user_id = $2',
      [HOTEL_A, ANONYMOUS_GUEST],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
