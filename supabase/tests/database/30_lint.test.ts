// A splinter-like lint of the migrated schema (the API exposes `public`): fails on any finding.
// A second case plants known mistakes in a rolled-back transaction to prove the lint catches them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestStack, stopPgServer, type TestStack } from '@guestmap/local-stack/testing/stack.ts';
import type { Queryable } from '@guestmap/local-stack/src/db/db.ts';

afterAll(stopPgServer);

/** Security-definer functions the API may call (each checks the caller itself). */
const EXPOSED_DEFINER_ALLOWLIST = [
  'accept_invitation',
  'admin_reset_second_factor',
  'admin_set_commission_rate',
  'admin_set_customer_package',
  'admin_set_user_disabled',
  'check_customer_slug',
  'close_month',
  'close_till',
  'commission_rate_history',
  'confirm_partner_transaction',
  'create_customer',
  'create_staff_link',
  'dashboard_overview',
  'decline_invitation',
  'dispute_partner_transaction',
  'invite_moderator',
  'invite_partner_staff',
  'list_customer_invitations',
  'list_customer_moderators',
  'list_partner_staff',
  'list_reward_prizes',
  'mark_invoice_paid',
  'mark_payout_paid',
  'month_settlement',
  'monthly_statement',
  'monthly_statement_items',
  'my_invitations',
  'my_mfa_requirement',
  'my_partners',
  'my_voucher_codes',
  'partner_pin_changes',
  'partner_statement',
  'platform_fees',
  'play_reward',
  'propose_commission_rate',
  'record_event',
  'record_partner_transaction',
  'record_staff_visit',
  'redeem_voucher',
  'redeem_voucher_at_till',
  'redeem_voucher_open_till',
  'remove_moderator',
  'remove_partner_staff',
  'reorder_places',
  'respond_commission_rate',
  'revoke_staff_link',
  'set_home_customer',
  'set_partner_contact',
  'set_partner_pin',
  'set_platform_bank_account',
  'staff_link_figures',
  'upsert_reward_campaign',
  'upsert_reward_prize',
  'withdraw_invitation',
];

async function rows<T>(q: Queryable, sql: string): Promise<T[]> {
  return (await q.query<T>(sql)).rows;
}

export async function lintSchema(q: Queryable): Promise<string[]> {
  const findings: string[] = [];
  const add = (lint: string, items: { name: string }[]) => items.forEach((i) => findings.push(`${lint}: ${i.name}`));

  add(
    'rls_disabled_in_public',
    await rows(
      q,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
                   where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    ),
  );
  add(
    'policy_exists_rls_disabled',
    await rows(
      q,
      `select c.relname || '.' || p.polname as name from pg_policy p join pg_class c on c.oid = p.polrelid
                   join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not c.relrowsecurity`,
    ),
  );
  add(
    'security_definer_function_exposed',
    await rows(
      q,
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                   where n.nspname = 'public' and p.prosecdef
                     and (has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute'))
                     and p.proname <> all (array['${EXPOSED_DEFINER_ALLOWLIST.join("','")}'])`,
    ),
  );
  add(
    'function_search_path_mutable',
    await rows(
      q,
      `select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                   where (n.nspname in ('public', 'private') or p.prosecdef) and n.nspname not in ('pg_catalog', 'information_schema', 'extensions', 'auth', 'storage')
                     and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`,
    ),
  );
  add(
    'policy_reads_user_metadata',
    await rows(
      q,
      `select n.nspname || '.' || c.relname || '.' || p.polname as name from pg_policy p join pg_class c on c.oid = p.polrelid
                   join pg_namespace n on n.oid = c.relnamespace
                   where n.nspname in ('public', 'storage')
                     and (coalesce(pg_get_expr(p.polqual, p.polrelid), '') || coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '')) ~* 'user_metadata|raw_user_meta_data'`,
    ),
  );
  add(
    'always_true_write_policy',
    await rows(
      q,
      `select n.nspname || '.' || c.relname || '.' || p.polname as name from pg_policy p join pg_class c on c.oid = p.polrelid
                   join pg_namespace n on n.oid = c.relnamespace
                   where n.nspname in ('public', 'storage') and p.polcmd in ('a', 'w', 'd', '*')
                     and (coalesce(pg_get_expr(p.polqual, p.polrelid), '') = 'true' or coalesce(pg_get_expr(p.polwithcheck, p.polrelid), '') = 'true')`,
    ),
  );
  add(
    'unindexed_foreign_key',
    await rows(
      q,
      `select c.conrelid::regclass::text || '.' || c.conname as name from pg_constraint c
                   join pg_namespace n on n.oid = c.connamespace
                   where c.contype = 'f' and n.nspname = 'public'
                     and not exists (
                       select 1 from pg_index i where i.indrelid = c.conrelid
                         and (select array_agg(k order by k) from unnest((i.indkey::int2[])[0:array_length(c.conkey, 1) - 1]) k)
                           = (select array_agg(k order by k) from unnest(c.conkey) k))`,
    ),
  );
  add(
    'security_definer_view',
    await rows(
      q,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
                   where n.nspname = 'public' and c.relkind = 'v'
                     and not coalesce(c.reloptions::text[] && array['security_invoker=true', 'security_invoker=on'], false)`,
    ),
  );
  add(
    'materialized_view_in_api',
    await rows(
      q,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'm'`,
    ),
  );
  add(
    'extension_in_public',
    await rows(
      q,
      `select e.extname as name from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'public'`,
    ),
  );
  add(
    'private_function_executable_by_api',
    await rows(
      q,
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                   where n.nspname = 'private' and has_function_privilege('public', p.oid, 'execute')`,
    ),
  );
  return findings.sort();
}

