// A voucher's value in đồng (issue 43 item 4; docs/prices.md, "Vouchers"): a voucher prize may carry a value in
// whole VND, single or a range, set by the hotel's moderator through upsert_reward_prize and refused otherwise; the
// voucher won keeps it and the guest reads it with the voucher and the play's outcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { asPersona, asSuper, become, HOTEL_A, outcome } from './support.ts';

afterAll(stopPgServer);

const PASTRY = '00000000-0000-4000-d000-000000000025'; // the seed's free pastry at L'Usine, worth 65,000 ₫
const SPA = `extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_A}/miu-miu-spa')`;

describe.each(BACKENDS)("a voucher's value in đồng on %s", (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend);
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** A new voucher prize on a new wheel of the hotel, as its moderator (rolled back): the saved value or the error. */
  const savePrize = (min: unknown, max: unknown, kind = 'voucher') =>
    asPersona(s.db, 'moderatorA', async (tx) => {
      const wheel = await outcome(
        tx,
        `select (public.upsert_reward_campaign(null, $1, 'fortune_wheel', null, true, 10)).id`,
        [HOTEL_A],
      );
      return outcome(
        tx,
        `select r->>'value_min_vnd' || '-' || (r->>'value_max_vnd') from public.upsert_reward_prize(null, $1, $2, '{"en":"A drink"}', 1,
           p_points => case when $2 = 'points' then 10 end, p_activity_id => case when $2 = 'voucher' then ${SPA} end,
           p_discount_text => case when $2 = 'voucher' then '{"en":"A drink of your choice"}'::jsonb end,
           p_value_min_vnd => $3, p_value_max_vnd => $4) r`,
        [(wheel as { ok: string }).ok, kind, min, max],
      );
    });

  it('the moderator gives a voucher a value, single or a range, or none', async () => {
    expect(await savePrize(65000, 65000)).toEqual({ ok: '65000-65000' });
    expect(await savePrize(40000, 90000)).toEqual({ ok: '40000-90000' });
    expect(await savePrize(null, null)).toEqual({ ok: null });
  });

  it('refuses a value of nothing, upside down, half a range, a fraction, an absurd amount, or on points', async () => {
    for (const [min, max] of [
      [0, 0],
      [-5, 10],
      [90000, 40000],
      [40000, null],
      [null, 40000],
      [1, 1_000_000_000_001],
    ])
      expect(await savePrize(min, max), `${min}–${max}`).toMatchObject({ code: 'P0001', detail: 'invalid_prize' });
    expect(await savePrize('1.5', '2')).toMatchObject({ code: '22P02' });
    expect(await savePrize(50000, 50000, 'points')).toMatchObject({ code: 'P0001', detail: 'invalid_prize' });
    // A direct write is refused by the same checks (nobody but the functions writes prizes; as the owner here).
    const direct = await asPersona(s.db, 'plain', async (tx) => {
      await asSuper(tx);
      return outcome(tx, `update public.reward_prizes set value_min_vnd = 2, value_max_vnd = 1 where id = $1`, [
        PASTRY,
      ]);
    });
    expect(direct).toMatchObject({ code: '23514' });
    const { rows } = await s.db.query(
      `select value_min_vnd::int as min, value_max_vnd::int as max from public.reward_prizes where id = $1`,
      [PASTRY],
    );
    expect(rows).toEqual([{ min: 65000, max: 65000 }]);
  });

  it('a won voucher keeps its prize value, and the guest reads it in the outcome and with the voucher', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const wheel = await tx.query<{ id: string }>(
        `select (public.upsert_reward_campaign(null, $1, 'fortune_wheel', null, true, 10)).id as id`,
        [HOTEL_A],
      );
      const id = wheel.rows[0]!.id;
      await tx.query(
        `select public.upsert_reward_prize(null, $1, 'voucher', '{"en":"A drink"}', 1, p_activity_id => ${SPA},
           p_discount_pct => 100, p_value_min_vnd => 40000, p_value_max_vnd => 90000)`,
        [id],
      );
      await become(tx, 'guest');
      const played = await tx.query<{ r: Record<string, unknown> }>(`select public.play_reward($1, 'value-1') as r`, [
        id,
      ]);
      expect(played.rows[0]!.r).toMatchObject({ prize_kind: 'voucher', value_min_vnd: 40000, value_max_vnd: 90000 });
      const mine = await tx.query(
        `select value_min_vnd::int as min, value_max_vnd::int as max from public.vouchers where play_id = $1`,
        [played.rows[0]!.r.play_id],
      );
      expect(mine.rows).toEqual([{ min: 40000, max: 90000 }]);
      // A later change of the prize leaves the won voucher as it was.
      await asSuper(tx);
      await tx.query(`update public.reward_prizes set value_min_vnd = 1, value_max_vnd = 1 where campaign_id = $1`, [
        id,
      ]);
      const kept = await tx.query(`select value_min_vnd::int as min from public.vouchers where play_id = $1`, [
        played.rows[0]!.r.play_id,
      ]);
      expect(kept.rows).toEqual([{ min: 40000 }]);
    });
  });

  it('visitors read a prize value through the API, as they read its label', async () => {
    const { data, error } = await s
      .client()
      .from('reward_prizes')
      .select('id, value_min_vnd, value_max_vnd')
      .eq('id', PASTRY)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: PASTRY, value_min_vnd: 65000, value_max_vnd: 65000 });
  });
});
