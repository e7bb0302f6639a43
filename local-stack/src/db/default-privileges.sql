-- Hosted's default privileges in `public` since 30 October 2026 (Supabase changelog, 28 April 2026): nothing
-- is granted to anon, authenticated or service_role on the tables, views, sequences and functions `postgres`
-- creates there; migrations grant what each role needs. Run on every start (idempotent), so a database
-- bootstrapped with the earlier default (grant all to the three roles) follows hosted's change too: what it
-- already has keeps its grants, as on hosted.
alter default privileges for role postgres in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke all on functions from anon, authenticated, service_role;
