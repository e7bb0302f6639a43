// Three faults of the REST service that PostgREST does not have (issue #33), each on PGlite and on
// PostgreSQL 15:
// - a schema whose name is not Latin-1 (PostgREST sends the `Content-Profile` header as the name's UTF-8
//   bytes and reads `Accept-Profile`/`Content-Profile` as UTF-8);
// - `return=representation` after a write reads back only the columns the `select` asks for (PostgREST's
//   RETURNING list), so a role granted SELECT on some columns gets them;
// - deferred constraints are checked before the transaction ends, so the client gets their error also when
//   the transaction is rolled back (`Prefer: tx=rollback`): PostgREST sets them immediate before a rollback;
//   a commit checks them itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, stopPgServer } from '../../testing/stack.ts';
import { startRestEnv, type RestEnv } from './rest-helpers.ts';

const SCHEMA = 'địa_điểm';
const TABLE = 'khách';
/** A header value as the bytes of its UTF-8 text (HTTP headers are bytes; fetch takes them as Latin-1). */
const utf8Header = (s: string) => Buffer.from(s, 'utf8').toString('latin1');
const fromUtf8Header = (s: string | null) => (s === null ? null : Buffer.from(s, 'latin1').toString('utf8'));

const FIXTURE = `
create schema "${SCHEMA}";
grant usage on schema "${SCHEMA}" to anon, authenticated, service_role;
create table "${SCHEMA}"."${TABLE}" (id int primary key, "tên" text);
grant select, insert, update, delete on "${SCHEMA}"."${TABLE}" to anon, authenticated, service_role;
insert into "${SCHEMA}"."${TABLE}" values (1, 'Lan');

create table public.rf_staff (id int primary key, name text not null, salary int not null default 0);
revoke all on public.rf_staff from anon;
grant select (id, name), insert (id, name), update (name) on public.rf_staff to anon;
grant select, insert, update, delete on public.rf_staff to service_role;
insert into public.rf_staff values (1, 'An', 1000);

create table public.rf_codes (code int unique deferrable initially deferred);
grant select, insert on public.rf_codes to anon;
create table public.rf_later (code int unique deferrable initially immediate);
grant select, insert on public.rf_later to anon;
create function public.rf_twice(deferred boolean default false) returns void language plpgsql as $$
begin
  if deferred then set constraints all deferred; end if;
  insert into public.rf_later values (1), (1);
end $$;
grant execute on function public.rf_twice(boolean) to anon;
alter role authenticator in database "\${db}" set pgrst.db_tx_end = 'commit-allow-override';
`;

afterAll(stopPgServer);

describe.each(BACKENDS)('REST faults PostgREST does not have, on %s', (backend) => {
  let env: RestEnv;
  beforeAll(async () => {
    env = await startRestEnv(backend);
    // the first exposed schema is the default one: answered with Content-Profile when there are several
    env.stack.config.api.schemas.unshift(SCHEMA);
    const db = (await env.stack.db.query<{ d: string }>('select current_database() as d')).rows[0]!.d;
    await env.stack.db.exec(FIXTURE.replace('${db}', db));
  });
  afterAll(async () => {
    await env?.stack.stop();
  });

  it('serves a schema whose name is not Latin-1: Content-Profile is the name in UTF-8', async () => {
    const path = `/${encodeURIComponent(TABLE)}?select=id,${encodeURIComponent('tên')}`;
    const byDefault = await env.http(path);
    expect(byDefault.status).toBe(200);
    expect(fromUtf8Header(byDefault.headers.get('content-profile'))).toBe(SCHEMA);
    expect(await byDefault.json()).toEqual([{ id: 1, tên: 'Lan' }]);
    const read = await env.http(path, { headers: { 'Accept-Profile': utf8Header(SCHEMA) } });
    expect(read.status).toBe(200);
    expect(fromUtf8Header(read.headers.get('content-profile'))).toBe(SCHEMA);
    const write = await env.http(path, {
      method: 'POST',
      headers: {
        'Content-Profile': utf8Header(SCHEMA),
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify({ id: 2, tên: 'Mai' }),
    });
    expect(write.status).toBe(201);
    expect(fromUtf8Header(write.headers.get('content-profile'))).toBe(SCHEMA);
    expect(await write.json()).toEqual([{ id: 2, tên: 'Mai' }]);
    // an unknown profile is still refused by name
    const other = await env.http(path, { headers: { 'Accept-Profile': utf8Header('khác') } });
    expect(other.status).toBe(406);
    expect((await other.json()).message).toBe('Invalid schema: khác');
  });

  it('return=representation needs SELECT only on the columns the select asks for', async () => {
    const headers = {
      'Content-Type': 'application/json',
      'Content-Profile': 'public',
      Prefer: 'return=representation',
    };
    const ins = await env.http('/rf_staff?select=id,name', {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: 2, name: 'Binh' }),
    });
    expect(ins.status).toBe(201);
    expect(await ins.json()).toEqual([{ id: 2, name: 'Binh' }]);
    const upd = await env.http('/rf_staff?id=eq.1&select=name', {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ name: 'An Nguyen' }),
    });
    expect(upd.status).toBe(200);
    expect(await upd.json()).toEqual([{ name: 'An Nguyen' }]);
    // the column it may not read is still refused, as PostgREST refuses it
    const all = await env.http('/rf_staff?select=id,salary', {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: 3, name: 'Chi' }),
    });
    expect(all.status).toBe(401);
    expect((await all.json()).code).toBe('42501');
    const rows = await env.stack.db.query('select id, name, salary from public.rf_staff order by id');
    expect(rows.rows).toEqual([
      { id: 1, name: 'An Nguyen', salary: 1000 },
      { id: 2, name: 'Binh', salary: 0 },
    ]);
  });

  it("a deferred constraint's error is returned (409), committed or rolled back, and nothing is written", async () => {
    const post = (prefer?: string) =>
      env.http('/rf_codes', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Profile': 'public',
          ...(prefer ? { Prefer: prefer } : {}),
        },
        body: JSON.stringify([{ code: 7 }, { code: 7 }]),
      });
    for (const prefer of [undefined, 'tx=rollback']) {
      const res = await post(prefer);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: '23505',
        message: 'duplicate key value violates unique constraint "rf_codes_code_key"',
        details: 'Key (code)=(7) already exists.',
      });
    }
    for (const prefer of [undefined, 'tx=rollback']) {
      const res = await env.http('/rpc/rf_twice', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Profile': 'public',
          ...(prefer ? { Prefer: prefer } : {}),
        },
        body: JSON.stringify({ deferred: true }),
      });
      expect(res.status).toBe(409);
      expect((await res.json()).code).toBe('23505');
    }
    const n = await env.stack.db.query<{ n: number }>(
      'select (select count(*) from public.rf_codes)::int + (select count(*) from public.rf_later)::int as n',
    );
    expect(n.rows[0]!.n).toBe(0);
  });
});
