// A hotel's address after Vietnam's 2025 reform (issue 43 item 1; docs/addresses.md), as its settings write it: a
// moderator of the hotel (and an administrator) updates street, ward code, old ward, old district and the flag to
// confirm; no one else does, and the columns beside them (the package, the kind) stay out of a moderator's reach. A
// ward code outside the official list and a text longer than the columns take are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { asPersona, HOTEL_A, HOTEL_B, outcome, type PersonaName } from './support.ts';

afterAll(stopPgServer);

const SET_ADDRESS = `update public.customers
  set street = '135 Nam Kỳ Khởi Nghĩa', ward_code = $2, old_ward = 'Phường Bến Thành', old_district = 'Quận 1',
      ward_needs_review = true
  where id = $1
  returning street || ' | ' || ward_code || ' | ' || old_ward || ' | ' || old_district || ' | ' || ward_needs_review`;

describe.each(BACKENDS)("a hotel's address on %s", (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend);
  });
  afterAll(async () => {
    await s?.stop();
  });

  /** Sets `hotel`'s address as `who` (rolled back): the row written, null when none was, or the refusal. */
  const setAddress = (who: PersonaName, hotel: string, ward = '26743') =>
    asPersona(s.db, who, (tx) => outcome(tx, SET_ADDRESS, [hotel, ward]));

  it("the hotel's moderator and an administrator write both forms; another hotel's moderator, a guest and a visitor do not", async () => {
    const written = { ok: '135 Nam Kỳ Khởi Nghĩa | 26743 | Phường Bến Thành | Quận 1 | true' };
    expect(await setAddress('moderatorA', HOTEL_A)).toEqual(written);
    expect(await setAddress('admin', HOTEL_A)).toEqual(written);
    expect(await setAddress('moderatorB', HOTEL_A)).toEqual({ ok: null });
    expect(await setAddress('moderatorA', HOTEL_B)).toEqual({ ok: null });
    expect(await setAddress('plain', HOTEL_A)).toEqual({ ok: null });
    expect(await setAddress('anon', HOTEL_A)).toMatchObject({ code: '42501' });
  });

  it('refuses a ward outside the official list and texts longer than the columns take, and changes nothing', async () => {
    expect(await setAddress('moderatorA', HOTEL_A, '99999')).toMatchObject({ code: '23503' });
    const long = (column: string, length: number) =>
      asPersona(s.db, 'moderatorA', (tx) =>
        outcome(tx, `update public.customers set ${column} = repeat('x', ${length}) where id = $1 returning id`, [
          HOTEL_A,
        ]),
      );
    expect(await long('street', 201)).toMatchObject({ code: '23514' });
    expect(await long('old_ward', 101)).toMatchObject({ code: '23514' });
    expect(await long('old_district', 101)).toMatchObject({ code: '23514' });
    expect(await long('street', 200)).toEqual({ ok: HOTEL_A });
    const { rows } = await s.db.query(
      `select street, ward_code, old_ward, old_district, ward_needs_review from public.customers where id = $1`,
      [HOTEL_A],
    );
    expect(rows).toEqual([
      {
        street: '10 Tôn Đức Thắng',
        ward_code: '26740',
        old_ward: 'Phường Bến Nghé',
        old_district: 'Quận 1',
        ward_needs_review: false,
      },
    ]);
  });

  it("a moderator's update of the address leaves the columns beside it out of reach", async () => {
    for (const set of [`package = 'premium'`, `kind = 'city'`, `created_by = null`])
      expect(
        await asPersona(s.db, 'moderatorA', (tx) =>
          outcome(tx, `update public.customers set street = 'x', ${set} where id = $1 returning id`, [HOTEL_A]),
        ),
      ).toMatchObject({ code: '42501' });
  });

  it('through the API, as the settings form writes it: the row as saved, the same for the hotel next door refused', async () => {
    const c = s.client();
    const { error: signIn } = await c.auth.signInWithPassword({
      email: 'moderator@demo.test',
      password: 'demo-pass-123',
    });
    expect(signIn).toBeNull();
    const patch = { street: ' 12 Hàm Nghi', ward_code: '26740', old_ward: null, old_district: null };
    const mine = await c.from('customers').update(patch).eq('id', HOTEL_A).select('street, ward_code').single();
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual({ street: ' 12 Hàm Nghi', ward_code: '26740' });
    const other = await c.from('customers').update(patch).eq('id', HOTEL_B).select('id');
    expect(other).toMatchObject({ error: null, data: [] });
    const { rows } = await s.db.query(`select street from public.customers where id = $1`, [HOTEL_B]);
    expect(rows[0]).not.toEqual({ street: ' 12 Hàm Nghi' });
  });
});
