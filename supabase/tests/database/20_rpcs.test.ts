// RPCs, triggers and the access-token hook: customer creation, slug checks, package limits,
// moderator management, admin operations, analytics recording, and profiles following accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import type { Queryable } from '@guestmap/local-stack/src/db/db.ts';
import {
  ANONYMOUS_GUEST,
  HOTEL_A,
  HOTEL_B,
  USERS,
  asPersona,
  asSuper,
  claimsFor,
  ensureAnonymousGuest,
  ids,
  sqlError,
} from './support.ts';

afterAll(stopPgServer);

const one = async <T = Record<string, unknown>>(q: Queryable, sql: string, params: unknown[] = []): Promise<T> =>
  (await q.query<T>(sql, params)).rows[0]!;

describe.each(BACKENDS)('RPCs and triggers on %s', (backend) => {
  let s: TestStack;

  beforeAll(async () => {
    s = await startTestStack(backend);
    await ensureAnonymousGuest(s.db);
  });
  afterAll(async () => {
    await s?.stop();
  });

  const hook = (tx: Queryable, userId: string) =>
    one<{ r: { claims: Record<string, unknown> } }>(
      tx,
      `select public.custom_access_token_hook(jsonb_build_object('user_id', $1::text, 'claims',
         jsonb_build_object('sub', $1::text, 'role', 'authenticated', 'aud', 'authenticated', 'is_anonymous', false), 'authentication_method', 'password')) as r`,
      [userId],
    ).then((x) => x.r.claims);

  const asAuthAdmin = async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> =>
    s.db.transaction(async (tx) => {
      await tx.query('set local role supabase_auth_admin');
      return fn(tx);
    });

  it('the seed holds the demo content the product relies on', async () => {
    const { rows } = await s.db.query<{
      id: string;
      places: number;
      published: number;
      categories: number;
      complete: number;
      in_box: number;
      partners: number;
      offers: number;
    }>(
      `select c.id, count(a.id)::int as places, count(a.id) filter (where a.published)::int as published,
              count(distinct a.category)::int as categories,
              count(a.id) filter (where a.title ?& array['en','vi','fr'] and a.description ?& array['en','vi','fr']
                                    and a.address_local ~ '[À-ỹ]' and a.opening_hours is not null)::int as complete,
              count(a.id) filter (where case when c.id like 'hanoi%' then a.latitude between 20.5 and 21.3 and a.longitude between 105.7 and 107.1
                                             else a.latitude between 10.3 and 11.2 and a.longitude between 106.4 and 107.0 end)::int as in_box,
              count(a.id) filter (where a.is_partner)::int as partners,
              count(a.id) filter (where a.is_partner and a.commission_rate > 0 and a.guest_offer ?& array['en','vi','fr'])::int as offers
       from public.customers c left join public.activities a on a.customer_id = c.id group by c.id order by c.id`,
    );
    expect(rows).toEqual([
      { id: 'hanoi', places: 38, published: 38, categories: 12, complete: 38, in_box: 38, partners: 0, offers: 0 },
      {
        id: HOTEL_B,
        places: 21,
        published: 18,
        categories: expect.any(Number),
        complete: 21,
        in_box: 21,
        partners: 1,
        offers: 1,
      },
      {
        id: 'ho-chi-minh-city',
        places: 74,
        published: 74,
        categories: 12,
        complete: 74,
        in_box: 74,
        partners: 0,
        offers: 0,
      },
      {
        id: HOTEL_A,
        places: 25,
        published: 25,
        categories: expect.any(Number),
        complete: 25,
        in_box: 25,
        partners: 7,
        offers: 7,
      },
    ]);
    const branding = await one(
      s.db,
      `select kind, package, primary_color, welcome ?& array['en','vi','fr'] as welcome from public.customers where id = $1`,
      [HOTEL_A],
    );
    expect(branding).toEqual({ kind: 'hotel', package: 'premium', primary_color: '#0E7C86', welcome: true });
    const events = await one<{ n: number; days: number; future: number }>(
      s.db,
      `select count(*)::int as n, count(distinct created_at::date)::int as days, count(*) filter (where created_at > now())::int as future
       from public.analytics_events where customer_id = $1`,
      [HOTEL_A],
    );
    expect(events.n).toBeGreaterThan(1000);
    expect(events.n).toBeLessThan(5000);
    expect(events.days).toBeGreaterThanOrEqual(89);
    expect(events.future).toBe(0);
    const logins = await s.db.query<{ email: string; ok: boolean; identity: boolean }>(
      `select u.email, u.encrypted_password = extensions.crypt('demo-pass-123', u.encrypted_password) as ok,
              exists (select 1 from auth.identities i where i.user_id = u.id and i.provider = 'email') as identity
       from auth.users u where u.email like '%@demo.test' order by u.email`,
    );
    expect(logins.rows.map((r) => `${r.email}:${r.ok}:${r.identity}`)).toEqual(
      // partner@demo.test: partner staff of miu-miu-spa (issue 27, settlement).
      ['admin', 'disabled', 'guest', 'innkeeper', 'moderator', 'partner', 'traveller'].map(
        (n) => `${n}@demo.test:true:true`,
      ),
    );
  });

  it('the access-token hook adds is_admin, moderator and customer for each seeded persona', async () => {
    const claims = await asAuthAdmin(async (tx) => ({
      admin: await hook(tx, USERS.admin),
      moderator: await hook(tx, USERS.moderator),
      guest: await hook(tx, USERS.guest),
      disabled: await hook(tx, USERS.disabled),
      innkeeper: await hook(tx, USERS.innkeeper),
      traveller: await hook(tx, USERS.traveller),
      anonymous: await hook(tx, ANONYMOUS_GUEST),
    }));
    const pick = (c: Record<string, unknown>) => ({
      is_admin: c.is_admin,
      moderator: c.moderator,
      customer: c.customer,
      sub: c.sub,
      role: c.role,
    });
    expect(pick(claims.admin)).toEqual({
      is_admin: true,
      moderator: { 'ho-chi-minh-city': true, hanoi: true },
      customer: null,
      sub: USERS.admin,
      role: 'authenticated',
    });
    expect(pick(claims.moderator)).toEqual({
      is_admin: false,
      moderator: { [HOTEL_A]: true },
      customer: HOTEL_A,
      sub: USERS.moderator,
      role: 'authenticated',
    });
    expect(pick(claims.guest)).toEqual({
      is_admin: false,
      moderator: {},
      customer: HOTEL_A,
      sub: USERS.guest,
      role: 'authenticated',
    });
    expect(pick(claims.disabled)).toEqual({
      is_admin: false,
      moderator: {},
      customer: null,
      sub: USERS.disabled,
      role: 'authenticated',
    });
    expect(pick(claims.innkeeper)).toEqual({
      is_admin: false,
      moderator: { [HOTEL_B]: true },
      customer: HOTEL_B,
      sub: USERS.innkeeper,
      role: 'authenticated',
    });
    expect(pick(claims.traveller)).toEqual({
      is_admin: false,
      moderator: {},
      customer: null,
      sub: USERS.traveller,
      role: 'authenticated',
    });
    expect(pick(claims.anonymous)).toEqual({
      is_admin: false,
      moderator: {},
      customer: null,
      sub: ANONYMOUS_GUEST,
      role: 'authenticated',
    });
    expect(claims.admin.aud).toBe('authenticated');
  });

  it('only supabase_auth_admin may execute the hook', async () => {
    for (const p of ['anon', 'plain', 'admin'] as const) {
      const e = await sqlError(asPersona(s.db, p, (tx) => hook(tx, USERS.admin)));
      expect(e.code, p).toBe('42501');
    }
    const grants = await s.db.query<{ r: string }>(
      `select grantee::regrole::text as r from pg_proc p, aclexplode(p.proacl) a
       where p.oid = 'public.custom_access_token_hook(jsonb)'::regprocedure and a.privilege_type = 'EXECUTE' and a.grantee <> p.proowner`,
    );
    expect(grants.rows.map((r) => r.r)).toEqual(['supabase_auth_admin']);
  });

  it('profiles follow auth.users: language, display name and e-mail', async () => {
    await s.db
      .transaction(async (tx) => {
        await tx.query(
          `insert into auth.users (id, email, aud, role, raw_user_meta_data) values
          ('33333333-3333-4333-a333-000000000001', 'nick@example.com', 'authenticated', 'authenticated', '{"nickname":"Nick","name":"Nicholas","language":"fr-FR"}'),
          ('33333333-3333-4333-a333-000000000002', 'full@example.com', 'authenticated', 'authenticated', '{"full_name":"Full Name","language":"de-DE"}'),
          ('33333333-3333-4333-a333-000000000003', null, 'authenticated', 'authenticated', null)`,
        );
        await tx.query(
          `update auth.users set email = 'nick2@example.com' where id = '33333333-3333-4333-a333-000000000001'`,
        );
        const { rows } = await tx.query(
          `select id, email, display_name, language, is_admin, is_disabled, customer from public.profiles where id::text like '33333333%' order by id`,
        );
        expect(rows).toEqual([
          {
            id: '33333333-3333-4333-a333-000000000001',
            email: 'nick2@example.com',
            display_name: 'Nick',
            language: 'fr-FR',
            is_admin: false,
            is_disabled: false,
            customer: null,
          },
          {
            id: '33333333-3333-4333-a333-000000000002',
            email: 'full@example.com',
            display_name: 'Full Name',
            language: 'en-US',
            is_admin: false,
            is_disabled: false,
            customer: null,
          },
          {
            id: '33333333-3333-4333-a333-000000000003',
            email: null,
            display_name: null,
            language: 'en-US',
            is_admin: false,
            is_disabled: false,
            customer: null,
          },
        ]);
        await tx.query(`delete from auth.users where id::text like '33333333%'`);
        expect((await tx.query(`select 1 from public.profiles where id::text like '33333333%'`)).rows).toEqual([]);
        throw Object.assign(new Error('rollback'), { code: 'rollback' });
      })
      .catch((e: { code?: string }) => {
        if (e.code !== 'rollback') throw e;
      });
  });

  it('check_customer_slug answers ok, slug_format, slug_reserved or slug_taken (also to anon)', async () => {
    await s.db.exec(
      `insert into public.customers (id, kind, name, latitude, longitude, package, is_public) values ('hidden-hotel', 'hotel', 'Hidden', 1, 1, 'basic', false) on conflict do nothing`,
    );
    const cases: [string, string][] = [
      ['my-new-hotel', 'ok'],
      ['ab', 'slug_format'],
      ['My-Hotel', 'slug_format'],
      ['-hotel', 'slug_format'],
      ['hotel--x', 'slug_format'],
      ['a'.repeat(64), 'slug_format'],
      ['hotels', 'slug_reserved'],
      ['dashboard', 'slug_reserved'],
      ['create-customer', 'slug_reserved'],
      ['hanoi', 'slug_taken'],
      ['hidden-hotel', 'slug_taken'],
    ];
    for (const p of ['anon', 'plain'] as const) {
      const got = await asPersona(s.db, p, async (tx) => {
        const out: [string, string][] = [];
        for (const [slug] of cases)
          out.push([slug, (await one<{ r: string }>(tx, 'select public.check_customer_slug($1) as r', [slug])).r]);
        return out;
      });
      expect(got, p).toEqual(cases);
    }
  });

  it('create_customer: creates the hotel, its first moderator, the list entry and the home customer, all at once', async () => {
    await asPersona(s.db, 'plain', async (tx) => {
      const row = await one<Record<string, unknown>>(
        tx,
        `select * from public.create_customer('lotus-boutique-hotel', '  Lotus Boutique  ', 'hotel', 10.78, 106.69)`,
      );
      expect(row).toMatchObject({
        id: 'lotus-boutique-hotel',
        kind: 'hotel',
        name: 'Lotus Boutique',
        package: 'basic',
        zoom: 16,
        is_public: true,
        created_by: USERS.traveller,
      });
      expect(await ids(tx, 'select customer_id as id from public.user_customers')).toEqual([
        'hanoi',
        'lotus-boutique-hotel',
      ]);
      expect(
        await ids(
          tx,
          `select user_id as id from public.customer_moderators where customer_id = 'lotus-boutique-hotel'`,
        ),
      ).toEqual([USERS.traveller]);
      expect((await one<{ customer: string }>(tx, 'select customer from public.profiles')).customer).toBe(
        'lotus-boutique-hotel',
      );
      // The new moderator can now add activities there.
      await tx.query(
        `insert into public.activities (customer_id, slug, category, title, latitude, longitude) values ('lotus-boutique-hotel', 'pho', 'food', '{"en":"Pho"}', 10.78, 106.69)`,
      );
      await asSuper(tx);
      await tx.query('set local role supabase_auth_admin');
      expect((await hook(tx, USERS.traveller)).moderator).toEqual({ 'lotus-boutique-hotel': true });
    });
    // A user with a home customer keeps it.
    await asPersona(s.db, 'guest', async (tx) => {
      await tx.query(`select public.create_customer('guest-hotel', 'Guest Hotel', 'hotel', 10, 106, 12)`);
      expect((await one<{ customer: string }>(tx, 'select customer from public.profiles')).customer).toBe(HOTEL_A);
    });
    // Administrators may create cities; nobody else.
    await asPersona(s.db, 'admin', async (tx) => {
      const row = await one<{ package: string | null; kind: string }>(
        tx,
        `select * from public.create_customer('da-nang', 'Da Nang', 'city', 16.05, 108.2, 13)`,
      );
      expect(row).toMatchObject({ kind: 'city', package: null });
    });
  });

  it('create_customer refuses with stable detail codes', async () => {
    const attempt = (p: 'plain' | 'anonymousGuest' | 'disabled' | 'anon', args: string) =>
      sqlError(asPersona(s.db, p, (tx) => tx.query(`select public.create_customer(${args})`)));
    const cases: [Parameters<typeof attempt>[0], string, string, string][] = [
      ['plain', `'ab', 'X', 'hotel', 1, 1`, 'P0001', 'slug_format'],
      ['plain', `'Bad_Slug', 'X', 'hotel', 1, 1`, 'P0001', 'slug_format'],
      ['plain', `'hotels', 'X', 'hotel', 1, 1`, 'P0001', 'slug_reserved'],
      ['plain', `'api', 'X', 'hotel', 1, 1`, 'P0001', 'slug_reserved'],
      ['plain', `'hanoi', 'X', 'hotel', 1, 1`, 'P0001', 'slug_taken'],
      ['plain', `'fine-slug', '', 'hotel', 1, 1`, 'P0001', 'invalid_name'],
      ['plain', `'fine-slug', 'X', 'castle', 1, 1`, 'P0001', 'invalid_kind'],
      ['plain', `'fine-slug', 'X', 'city', 1, 1`, '42501', 'city_admin_only'],
      ['plain', `'fine-slug', 'X', 'hotel', 91, 1`, 'P0001', 'invalid_position'],
      ['plain', `'fine-slug', 'X', 'hotel', 1, -181`, 'P0001', 'invalid_position'],
      ['plain', `'fine-slug', 'X', 'hotel', 1, 1, 21`, 'P0001', 'invalid_zoom'],
      ['anonymousGuest', `'fine-slug', 'X', 'hotel', 1, 1`, '42501', 'anonymous_user'],
      ['disabled', `'fine-slug', 'X', 'hotel', 1, 1`, '42501', 'user_disabled'],
    ];
    for (const [p, args, code, detail] of cases) {
      const e = await attempt(p, args);
      expect({ code: e.code, detail: e.detail }, `${p}: ${args}`).toEqual({ code, detail });
    }
    expect((await attempt('anon', `'fine-slug', 'X', 'hotel', 1, 1`)).code).toBe('42501');
    expect((await s.db.query(`select 1 from public.customers where id = 'fine-slug'`)).rows).toEqual([]);
  });

  it('package limits: basic 20, professional 50, premium and cities unlimited; a clear error', async () => {
    const addPublished = (tx: Queryable, customer: string, n: number, prefix = 'extra') =>
      tx.query(
        `insert into public.activities (customer_id, slug, category, title, latitude, longitude, published)
         select $1, $2 || '-' || g, 'food', jsonb_build_object('en', 'Extra ' || g), 21.03, 105.85, true from generate_series(1, $3::int) g`,
        [customer, prefix, n],
      );
    // The inn (basic) has 18 published: two more fit, the 21st does not.
    await asPersona(s.db, 'moderatorB', async (tx) => {
      await addPublished(tx, HOTEL_B, 2);
      await tx.query(
        `insert into public.activities (customer_id, slug, category, title, latitude, longitude) values ('${HOTEL_B}', 'draft-ok', 'food', '{"en":"Draft"}', 21, 105)`,
      );
    });
    const e = await sqlError(asPersona(s.db, 'moderatorB', (tx) => addPublished(tx, HOTEL_B, 3)));
    expect(e).toEqual({
      code: 'P0001',
      message: 'Package limit reached: basic allows 20 published recommendations',
      detail: 'package_limit',
      hint: 'basic:20',
    });
    // Publishing a draft counts too.
    const e2 = await sqlError(
      asPersona(s.db, 'moderatorB', async (tx) => {
        await addPublished(tx, HOTEL_B, 2);
        await tx.query(
          `update public.activities set published = true where customer_id = '${HOTEL_B}' and slug = 'west-lake'`,
        );
      }),
    );
    expect(e2.detail).toBe('package_limit');
    // Premium and cities: unlimited.
    await asPersona(s.db, 'moderatorA', (tx) => addPublished(tx, HOTEL_A, 60));
    await asPersona(s.db, 'admin', (tx) => addPublished(tx, 'hanoi', 60));
    // An admin upgrades the inn to professional: up to 50.
    await asPersona(s.db, 'admin', async (tx) => {
      expect(
        (
          await one<{ package: string }>(
            tx,
            `select * from public.admin_set_customer_package('${HOTEL_B}', 'professional')`,
          )
        ).package,
      ).toBe('professional');
      await addPublished(tx, HOTEL_B, 32);
      const over = await tx.query(`savepoint s1`).then(() =>
        addPublished(tx, HOTEL_B, 1, 'one-more').then(
          () => null,
          (err: { hint?: string }) => err.hint,
        ),
      );
      expect(over).toBe('professional:50');
      await tx.query('rollback to savepoint s1');
      // Downgrading below the published count is refused.
      const down = await tx.query(`savepoint s2`).then(() =>
        tx.query(`select public.admin_set_customer_package('${HOTEL_B}', 'basic')`).then(
          () => null,
          (err: { detail?: string }) => err.detail,
        ),
      );
      expect(down).toBe('package_limit');
      await tx.query('rollback to savepoint s2');
    });
  });

  it('admin_set_customer_package and admin_set_user_disabled are for admins only', async () => {
    for (const p of ['moderatorA', 'plain', 'disabled'] as const) {
      expect(
        (
          await sqlError(
            asPersona(s.db, p, (tx) => tx.query(`select public.admin_set_customer_package('${HOTEL_A}', 'basic')`)),
          )
        ).detail,
        p,
      ).toBe('not_admin');
      expect(
        (
          await sqlError(
            asPersona(s.db, p, (tx) => tx.query(`select public.admin_set_user_disabled('${USERS.guest}', true)`)),
          )
        ).detail,
        p,
      ).toBe('not_admin');
    }
    expect(
      (
        await sqlError(
          asPersona(s.db, 'anon', (tx) => tx.query(`select public.admin_set_user_disabled('${USERS.guest}', true)`)),
        )
      ).code,
    ).toBe('42501');
    const bad = await sqlError(
      asPersona(s.db, 'admin', (tx) => tx.query(`select public.admin_set_customer_package('hanoi', 'basic')`)),
    );
    expect(bad.detail).toBe('package_city');
    const self = await sqlError(
      asPersona(s.db, 'admin', (tx) => tx.query(`select public.admin_set_user_disabled('${USERS.admin}', true)`)),
    );
    expect(self.detail).toBe('cannot_disable_self');
  });

  it('disabling a user bans the account, ends its sessions and cuts private access at once', async () => {
    await s.db.query(
      `insert into auth.sessions (id, user_id, created_at) values ('44444444-4444-4444-a444-000000000001', $1, now())`,
      [USERS.guest],
    );
    await asPersona(s.db, 'admin', (tx) => tx.query(`select public.admin_set_user_disabled('${USERS.guest}', true)`), {
      commit: true,
    });
    try {
      const u = await one<{ banned: boolean; sessions: number; disabled: boolean }>(
        s.db,
        `select u.banned_until > now() + interval '100 years' as banned, (select count(*)::int from auth.sessions where user_id = u.id) as sessions,
                p.is_disabled as disabled
         from auth.users u join public.profiles p on p.id = u.id where u.id = $1`,
        [USERS.guest],
      );
      expect(u).toEqual({ banned: true, sessions: 0, disabled: true });
      // The guest's still-valid JWT: no favourites, no list, but the own profile (to notice being disabled).
      await asPersona(s.db, 'guest', async (tx) => {
        expect(await ids(tx, 'select activity_id as id from public.favourites')).toEqual([]);
        expect(await ids(tx, 'select customer_id as id from public.user_customers')).toEqual([]);
        expect((await one<{ is_disabled: boolean }>(tx, 'select is_disabled from public.profiles')).is_disabled).toBe(
          true,
        );
      });
      const claims = await asAuthAdmin((tx) => hook(tx, USERS.guest));
      expect(claims.customer).toBeNull();
    } finally {
      await asPersona(
        s.db,
        'admin',
        (tx) => tx.query(`select public.admin_set_user_disabled('${USERS.guest}', false)`),
        { commit: true },
      );
    }
    const after = await one<{ banned_until: unknown; is_disabled: boolean }>(
      s.db,
      `select u.banned_until, p.is_disabled from auth.users u join public.profiles p on p.id = u.id where u.id = $1`,
      [USERS.guest],
    );
    expect(after).toEqual({ banned_until: null, is_disabled: false });
    expect(
      await asPersona(s.db, 'guest', (tx) => ids(tx, 'select activity_id as id from public.favourites')),
    ).toHaveLength(4);
  });

  it('moderators add and remove moderators by e-mail; a customer keeps at least one', async () => {
    await asPersona(s.db, 'moderatorA', async (tx) => {
      const { rows } = await tx.query<{ user_id: string }>(
        `select user_id from public.list_customer_moderators('${HOTEL_A}')`,
      );
      expect(rows.map((r) => r.user_id)).toEqual([USERS.moderator]);
      const last = await tx.query('savepoint a').then(() =>
        tx.query(`select public.remove_moderator('${HOTEL_A}', '${USERS.moderator}')`).then(
          () => null,
          (e: { detail?: string }) => e.detail,
        ),
      );
      expect(last).toBe('last_moderator');
      await tx.query('rollback to savepoint a');
      // Moderators join by invitation (tests/security/invitations.test.ts): the traveller accepts, then A acts again.
      const inv = await one<{ id: string }>(
        tx,
        `select id from public.invite_moderator('${HOTEL_A}', ' Traveller@Demo.test ')`,
      );
      const as = (p: 'plain' | 'moderatorA') =>
        tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claimsFor(p))]);
      await as('plain');
      expect((await one<{ r: string }>(tx, `select public.accept_invitation('${inv.id}') as r`)).r).toBe(HOTEL_A);
      await as('moderatorA');
      expect(
        await ids(tx, `select user_id as id from public.customer_moderators where customer_id = '${HOTEL_A}'`),
      ).toEqual([USERS.moderator, USERS.traveller].sort());
      await tx.query(`select public.remove_moderator('${HOTEL_A}', '${USERS.moderator}')`);
      // Moderator A is no longer one: the customer's drafts and events are gone from view.
      expect(await ids(tx, `select user_id as id from public.customer_moderators`)).toEqual([]);
    });
    const detail = async (p: 'moderatorA' | 'moderatorB' | 'plain', sql: string) =>
      (await sqlError(asPersona(s.db, p, (tx) => tx.query(sql)))).detail;
    // add_moderator_by_email told unknown and disabled accounts apart; it is gone (invitations answer alike).
    expect(
      (
        await sqlError(
          asPersona(s.db, 'moderatorA', (tx) =>
            tx.query(`select public.add_moderator_by_email('${HOTEL_A}', 'nobody@demo.test')`),
          ),
        )
      ).code,
    ).toBe('42883');
    expect(await detail('moderatorB', `select public.invite_moderator('${HOTEL_A}', 'innkeeper@demo.test')`)).toBe(
      'not_moderator',
    );
    expect(await detail('plain', `select public.remove_moderator('${HOTEL_A}', '${USERS.moderator}')`)).toBe(
      'not_moderator',
    );
    expect(await detail('plain', `select * from public.list_customer_moderators('${HOTEL_A}')`)).toBe('not_moderator');
    expect(await detail('moderatorA', `select public.remove_moderator('${HOTEL_A}', '${USERS.guest}')`)).toBe(
      'not_a_moderator',
    );
    // Anonymous accounts can never become moderators, even by a direct insert.
    const anonMod = await sqlError(
      s.db.query(
        `insert into public.customer_moderators (customer_id, user_id) values ('${HOTEL_A}', '${ANONYMOUS_GUEST}')`,
      ),
    );
    expect(anonMod.detail).toBe('moderator_anonymous');
    // Deleting a customer takes its memberships with it.
    await asPersona(s.db, 'admin', async (tx) => {
      expect((await tx.query(`delete from public.customers where id = '${HOTEL_B}'`)).affectedRows).toBe(1);
      await asSuper(tx);
      expect(
        (await tx.query(`select 1 from public.customer_moderators where customer_id = '${HOTEL_B}'`)).rows,
      ).toEqual([]);
    });
    // Deleting an account (auth admin) is not blocked by the last-moderator rule.
    await s.db
      .transaction(async (tx) => {
        await tx.query(`delete from auth.users where id = '${USERS.innkeeper}'`);
        expect(
          (await tx.query(`select 1 from public.customer_moderators where customer_id = '${HOTEL_B}'`)).rows,
        ).toEqual([]);
        throw Object.assign(new Error('rollback'), { code: 'rollback' });
      })
      .catch((e: { code?: string }) => {
        if (e.code !== 'rollback') throw e;
      });
    expect(
      await ids(s.db, `select customer_id as id from public.customer_moderators where user_id = '${USERS.innkeeper}'`),
    ).toEqual([HOTEL_B]);
  });

  it('set_home_customer sets the home customer once and adds it to the list', async () => {
    await asPersona(s.db, 'plain', async (tx) => {
      expect((await one<{ r: string }>(tx, `select public.set_home_customer('${HOTEL_A}') as r`)).r).toBe(HOTEL_A);
      expect((await one<{ r: string }>(tx, `select public.set_home_customer('hanoi') as r`)).r).toBe(HOTEL_A);
      expect(await ids(tx, 'select customer_id as id from public.user_customers')).toEqual(['hanoi', HOTEL_A]);
    });
    await s.db.exec(
      `insert into public.customers (id, kind, name, latitude, longitude, package, is_public) values ('hidden-home', 'hotel', 'Hidden', 1, 1, 'basic', false)`,
    );
    expect(
      (await sqlError(asPersona(s.db, 'plain', (tx) => tx.query(`select public.set_home_customer('hidden-home')`))))
        .detail,
    ).toBe('customer_not_found');
    expect(
      (await sqlError(asPersona(s.db, 'anon', (tx) => tx.query(`select public.set_home_customer('${HOTEL_A}')`)))).code,
    ).toBe('42501');
  });

  it('record_event validates input and rate-limits per visitor', async () => {
    const visitor = '55555555-5555-4555-a555-000000000001';
    const rec = (tx: Queryable, customer: string, type: string, activity: string | null, v = visitor) =>
      one<{ r: boolean }>(tx, 'select public.record_event($1, $2, $3::uuid, $4::uuid) as r', [
        customer,
        type,
        activity,
        v,
      ]).then((x) => x.r);
    const skydeck = (
      await one<{ id: string }>(
        s.db,
        `select extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_A}/saigon-skydeck')::text as id`,
      )
    ).id;
    await asPersona(s.db, 'anon', async (tx) => {
      expect(await rec(tx, HOTEL_A, 'qr_scan', null)).toBe(true);
      expect(await rec(tx, HOTEL_A, 'qr_scan', null)).toBe(false); // same event within 10 s
      expect(await rec(tx, HOTEL_A, 'activity_view', skydeck)).toBe(true);
      await asSuper(tx);
      const { rows } = await tx.query(
        `select customer_id, activity_id, type from public.analytics_events where visitor_id = $1 order by id`,
        [visitor],
      );
      expect(rows).toEqual([
        { customer_id: HOTEL_A, activity_id: null, type: 'qr_scan' },
        { customer_id: HOTEL_A, activity_id: skydeck, type: 'activity_view' },
      ]);
    });
    const invalid = async (customer: string, type: string, activity: string | null, v: string | null = visitor) =>
      (
        await sqlError(
          asPersona(s.db, 'anon', (tx) =>
            tx.query('select public.record_event($1, $2, $3::uuid, $4::uuid)', [customer, type, activity, v]),
          ),
        )
      ).detail;
    expect(await invalid(HOTEL_A, 'purchase', null)).toBe('invalid_event');
    expect(await invalid('no-such-map', 'qr_scan', null)).toBe('invalid_event');
    expect(await invalid(HOTEL_B, 'activity_view', skydeck)).toBe('invalid_event');
    expect(await invalid(HOTEL_B, 'activity_view', null)).toBe('invalid_event');
    expect(
      await invalid(
        HOTEL_B,
        'activity_view',
        (
          await one<{ id: string }>(
            s.db,
            `select extensions.uuid_generate_v5(extensions.uuid_ns_url(), '${HOTEL_B}/west-lake')::text as id`,
          )
        ).id,
      ),
    ).toBe('invalid_event');
    expect(await invalid(HOTEL_A, 'qr_scan', null, null)).toBe('invalid_event');
    // At most 60 events per visitor per minute.
    const { rows: acts } = await s.db.query<{ id: string }>(
      `select id from public.activities where customer_id = $1 and published order by sort_order limit 20`,
      [HOTEL_A],
    );
    await asPersona(s.db, 'anon', async (tx) => {
      const v = '55555555-5555-4555-a555-000000000002';
      const results: boolean[] = [];
      for (const type of ['activity_view', 'directions_click', 'share', 'favourite']) {
        for (const a of acts) results.push(await rec(tx, HOTEL_A, type, a.id, v));
      }
      expect(results.slice(0, 60).every(Boolean)).toBe(true);
      expect(results.slice(60).some(Boolean)).toBe(false);
      await asSuper(tx);
      expect(
        (
          await one<{ n: number }>(tx, 'select count(*)::int as n from public.analytics_events where visitor_id = $1', [
            v,
          ])
        ).n,
      ).toBe(60);
    });
  });
  it('record_event caps each customer at 600 events a minute; contact messages are rate-limited', async () => {
    await asPersona(s.db, 'anon', async (tx) => {
      await asSuper(tx);
      await tx.query(
        `insert into public.analytics_events (customer_id, type, visitor_id) select 'hanoi', 'map_view', gen_random_uuid() from generate_series(1, 600)`,
      );
      await tx.query(`select set_config('role', 'anon', true)`);
      const r = await one<{ r: boolean }>(
        tx,
        `select public.record_event('hanoi', 'qr_scan', null, '77777777-7777-4777-a777-000000000001') as r`,
      );
      expect(r.r).toBe(false);
      const other = await one<{ r: boolean }>(
        tx,
        `select public.record_event('ho-chi-minh-city', 'qr_scan', null, '77777777-7777-4777-a777-000000000001') as r`,
      );
      expect(other.r).toBe(true);
    });
    const send = (tx: Queryable, email: string) =>
      tx.query(`insert into public.contact_messages (name, email, message) values ('Spam', $1, 'Hello')`, [email]);
    const e = await sqlError(
      asPersona(s.db, 'anon', async (tx) => {
        for (let i = 0; i < 5; i++) await send(tx, 'same@example.com');
        await send(tx, 'other@example.com');
        await send(tx, 'SAME@example.com');
      }),
    );
    expect({ code: e.code, detail: e.detail }).toEqual({ code: 'P0001', detail: 'rate_limited' });
  });

  // Races: on PostgreSQL these transactions really interleave (PGlite serialises them).
  it('parallel publications never overshoot the package limit', async () => {
    const attempts = Array.from({ length: 6 }, (_, i) =>
      asPersona(
        s.db,
        'moderatorB',
        (tx) =>
          tx.query(
            `insert into public.activities (customer_id, slug, category, title, latitude, longitude, published)
             values ($1, $2, 'food', '{"en":"Race"}', 21.03, 105.85, true)`,
            [HOTEL_B, `race-${i}`],
          ),
        { commit: true },
      ),
    );
    const results = await Promise.allSettled(attempts);
    try {
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      expect(
        results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.detail),
      ).toEqual(Array(4).fill('package_limit'));
      expect(
        (
          await one<{ n: number }>(
            s.db,
            `select count(*)::int as n from public.activities where customer_id = $1 and published`,
            [HOTEL_B],
          )
        ).n,
      ).toBe(20);
    } finally {
      await s.db.query(`delete from public.activities where customer_id = $1 and slug like 'race-%'`, [HOTEL_B]);
    }
  });

  it('two moderators removing each other at once leave one moderator', async () => {
    await s.db.query(`insert into public.customer_moderators (customer_id, user_id) values ($1, $2)`, [
      HOTEL_B,
      USERS.traveller,
    ]);
    try {
      const results = await Promise.allSettled([
        asPersona(
          s.db,
          'moderatorB',
          (tx) => tx.query(`select public.remove_moderator($1, $2)`, [HOTEL_B, USERS.traveller]),
          { commit: true },
        ),
        asPersona(
          s.db,
          'plain',
          (tx) => tx.query(`select public.remove_moderator($1, $2)`, [HOTEL_B, USERS.innkeeper]),
          { commit: true },
        ),
      ]);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(rejected).toHaveLength(1);
      expect(['last_moderator', 'not_moderator']).toContain(rejected[0]!.reason.detail);
      expect(
        await ids(s.db, `select user_id as id from public.customer_moderators where customer_id = $1`, [HOTEL_B]),
      ).toHaveLength(1);
    } finally {
      await s.db
        .query(`delete from public.customer_moderators where customer_id = $1 and user_id = $2`, [
          HOTEL_B,
          USERS.traveller,
        ])
        .catch(() => undefined);
      await s.db.query(
        `insert into public.customer_moderators (customer_id, user_id) values ($1, $2) on conflict do nothing`,
        [HOTEL_B, USERS.innkeeper],
      );
      await s.db
        .query(`delete from public.customer_moderators where customer_id = $1 and user_id = $2`, [
          HOTEL_B,
          USERS.traveller,
        ])
        .catch(() => undefined);
    }
  });
});
