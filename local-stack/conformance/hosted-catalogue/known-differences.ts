// Every difference left between the stack's catalogue and hosted's facts (hosted-catalogue.json), with its
// reason: the one place tests/conformance/hosted-catalogue.test.ts reads them from. The test fails on a
// difference not listed here and on a listed one that no longer exists, so this list only shrinks as the stack
// gets closer to hosted. A line is `<fact>: hosted <value> | stack <value>` (`(none)`: that side lacks it), as the
// test prints it; an entry with `backend` applies to that backend only.
import type { Backend } from '../../testing/stack.ts';

export interface KnownDifference {
  reason: string;
  backend?: Backend;
  differences: string[];
}

export const KNOWN_DIFFERENCES: KnownDifference[] = [
  {
    reason:
      "safeupdate is a C module hosted preloads per role (supabase/postgres 20260403172611, 20260413000000, 20261010094800: for anon, authenticated and authenticator, and for postgres with safeupdate.enabled = 0): the stack cannot name a library it does not have (PGlite cannot load one; a PostgreSQL server refuses a login whose preload library is missing). Its own equivalent is preloaded for the whole server (shared_preload_libraries = guestmap_safe_writes) and refuses by the role a statement runs as, which answers as hosted's settings do: the API roles refused, postgres not; on PGlite a test scans every function body. The safeupdate.enabled settings themselves are the stack's too (hosted-roles.sql)",
    differences: [
      'role setting anon: session_preload_libraries: hosted "$libdir/plugins/safeupdate" | stack (none)',
      'role setting authenticated: session_preload_libraries: hosted "$libdir/plugins/safeupdate" | stack (none)',
      'role setting authenticator: session_preload_libraries: hosted "supautils, safeupdate" | stack (none)',
      'role setting postgres: local_preload_libraries: hosted "$libdir/plugins/safeupdate" | stack (none)',
      'role setting postgres: session_preload_libraries: hosted supautils, safeupdate | stack (none)',
    ],
  },
  {
    reason:
      "PostgreSQL 16 and later (PGlite is 18): CREATEROLE no longer lets postgres administer the API roles, so they are granted to it WITH ADMIN OPTION, as on hosted's projects on 17; the facts are hosted's on 15",
    backend: 'pglite',
    differences: [
      'member anon <- postgres: hosted granted | stack with admin option',
      'member authenticated <- postgres: hosted granted | stack with admin option',
      'member service_role <- postgres: hosted granted | stack with admin option',
    ],
  },
  {
    reason:
      "PostgreSQL 17 and later (PGlite is 18): ALL on tables includes MAINTAIN, so the default privileges storage grants with ALL show it, as they do on hosted's projects on 17; the facts are hosted's on 15",
    backend: 'pglite',
    differences: [
      'default acl supabase_storage_admin | storage | tables | anon: hosted DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE | stack DELETE, INSERT, MAINTAIN, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE',
      'default acl supabase_storage_admin | storage | tables | authenticated: hosted DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE | stack DELETE, INSERT, MAINTAIN, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE',
      'default acl supabase_storage_admin | storage | tables | service_role: hosted DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE | stack DELETE, INSERT, MAINTAIN, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE',
    ],
  },
  {
    reason:
      'GraphQL (pg_graphql and its graphql_public schema) is not served by the stack: the product does not use it',
    differences: [
      'default acl supabase_admin | graphql_public | functions | anon: hosted EXECUTE | stack (none)',
      'default acl supabase_admin | graphql_public | functions | authenticated: hosted EXECUTE | stack (none)',
      'default acl supabase_admin | graphql_public | functions | service_role: hosted EXECUTE | stack (none)',
      'default acl supabase_admin | graphql_public | sequences | anon: hosted SELECT, UPDATE, USAGE | stack (none)',
      'default acl supabase_admin | graphql_public | sequences | authenticated: hosted SELECT, UPDATE, USAGE | stack (none)',
      'default acl supabase_admin | graphql_public | sequences | service_role: hosted SELECT, UPDATE, USAGE | stack (none)',
      'default acl supabase_admin | graphql_public | tables | anon: hosted DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE | stack (none)',
      'default acl supabase_admin | graphql_public | tables | authenticated: hosted DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE | stack (none)',
      'default acl supabase_admin | graphql_public | tables | service_role: hosted DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE | stack (none)',
    ],
  },
  {
    reason:
      "hosted's default privileges since 30 October 2026 (Supabase changelog, 28 April 2026): nothing for the API roles on what postgres (or supabase_admin) creates in public, which the stack follows (src/db/default-privileges.sql). The newest supabase/postgres files stored (init scripts and migrations up to 20261010094800, read in December 2026) still grant all to the three roles: the change is made outside these files, so these lines stay until an upstream file shows it",
    differences: [
      'default acl postgres | public | functions | anon: hosted EXECUTE | stack (none)',
      'default acl postgres | public | functions | authenticated: hosted EXECUTE | stack (none)',
      'default acl postgres | public | functions | service_role: hosted EXECUTE | stack (none)',
      'default acl postgres | public | sequences | anon: hosted SELECT, UPDATE, USAGE | stack (none)',
      'default acl postgres | public | sequences | authenticated: hosted SELECT, UPDATE, USAGE | stack (none)',
      'default acl postgres | public | sequences | service_role: hosted SELECT, UPDATE, USAGE | stack (none)',
      'default acl postgres | public | tables | anon: hosted DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE | stack (none)',
      'default acl postgres | public | tables | authenticated: hosted DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE | stack (none)',
      'default acl postgres | public | tables | service_role: hosted DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE | stack (none)',
      'default acl supabase_admin | public | functions | anon: hosted EXECUTE | stack (none)',
      'default acl supabase_admin | public | functions | authenticated: hosted EXECUTE | stack (none)',
      'default acl supabase_admin | public | functions | service_role: hosted EXECUTE | stack (none)',
      'default acl supabase_admin | public | sequences | anon: hosted SELECT, UPDATE, USAGE | stack (none)',
      'default acl supabase_admin | public | sequences | authenticated: hosted SELECT, UPDATE, USAGE | stack (none)',
      'default acl supabase_admin | public | sequences | service_role: hosted SELECT, UPDATE, USAGE | stack (none)',
      'default acl supabase_admin | public | tables | anon: hosted DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE | stack (none)',
      'default acl supabase_admin | public | tables | authenticated: hosted DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE | stack (none)',
      'default acl supabase_admin | public | tables | service_role: hosted DELETE, INSERT, REFERENCES, SELECT, TRIGGER, TRUNCATE, UPDATE | stack (none)',
    ],
  },

  {
    reason:
      "auth features the stack's auth service does not have (docs/auth.md): SSO/SAML (sso_providers, sso_domains, saml_providers, saml_relay_states), the OAuth 2.1 server (oauth_*), custom OAuth providers, passkeys (webauthn_*); and GoTrue's own bookkeeping (instances, schema_migrations)",
    differences: [
      'table auth.custom_oauth_providers: hosted rls off | stack (none)',
      'table auth.instances: hosted rls on | stack (none)',
      'table auth.oauth_authorizations: hosted rls off | stack (none)',
      'table auth.oauth_client_states: hosted rls off | stack (none)',
      'table auth.oauth_clients: hosted rls off | stack (none)',
      'table auth.oauth_consents: hosted rls off | stack (none)',
      'table auth.saml_providers: hosted rls on | stack (none)',
      'table auth.saml_relay_states: hosted rls on | stack (none)',
      'table auth.schema_migrations: hosted rls on | stack (none)',
      'table auth.sso_domains: hosted rls on | stack (none)',
      'table auth.sso_providers: hosted rls on | stack (none)',
      'table auth.webauthn_challenges: hosted rls off | stack (none)',
      'table auth.webauthn_credentials: hosted rls off | stack (none)',
    ],
  },
  {
    reason:
      "Realtime's postgres_changes bookkeeping (realtime.subscription) and its migration table (realtime.schema_migrations): the stack's realtime works without them (docs/db.md, the database compared with hosted's)",
    differences: [
      'table realtime.schema_migrations: hosted rls off | stack (none)',
      'table realtime.subscription: hosted rls off | stack (none)',
    ],
  },
  {
    reason:
      "storage features the stack's storage service does not have: S3 multipart uploads (s3_multipart_uploads, s3_multipart_uploads_parts), analytics and vector buckets (buckets_analytics, buckets_vectors, vector_indexes); and storage's migration table (storage.migrations)",
    differences: [
      'table storage.buckets_analytics: hosted rls on | stack (none)',
      'table storage.buckets_vectors: hosted rls on | stack (none)',
      'table storage.migrations: hosted rls on | stack (none)',
      'table storage.s3_multipart_uploads: hosted rls on | stack (none)',
      'table storage.s3_multipart_uploads_parts: hosted rls on | stack (none)',
      'table storage.vector_indexes: hosted rls on | stack (none)',
    ],
  },
];

/** The differences listed for a backend. */
export function knownFor(backend: Backend): string[] {
  return KNOWN_DIFFERENCES.filter((k) => !k.backend || k.backend === backend).flatMap((k) => k.differences);
}
