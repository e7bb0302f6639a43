// The persona × table × operation matrix (docs/security.md): what each persona can read (exact id
// sets) and write, impersonated as PostgREST does, on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import {
  ANONYMOUS_GUEST,
  HOTEL_A,
  HOTEL_B,
  PERSONAS,
  USERS,
  asPersona,
  asSuper,
  ensureAnonymousGuest,
  ids,
  personaUser,
  snapshot,
  sqlError,
  type PersonaName,
} from './support.ts';

afterAll(stopPgServer);

const PRIVATE = 'private-test-hotel';
const PRIVATE_PUBLISHED = '22222222-2222-4222-a222-000000000001';
const PRIVATE_DRAFT = '22222222-2222-4222-a222-000000000002';
const TABLES = [
  'public.profiles',
  'public.customers',
  'public.customer_moderators',
  'public.user_customers',
  'public.activities',
  'public.favourites',
  'public.analytics_events',
  'public.contact_messages',
  'storage.objects',
];

describe.each(BACKENDS)('row-level security on %s', (backend) => {
  let s: TestStack;
  let contactId: string;

  beforeAll(async () => {
    s = await startTestStack(backend);
    await ensureAnonymousGuest(s.db);
    // A private hotel moderated by moderator A and by the disabled user; one published activity, one draft.
    await s.db.exec(`
      insert into public.customers (id, kind, name, latitude, longitude, package, is_public, created_by)
        values ('${PRIVATE}', 'hotel', 'Private Test Hotel', 10.78, 106.70, 'basic', false, '${USERS.moderator}');
      insert into public.customer_moderators (customer_id, user_id) values
        ('${PRIVATE}', '${USERS.moderator}'), ('${PRIVATE}', '${USERS.disabled}');
      insert into public.activities (id, customer_id, slug, category, title, latitude, longitude, published) values
        ('${PRIVATE_PUBLISHED}', '${PRIVATE}', 'published-one', 'food', '{"en":"Published"}', 10.78, 106.70, true),
        ('${PRIVATE_DRAFT}', '${PRIVATE}', 'draft-one', 'food', '{"en":"Draft"}', 10.78, 106.70, false);
      insert into public.favourites (user_id, activity_id) values ('${USERS.disabled}', extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_A}/saigon-skydeck'));
      insert into public.user_customers (user_id, customer_id) values ('${USERS.disabled}', '${HOTEL_A}');
      insert into storage.objects (bucket_id, name, owner) values
        ('avatars', '${USERS.traveller}/me.png', '${USERS.traveller}'),
        ('logos', '${HOTEL_A}/logo.png', '${USERS.moderator}');
    `);
    const { rows } = await s.db.query<{ id: string }>(
      `insert into public.contact_messages (name, email, message) values ('Lan', 'lan@example.com', 'Hello') returning id`,
    );
    contactId = rows[0]!.id;
  });
  afterAll(async () => {
    await s?.stop();
  });

  // ─── reads ──────────────────────────────────────────────────────────────────
  const allCustomers = () => ids(s.db, 'select id from public.customers');
  const publicCustomers = () => ids(s.db, 'select id from public.customers where is_public');
  const publicActivities = () =>
    ids(
      s.db,
      'select a.id from public.activities a join public.customers c on c.id = a.customer_id where a.published and c.is_public',
    );
  const activitiesOf = (...customers: string[]) =>
    ids(s.db, 'select id from public.activities where customer_id = any($1)', [customers]);
  const union = (...sets: string[][]) => [...new Set(sets.flat())].sort();

  it('customers: public ones for everyone, plus managed ones for moderators and admins', async () => {
    const pub = await publicCustomers();
    expect(pub).not.toContain(PRIVATE);
    const expected: Record<PersonaName, string[]> = {
      anon: pub,
      moderatorA: union(pub, [PRIVATE]),
      moderatorB: pub,
      admin: await allCustomers(),
      disabled: pub, // moderator of PRIVATE, but disabled
      plain: pub,
      anonymousGuest: pub,
      guest: pub,
    };
    for (const p of PERSONAS) {
      expect(await asPersona(s.db, p, (tx) => ids(tx, 'select id from public.customers')), p).toEqual(expected[p]);
    }
  });

  it('activities: published ones of public customers, plus all of managed customers', async () => {
    const pub = await publicActivities();
    expect(pub).toContain(
      await s.db
        .query<{ id: string }>(
          `select extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_A}/saigon-skydeck')::text as id`,
        )
        .then((r) => r.rows[0]!.id),
    );
    expect(pub).not.toContain(PRIVATE_PUBLISHED);
    const expected: Record<PersonaName, string[]> = {
      anon: pub,
      moderatorA: union(pub, await activitiesOf(HOTEL_A, PRIVATE)),
      moderatorB: union(pub, await activitiesOf(HOTEL_B)),
      admin: await ids(s.db, 'select id from public.activities'),
      disabled: pub,
      plain: pub,
      anonymousGuest: pub,
      guest: pub,
    };
    expect(expected.moderatorB.length).toBe(pub.length + 3); // the inn's 3 drafts
    expect(expected.moderatorA).toContain(PRIVATE_DRAFT);
    for (const p of PERSONAS) {
      expect(await asPersona(s.db, p, (tx) => ids(tx, 'select id from public.activities')), p).toEqual(expected[p]);
    }
  });

  it('profiles: own row only (disabled users included), all for admins, nothing for anon', async () => {
    const all = await ids(s.db, 'select id from public.profiles');
    for (const p of PERSONAS) {
      if (p === 'anon') {
        expect((await sqlError(asPersona(s.db, p, (tx) => tx.query('select id from public.profiles')))).code).toBe(
          '42501',
        );
        continue;
      }
      const expected = p === 'admin' ? all : [personaUser[p]!];
      expect(await asPersona(s.db, p, (tx) => ids(tx, 'select id from public.profiles')), p).toEqual(expected);
    }
  });

  it('customer_moderators: members and co-moderators of managed customers; admins all', async () => {
    const key = "customer_id || '/' || user_id";
    const rowsOf = (...c: string[]) =>
      ids(s.db, `select ${key} as id from public.customer_moderators where customer_id = any($1)`, [c]);
    const expected: Record<Exclude<PersonaName, 'anon'>, string[]> = {
      moderatorA: await rowsOf(HOTEL_A, PRIVATE),
      moderatorB: await rowsOf(HOTEL_B),
      admin: await ids(s.db, `select ${key} as id from public.customer_moderators`),
      disabled: [],
      plain: [],
      anonymousGuest: [],
      guest: [],
    };
    expect(expected.moderatorA).toEqual(
      sorted2([`${HOTEL_A}/${USERS.moderator}`, `${PRIVATE}/${USERS.moderator}`, `${PRIVATE}/${USERS.disabled}`]),
    );
    for (const p of PERSONAS) {
      if (p === 'anon') {
        expect(
          (await sqlError(asPersona(s.db, p, (tx) => tx.query('select 1 from public.customer_moderators')))).code,
        ).toBe('42501');
        continue;
      }
      expect(
        await asPersona(s.db, p, (tx) => ids(tx, `select ${key} as id from public.customer_moderators`)),
        p,
      ).toEqual(expected[p]);
    }
  });

  it('user_customers and favourites: own rows only, none for disabled users', async () => {
    for (const p of PERSONAS) {
      const uid = personaUser[p];
      if (!uid) {
        for (const t of ['user_customers', 'favourites']) {
          expect((await sqlError(asPersona(s.db, p, (tx) => tx.query(`select 1 from public.${t}`)))).code).toBe(
            '42501',
          );
        }
        continue;
      }
      const ownLists =
        p === 'disabled'
          ? []
          : await ids(s.db, 'select customer_id as id from public.user_customers where user_id = $1', [uid]);
      const ownFavs =
        p === 'disabled'
          ? []
          : await ids(s.db, 'select activity_id as id from public.favourites where user_id = $1', [uid]);
      expect(
        await asPersona(s.db, p, (tx) => ids(tx, 'select customer_id as id from public.user_customers')),
        p,
      ).toEqual(ownLists);
      expect(await asPersona(s.db, p, (tx) => ids(tx, 'select activity_id as id from public.favourites')), p).toEqual(
        ownFavs,
      );
    }
    // The seed gives the guest four favourites and two customers; the disabled user has rows but sees none.
    expect(
      await asPersona(s.db, 'guest', (tx) => ids(tx, 'select customer_id as id from public.user_customers')),
    ).toEqual(['ho-chi-minh-city', HOTEL_A]);
    expect(
      await asPersona(s.db, 'guest', (tx) => ids(tx, 'select activity_id as id from public.favourites')),
    ).toHaveLength(4);
  });

  it('analytics_events and analytics_daily: moderators of the customer and admins only', async () => {
    const ev = (...c: string[]) => ids(s.db, 'select id from public.analytics_events where customer_id = any($1)', [c]);
    const expected: Record<Exclude<PersonaName, 'anon'>, string[]> = {
      moderatorA: await ev(HOTEL_A, PRIVATE),
      moderatorB: await ev(HOTEL_B),
      admin: await ids(s.db, 'select id from public.analytics_events'),
      disabled: [],
      plain: [],
      anonymousGuest: [],
      guest: [],
    };
    expect(expected.moderatorA.length).toBeGreaterThan(1000);
    for (const p of PERSONAS) {
      if (p === 'anon') {
        expect(
          (await sqlError(asPersona(s.db, p, (tx) => tx.query('select 1 from public.analytics_events')))).code,
        ).toBe('42501');
        expect(
          (await sqlError(asPersona(s.db, p, (tx) => tx.query('select 1 from public.analytics_daily')))).code,
        ).toBe('42501');
        continue;
      }
      expect(await asPersona(s.db, p, (tx) => ids(tx, 'select id from public.analytics_events')), p).toEqual(
        expected[p],
      );
      const days = await asPersona(s.db, p, (tx) =>
        ids(tx, 'select distinct customer_id as id from public.analytics_daily'),
      );
      const expectedDays = p === 'admin' ? ['hanoi', 'ho-chi-minh-city', HOTEL_A] : p === 'moderatorA' ? [HOTEL_A] : [];
      expect(days, p).toEqual(expectedDays);
    }
  });

  it('contact_messages: readable by admins only', async () => {
    for (const p of PERSONAS) {
      if (p === 'anon') {
        expect(
          (await sqlError(asPersona(s.db, p, (tx) => tx.query('select 1 from public.contact_messages')))).code,
        ).toBe('42501');
        continue;
      }
      expect(await asPersona(s.db, p, (tx) => ids(tx, 'select id from public.contact_messages')), p).toEqual(
        p === 'admin' ? [contactId] : [],
      );
    }
  });

  // ─── writes ─────────────────────────────────────────────────────────────────
  /**
   * Runs each denied attempt and COMMITs it when it does not raise; nothing may change. An attempt on every row
   * says `where true`: hosted refuses an UPDATE or DELETE without WHERE before privileges and policies are
   * consulted (safeupdate; 31_safe_writes.test.ts), so a bare one would test nothing there.
   */
  async function expectNothingChanges(attempts: [PersonaName, string, string[]?][]): Promise<void> {
    const before = await snapshot(s.db, TABLES);
    for (const [p, sql, codes] of attempts) {
      const outcome = await asPersona(s.db, p, (tx) => tx.query(sql), { commit: true }).then(
        (r) => ({ affected: r.affectedRows, code: null as string | null, message: '' }),
        (e: { code?: string; message?: string }) => ({
          affected: 0,
          code: e.code ?? 'no code',
          message: e.message ?? '',
        }),
      );
      if (outcome.code === null) expect(outcome.affected, `${p}: ${sql}`).toBe(0);
      else expect(codes ?? ['42501'], `${p}: ${sql} raised ${outcome.code} ${outcome.message}`).toContain(outcome.code);
    }
    expect(await snapshot(s.db, TABLES)).toEqual(before);
  }

  it('customers: moderators and admins update allowed columns; nobody inserts directly; admins delete', async () => {
    for (const p of ['moderatorA', 'admin'] as const) {
      const name = await asPersona(s.db, p, async (tx) => {
        const r = await tx.query(
          `update public.customers set name = 'Renamed', primary_color = '#112233' where id = '${HOTEL_A}'`,
        );
        expect(r.affectedRows).toBe(1);
        await asSuper(tx);
        return (await tx.query<{ name: string }>(`select name from public.customers where id = '${HOTEL_A}'`)).rows[0]!
          .name;
      });
      expect(name, p).toBe('Renamed');
    }
    await asPersona(s.db, 'admin', async (tx) => {
      expect((await tx.query(`delete from public.customers where id = '${PRIVATE}'`)).affectedRows).toBe(1);
    });
    await expectNothingChanges([
      ['anon', `update public.customers set name = 'x' where id = '${HOTEL_A}'`],
      ['moderatorB', `update public.customers set name = 'x' where id = '${HOTEL_A}'`],
      ['disabled', `update public.customers set name = 'x' where id = '${PRIVATE}'`],
      ['plain', `update public.customers set name = 'x' where true`],
      ['anonymousGuest', `update public.customers set name = 'x' where true`],
      ['moderatorA', `update public.customers set package = 'premium' where id = '${PRIVATE}'`],
      ['moderatorA', `update public.customers set kind = 'city' where id = '${HOTEL_A}'`],
      ['moderatorA', `update public.customers set id = 'stolen-id' where id = '${HOTEL_A}'`],
      ['admin', `update public.customers set package = 'premium' where id = '${HOTEL_B}'`],
      [
        'moderatorA',
        `insert into public.customers (id, kind, name, latitude, longitude) values ('new-one', 'city', 'N', 1, 1)`,
      ],
      [
        'admin',
        `insert into public.customers (id, kind, name, latitude, longitude) values ('new-one', 'city', 'N', 1, 1)`,
      ],
      ['moderatorA', `delete from public.customers where id = '${HOTEL_A}'`],
      ['disabled', `delete from public.customers where true`],
      ['anon', `delete from public.customers where true`],
      ['moderatorA', `update public.customers set primary_color = 'red' where id = '${HOTEL_A}'`, ['23514']],
      ['moderatorA', `update public.customers set zoom = 21 where id = '${HOTEL_A}'`, ['23514']],
      ['moderatorA', `update public.customers set logo_url = 'javascript:alert(1)' where id = '${HOTEL_A}'`, ['23514']],
    ]);
  });

  it("activities: moderators and admins manage their customers' activities only", async () => {
    const hotelActivity = `extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_A}/saigon-skydeck')`;
    for (const p of ['moderatorA', 'admin'] as const) {
      await asPersona(s.db, p, async (tx) => {
        const ins = await tx.query(
          `insert into public.activities (customer_id, slug, category, title, latitude, longitude, opening_hours)
           values ('${HOTEL_A}', 'new-bar', 'nightlife', '{"en":"New bar","fr":"Nouveau bar"}', 10.77, 106.70, '{"fri":[["18:00","02:00"]]}')`,
        );
        expect(ins.affectedRows).toBe(1);
        expect(
          (await tx.query(`update public.activities set sort_order = 1 where id = ${hotelActivity}`)).affectedRows,
        ).toBe(1);
        expect((await tx.query(`delete from public.activities where id = ${hotelActivity}`)).affectedRows).toBe(1);
      });
    }
    await expectNothingChanges([
      [
        'moderatorB',
        `insert into public.activities (customer_id, slug, category, title, latitude, longitude) values ('${HOTEL_A}', 'x', 'food', '{"en":"X"}', 1, 1)`,
      ],
      [
        'anon',
        `insert into public.activities (customer_id, slug, category, title, latitude, longitude) values ('${HOTEL_A}', 'x', 'food', '{"en":"X"}', 1, 1)`,
      ],
      [
        'plain',
        `insert into public.activities (customer_id, slug, category, title, latitude, longitude) values ('${HOTEL_A}', 'x', 'food', '{"en":"X"}', 1, 1)`,
      ],
      [
        'disabled',
        `insert into public.activities (customer_id, slug, category, title, latitude, longitude) values ('${PRIVATE}', 'x', 'food', '{"en":"X"}', 1, 1)`,
      ],
      ['moderatorB', `update public.activities set published = false where customer_id = '${HOTEL_A}'`],
      ['moderatorA', `update public.activities set customer_id = '${HOTEL_A}' where customer_id = '${HOTEL_B}'`],
      ['moderatorA', `update public.activities set customer_id = '${HOTEL_B}' where id = ${hotelActivity}`],
      ['disabled', `update public.activities set published = true where customer_id = '${PRIVATE}'`],
      ['guest', `delete from public.activities where true`],
      ['anonymousGuest', `delete from public.activities where true`],
      ['moderatorB', `delete from public.activities where customer_id = '${HOTEL_A}'`],
      [
        'moderatorA',
        `update public.activities set commission_rate = 0.6 where id = extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_A}/secret-garden')`,
        ['23514', '42501'],
      ],
      [
        'moderatorA',
        `update public.activities set commission_rate = 0.1 where id = ${hotelActivity}`,
        ['23514', '42501'],
      ],
      [
        'moderatorA',
        `update public.activities set title = '{"vi":"Không có tiếng Anh"}' where id = ${hotelActivity}`,
        ['23514'],
      ],
      [
        'moderatorA',
        `update public.activities set opening_hours = '{"mon":[["25:00","02:00"]]}' where id = ${hotelActivity}`,
        ['23514'],
      ],
      ['moderatorA', `update public.activities set latitude = 91 where id = ${hotelActivity}`, ['23514']],
      ['moderatorA', `update public.activities set website = 'ftp://x.test' where id = ${hotelActivity}`, ['23514']],
      ['moderatorA', `update public.activities set price_level = 5 where id = ${hotelActivity}`, ['23514']],
    ]);
  });

  it('profiles: users update their display name and language, never their flags, never someone else', async () => {
    await asPersona(s.db, 'plain', async (tx) => {
      const r = await tx.query(
        `update public.profiles set display_name = 'Tommy', language = 'vi-VN' where id = '${USERS.traveller}'`,
      );
      expect(r.affectedRows).toBe(1);
    });
    await expectNothingChanges([
      ['plain', `update public.profiles set is_admin = true where id = '${USERS.traveller}'`],
      ['plain', `update public.profiles set is_disabled = false where id = '${USERS.disabled}'`],
      ['plain', `update public.profiles set customer = '${HOTEL_A}' where id = '${USERS.traveller}'`],
      ['plain', `update public.profiles set display_name = 'pwned' where id = '${USERS.guest}'`],
      ['disabled', `update public.profiles set is_disabled = false where id = '${USERS.disabled}'`],
      ['disabled', `update public.profiles set display_name = 'still here' where id = '${USERS.disabled}'`],
      ['moderatorA', `update public.profiles set display_name = 'x' where id = '${USERS.innkeeper}'`],
      ['admin', `update public.profiles set is_admin = true where id = '${USERS.traveller}'`],
      ['anon', `update public.profiles set display_name = 'x' where true`],
      ['plain', `insert into public.profiles (id) values ('${USERS.traveller}')`],
      ['plain', `delete from public.profiles where id = '${USERS.traveller}'`],
      ['plain', `update public.profiles set language = 'de-DE' where id = '${USERS.traveller}'`, ['22P02']],
      [
        'plain',
        `update public.profiles set profile_picture_url = 'javascript:alert(1)' where id = '${USERS.traveller}'`,
        ['23514'],
      ],
    ]);
  });

  it('favourites and user_customers: own rows, visible targets only', async () => {
    const draft = `extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_B}/west-lake')`;
    await asPersona(s.db, 'anonymousGuest', async (tx) => {
      expect(
        (
          await tx.query(
            `insert into public.favourites (user_id, activity_id) values ('${ANONYMOUS_GUEST}', extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_A}/secret-garden'))`,
          )
        ).affectedRows,
      ).toBe(1);
      expect(
        (
          await tx.query(
            `insert into public.user_customers (user_id, customer_id) values ('${ANONYMOUS_GUEST}', '${HOTEL_A}')`,
          )
        ).affectedRows,
      ).toBe(1);
    });
    await asPersona(s.db, 'guest', async (tx) => {
      expect(
        (
          await tx.query(
            `delete from public.favourites where activity_id = extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_A}/secret-garden')`,
          )
        ).affectedRows,
      ).toBe(1);
    });
    await asPersona(s.db, 'moderatorB', async (tx) => {
      // A moderator sees (and may save) a draft of their own customer.
      expect(
        (await tx.query(`insert into public.favourites (user_id, activity_id) values ('${USERS.innkeeper}', ${draft})`))
          .affectedRows,
      ).toBe(1);
    });
    await expectNothingChanges([
      [
        'plain',
        `insert into public.favourites (user_id, activity_id) values ('${USERS.guest}', extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_A}/saigon-skydeck'))`,
      ],
      ['plain', `insert into public.favourites (user_id, activity_id) values ('${USERS.traveller}', ${draft})`],
      [
        'plain',
        `insert into public.favourites (user_id, activity_id) values ('${USERS.traveller}', '${PRIVATE_PUBLISHED}')`,
      ],
      [
        'disabled',
        `insert into public.favourites (user_id, activity_id) values ('${USERS.disabled}', extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_A}/secret-garden'))`,
      ],
      [
        'anon',
        `insert into public.favourites (user_id, activity_id) values ('${USERS.guest}', extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_A}/secret-garden'))`,
      ],
      ['plain', `delete from public.favourites where user_id = '${USERS.guest}'`],
      ['disabled', `delete from public.favourites where true`],
      ['guest', `update public.favourites set created_at = now() where true`],
      ['plain', `insert into public.user_customers (user_id, customer_id) values ('${USERS.guest}', 'hanoi')`],
      ['plain', `insert into public.user_customers (user_id, customer_id) values ('${USERS.traveller}', '${PRIVATE}')`],
      ['disabled', `insert into public.user_customers (user_id, customer_id) values ('${USERS.disabled}', 'hanoi')`],
      ['plain', `delete from public.user_customers where user_id <> '${USERS.traveller}'`],
      ['disabled', `delete from public.user_customers where true`],
    ]);
  });

  it('customer_moderators and analytics_events: no direct writes for anyone', async () => {
    await expectNothingChanges([
      [
        'moderatorA',
        `insert into public.customer_moderators (customer_id, user_id) values ('${HOTEL_B}', '${USERS.moderator}')`,
      ],
      [
        'plain',
        `insert into public.customer_moderators (customer_id, user_id) values ('${HOTEL_A}', '${USERS.traveller}')`,
      ],
      [
        'admin',
        `insert into public.customer_moderators (customer_id, user_id) values ('${HOTEL_A}', '${USERS.traveller}')`,
      ],
      ['moderatorA', `delete from public.customer_moderators where customer_id = '${HOTEL_A}'`],
      ['moderatorA', `update public.customer_moderators set user_id = '${USERS.traveller}' where true`],
      [
        'anon',
        `insert into public.analytics_events (customer_id, type, visitor_id) values ('${HOTEL_A}', 'qr_scan', gen_random_uuid())`,
      ],
      [
        'moderatorA',
        `insert into public.analytics_events (customer_id, type, visitor_id) values ('${HOTEL_A}', 'qr_scan', gen_random_uuid())`,
      ],
      ['moderatorA', `delete from public.analytics_events where true`],
      ['admin', `delete from public.analytics_events where true`],
      ['admin', `update public.analytics_events set type = 'share' where true`],
    ]);
  });

  it('contact_messages: anyone sends a new message (return=minimal); only admins handle them', async () => {
    for (const p of ['anon', 'plain', 'anonymousGuest'] as const) {
      await asPersona(s.db, p, async (tx) => {
        const r = await tx.query(
          `insert into public.contact_messages (name, email, hotel, message, locale) values ('Mai', 'mai@example.com', 'Hotel Lotus', 'Please call me', 'vi-VN')`,
        );
        expect(r.affectedRows).toBe(1);
      });
    }
    await asPersona(s.db, 'admin', async (tx) => {
      expect(
        (await tx.query(`update public.contact_messages set handled_at = now() where id = '${contactId}'`))
          .affectedRows,
      ).toBe(1);
    });
    await expectNothingChanges([
      [
        'anon',
        `insert into public.contact_messages (name, email, message, handled_at) values ('A', 'a@example.com', 'm', now())`,
      ],
      [
        'anon',
        `insert into public.contact_messages (name, email, message) values ('A', 'not-an-email', 'm')`,
        ['23514'],
      ],
      [
        'anon',
        `insert into public.contact_messages (name, email, message) values ('A', 'a@example.com', 'm') returning id`,
      ],
      ['moderatorA', `update public.contact_messages set handled_at = now() where true`],
      ['plain', `delete from public.contact_messages where true`],
      ['anon', `delete from public.contact_messages where true`],
    ]);
  });

  it("storage: users write their own avatar folder; moderators their customer's logos and photos", async () => {
    await asPersona(s.db, 'guest', async (tx) => {
      expect(
        (await tx.query(`insert into storage.objects (bucket_id, name) values ('avatars', '${USERS.guest}/a.png')`))
          .affectedRows,
      ).toBe(1);
    });
    await asPersona(s.db, 'moderatorA', async (tx) => {
      expect(
        (await tx.query(`insert into storage.objects (bucket_id, name) values ('photos', '${HOTEL_A}/p.jpg')`))
          .affectedRows,
      ).toBe(1);
      expect((await tx.query(`delete from storage.objects where name = '${HOTEL_A}/logo.png'`)).affectedRows).toBe(1);
    });
    await asPersona(s.db, 'admin', async (tx) => {
      expect(
        (await tx.query(`insert into storage.objects (bucket_id, name) values ('logos', '${HOTEL_B}/l.png')`))
          .affectedRows,
      ).toBe(1);
    });
    expect(await asPersona(s.db, 'anon', (tx) => ids(tx, `select name as id from storage.objects`))).toEqual(
      [`${HOTEL_A}/logo.png`, `${USERS.traveller}/me.png`].sort(),
    );
    await expectNothingChanges([
      ['guest', `insert into storage.objects (bucket_id, name) values ('avatars', '${USERS.traveller}/evil.png')`],
      ['disabled', `insert into storage.objects (bucket_id, name) values ('avatars', '${USERS.disabled}/a.png')`],
      ['anon', `insert into storage.objects (bucket_id, name) values ('avatars', 'x/a.png')`],
      ['moderatorB', `insert into storage.objects (bucket_id, name) values ('logos', '${HOTEL_A}/l.png')`],
      ['plain', `insert into storage.objects (bucket_id, name) values ('photos', '${HOTEL_A}/p.png')`],
      ['moderatorB', `delete from storage.objects where name = '${HOTEL_A}/logo.png'`],
      ['guest', `delete from storage.objects where name = '${USERS.traveller}/me.png'`],
      ['moderatorB', `update storage.objects set name = '${HOTEL_B}/logo.png' where name = '${HOTEL_A}/logo.png'`],
    ]);
  });
});

function sorted2(xs: string[]): string[] {
  return [...xs].sort();
}
