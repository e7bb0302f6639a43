// The catalogue queries of 15_grants.test.ts (kept apart so that a script can print the lists they return).

/** Each grant to anon, authenticated or service_role on a relation in `public`, whole-table or per column. */
export const GRANTS_SQL = `
  with api(role) as (values ('anon'), ('authenticated'), ('service_role')),
  rel as (
    select c.oid, c.relname, c.relkind, c.relacl from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'v', 'm', 'p', 'S')
  )
  select object, role, string_agg(privilege, ', ' order by privilege) as privileges from (
    select rel.relname::text as object, a.grantee::regrole::text as role, lower(a.privilege_type) as privilege
    from rel, aclexplode(rel.relacl) a where a.grantee::regrole::text in (select role from api)
    union all
    select rel.relname::text || '(' || string_agg(at.attname::text, ', ' order by at.attnum) || ')', x.grantee::regrole::text,
           lower(x.privilege_type)
    from rel join pg_attribute at on at.attrelid = rel.oid and at.attacl is not null, aclexplode(at.attacl) x
    where x.grantee::regrole::text in (select role from api)
    group by rel.relname, x.grantee, x.privilege_type
  ) g group by object, role order by role, object`;

/** Which of the Data API roles may execute each function in `public` (directly or through PUBLIC). */
export const FUNCTIONS_SQL = `
  select p.oid::regprocedure::text as fn,
         coalesce(nullif(concat_ws(' ',
           case when has_function_privilege('anon', p.oid, 'execute') then 'anon' end,
           case when has_function_privilege('authenticated', p.oid, 'execute') then 'authenticated' end,
           case when has_function_privilege('service_role', p.oid, 'execute') then 'service_role' end), ''), '-') as roles
  from pg_proc p where p.pronamespace = 'public'::regnamespace order by 1`;
