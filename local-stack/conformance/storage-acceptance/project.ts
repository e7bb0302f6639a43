// What the acceptance suite's REST specs are given: which spec files form the REST profile, the ACCEPTANCE_*
// variables (base URL and keys of the stack), and the RLS contract `rls.test.ts` expects of its configured
// bucket (authenticated may read and write under a prefix, anon may not), set up as a hosted project's owner would.
import crypto from 'node:crypto';
import { signJwt } from '../../src/jwt.ts';
import type { Stack } from '../../src/stack.ts';

/**
 * The REST profile: every spec that talks to `/storage/v1` over HTTP only (health, objects, buckets, listings,
 * signed URLs, the database behaviours pinned through REST, the RLS contract). Not run: S3 and its wire
 * format, TUS, render (imgproxy's options), CDN, admin, Iceberg and vectors (services the stack does not have).
 */
export const REST_SPECS = [
  'health.test.ts',
  'rest-object.test.ts',
  'rest-extended.test.ts',
  'db-behavior.test.ts',
  'rls.test.ts',
];

export const RLS_BUCKET = 'acceptance-rls';
export const RLS_PREFIX = 'authenticated';

/** The variables the suite reads (support/config.ts): a local target, profile `full` limited to REST_SPECS. */
export function acceptanceEnv(stack: Stack): Record<string, string> {
  const { auth } = stack.config;
  const user = crypto.randomUUID();
  const authenticated = signJwt(
    { sub: user, role: 'authenticated', aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 24 * 3600 },
    auth.jwtSecret,
  );
  return {
    ACCEPTANCE_TARGET: 'local',
    ACCEPTANCE_PROFILE: 'full',
    ACCEPTANCE_BASE_URL: `${stack.apiUrl}/storage/v1`,
    ACCEPTANCE_SERVICE_KEY: auth.serviceRoleKey,
    ACCEPTANCE_ANON_KEY: auth.anonKey,
    ACCEPTANCE_AUTHENTICATED_KEY: authenticated,
    ACCEPTANCE_ENABLE_RLS_SETUP: 'true',
    ACCEPTANCE_RLS_BUCKET: RLS_BUCKET,
    ACCEPTANCE_RLS_WRITE_PREFIX: RLS_PREFIX,
    ACCEPTANCE_ENABLE_TUS: 'false',
    ACCEPTANCE_ENABLE_WIRE: 'false',
  };
}

/** The bucket and policies `rls.test.ts` needs (storage's local dummy data has the like on `bucket2`). */
export async function setUpRlsContract(stack: Stack): Promise<void> {
  await stack.db.exec(`
    insert into storage.buckets (id, name, public) values ('${RLS_BUCKET}', '${RLS_BUCKET}', false);
    create policy "acceptance rls read" on storage.objects for select to authenticated
      using (bucket_id = '${RLS_BUCKET}' and (storage.foldername(name))[1] = '${RLS_PREFIX}');
    create policy "acceptance rls write" on storage.objects for insert to authenticated
      with check (bucket_id = '${RLS_BUCKET}' and (storage.foldername(name))[1] = '${RLS_PREFIX}');
    create policy "acceptance rls update" on storage.objects for update to authenticated
      using (bucket_id = '${RLS_BUCKET}' and (storage.foldername(name))[1] = '${RLS_PREFIX}');
  `);
}
