// Addresses after Vietnam's 2025 reform (issue 43 item 1; docs/addresses.md): every seeded place and hotel has its
// new ward (official code) and the old ward and district beside it, and the named places are in the right wards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import { asRole } from './support.ts';

afterAll(stopPgServer);

describe.each(BACKENDS)('Vietnamese addresses in the seed on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend);
  });
  afterAll(async () => {
    await s?.stop();
  });

  const wardOf = async (customer: string, slug: string) => {
    const { rows } = await s.db.query<{
      ward: string;
      code: string;
      old_ward: string;
      old_district: string;
      review: boolean;
    }>(
      `select w.name as ward, w.code, a.old_ward, a.old_district, a.ward_needs_review as review
       from public.activities a join public.vn_wards w on w.code = a.ward_code
       where a.customer_id = $1 and a.slug = $2`,
      [customer, slug],
    );
    return rows[0];
  };

  it('the Opera House, Notre-Dame and the Central Post Office are in Sài Gòn ward, once Bến Nghé, District 1', async () => {
    for (const slug of ['saigon-opera-house', 'notre-dame-cathedral', 'central-post-office']) {
      expect(await wardOf('ho-chi-minh-city', slug)).toEqual({
        ward: 'Phường Sài Gòn',
        code: '26740',
        old_ward: 'Phường Bến Nghé',
        old_district: 'Quận 1',
        review: false,
      });
    }
  });

  it('Bến Thành Market is in Bến Thành ward; Tân Định Church in Xuân Hòa ward, not Tân Định', async () => {
    expect(await wardOf('ho-chi-minh-city', 'ben-thanh-market')).toMatchObject({
      ward: 'Phường Bến Thành',
      code: '26743',
    });
    expect(await wardOf('ho-chi-minh-city', 'tan-dinh-church')).toMatchObject({
      ward: 'Phường Xuân Hòa',
      code: '27139',
      old_ward: 'Phường Võ Thị Sáu',
      old_district: 'Quận 3',
    });
    // The hotel's copy carries the same address as the city's place.
    expect(await wardOf('saigon-riverside-hotel', 'saigon-opera-house')).toMatchObject({ ward: 'Phường Sài Gòn' });
  });

  it("Hanoi's merged wards: Hoàn Kiếm Lake in Hoàn Kiếm ward, the Opera House in Cửa Nam (once Phan Chu Trinh)", async () => {
    expect(await wardOf('hanoi', 'hoan-kiem-lake')).toMatchObject({ ward: 'Phường Hoàn Kiếm', code: '00070' });
    expect(await wardOf('hanoi', 'hanoi-opera-house')).toMatchObject({
      ward: 'Phường Cửa Nam',
      old_ward: 'Phường Phan Chu Trinh',
      old_district: 'Quận Hoàn Kiếm',
    });
  });

  it('every place and hotel in Vietnam has both forms; the wards are readable by visitors', async () => {
    const { rows } = await s.db.query<{ n: number }>(
      `select count(*)::int as n from public.activities
       where ward_code is null or street is null or old_ward is null or old_district is null`,
    );
    expect(rows[0].n).toBe(0);
    const hotels = await s.db.query<{ id: string; ward: string }>(
      `select c.id, w.name as ward from public.customers c join public.vn_wards w on w.code = c.ward_code
       where c.kind = 'hotel' and c.old_ward is not null order by c.id`,
    );
    expect(hotels.rows).toEqual([
      { id: 'hanoi-old-quarter-inn', ward: 'Phường Hoàn Kiếm' },
      { id: 'saigon-riverside-hotel', ward: 'Phường Sài Gòn' },
    ]);
    const hcmc = await s.db.query<{ n: number }>(
      `select count(*)::int as n from public.vn_wards where province_code = '79'`,
    );
    expect(hcmc.rows[0].n).toBe(168);
    const anon = (await asRole(s.db, 'anon', `select name from public.vn_wards where code = '26740'`)) as {
      rows: unknown[];
    };
    expect(anon.rows).toEqual([{ name: 'Phường Sài Gòn' }]);
  });
});