/** Columns a policy's USING clause filters on that appear in no index of that table. */
export async function unindexedPolicyColumns(q: Queryable): Promise<string[]> {
  const { rows: pols } = await q.query<{ tbl: string; relname: string; oid: number; qual: string }>(
    `select c.oid, c.relname, n.nspname || '.' || c.relname as tbl, pg_get_expr(p.polqual, p.polrelid) as qual
     from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'storage') and p.polqual is not null`,
  );
  const out = new Set<string>();
  for (const pol of pols) {
    const { rows: cols } = await q.query<{ attname: string; indexed: boolean }>(
      `select a.attname, exists (select 1 from pg_index i where i.indrelid = a.attrelid and a.attnum = any (i.indkey::int2[])) as indexed
       from pg_attribute a where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped`,
      [pol.oid],
    );
    for (const col of cols) {
      const unqualified = new RegExp(`(?<![.\\w"]|AS )${col.attname}\\b(?!\\s*\\()`);
      const qualified = new RegExp(`\\b${pol.relname}\\.${col.attname}\\b`);
      if ((unqualified.test(pol.qual) || qualified.test(pol.qual)) && !col.indexed)
        out.add(`${pol.tbl}.${col.attname}`);
    }
  }
  return [...out].sort();
}

describe.each(BACKENDS)('schema lint on %s', (backend) => {
  let s: TestStack;
  beforeAll(async () => {
    s = await startTestStack(backend, { seed: false });
  });
  afterAll(async () => {
    await s?.stop();
  });

  it('finds nothing in the migrated schema', async () => {
    expect(await lintSchema(s.db)).toEqual([]);
  });

  it('every foreign key and every column a policy filters on is indexed', async () => {
    expect(await unindexedPolicyColumns(s.db)).toEqual([]);
  });

  it('grants: anon writes nothing but contact messages; API roles execute only the listed public functions', async () => {
    const { rows: writes } = await s.db.query<{ t: string; r: string }>(
      `select c.relname as t, r.r from pg_class c join pg_namespace n on n.oid = c.relnamespace,
         unnest(array['anon', 'authenticated']) r(r)
       where n.nspname = 'public' and c.relkind in ('r', 'v')
         and (has_any_column_privilege(r.r, c.oid, 'insert') or has_any_column_privilege(r.r, c.oid, 'update') or has_table_privilege(r.r, c.oid, 'delete'))
       order by 1, 2`,
    );
    expect(writes.map((w) => `${w.r}:${w.t}`).sort()).toEqual([
      'anon:contact_messages',
      'authenticated:activities',
      'authenticated:contact_messages',
      'authenticated:customers',
      'authenticated:favourites',
      'authenticated:profiles',
      'authenticated:user_customers',
    ]);
    const { rows: fns } = await s.db.query<{ f: string; anon: boolean; auth: boolean }>(
      `select p.proname as f, has_function_privilege('anon', p.oid, 'execute') as anon, has_function_privilege('authenticated', p.oid, 'execute') as auth
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by 1`,
    );
    expect(fns.filter((f) => f.anon).map((f) => f.f)).toEqual([
      'check_customer_slug',
      'close_till',
      'play_reward',
      'record_event',
      'record_staff_visit',
      'redeem_voucher',
      'redeem_voucher_at_till',
      'redeem_voucher_open_till',
    ]);
    expect(fns.filter((f) => f.auth).map((f) => f.f)).toEqual(EXPOSED_DEFINER_ALLOWLIST);
    expect(fns.map((f) => f.f)).toContain('custom_access_token_hook');
  });

  it('catches planted mistakes (the lint can fail)', async () => {
    const found = await s.db
      .transaction(async (tx) => {
        await tx.exec(`
          create table public.lint_bad (id int primary key, customer_id text references public.customers (id));
          create table public.lint_bad2 (id int primary key);
          alter table public.lint_bad2 enable row level security;
          create policy "anyone writes" on public.lint_bad2 for insert to anon with check (true);
          create policy "metadata" on public.lint_bad2 for select to authenticated using ((auth.jwt() -> 'user_metadata' ->> 'role') = 'x');
          create policy "filter" on public.lint_bad2 for select to authenticated using (id = 1);
          create table public.lint_bad3 (id int, owner uuid);
          alter table public.lint_bad3 enable row level security;
          create policy "owner" on public.lint_bad3 for select to authenticated using (owner = (select auth.uid()));
          create function public.lint_definer() returns int language sql security definer as 'select 1';
          create view public.lint_view as select 1 as one;
        `);
        const out = { lint: await lintSchema(tx), cols: await unindexedPolicyColumns(tx) };
        throw Object.assign(new Error('rollback'), { out });
      })
      .catch((e: { out?: { lint: string[]; cols: string[] } }) => {
        if (!e.out) throw e;
        return e.out;
      });
    expect(found.lint).toEqual([
      'always_true_write_policy: public.lint_bad2.anyone writes',
      'function_search_path_mutable: public.lint_definer',
      'policy_reads_user_metadata: public.lint_bad2.metadata',
      'rls_disabled_in_public: lint_bad',
      'security_definer_function_exposed: lint_definer',
      'security_definer_view: lint_view',
      'unindexed_foreign_key: lint_bad.lint_bad_customer_id_fkey',
    ]);
    expect(found.cols).toEqual(['public.lint_bad3.owner']);
  });
});
