// Shared set-up for the REST conformance tests: a stack with the fx_ fixture schema, a signed-in
// user (a row in auth.users and a JWT signed with the stack's secret), and raw HTTP helpers.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { stackDir, startTestStack, type Backend, type TestStack } from '../../testing/stack.ts';
import { signJwt, type Claims } from '../../src/jwt.ts';

export const FIXTURE_SQL = fs.readFileSync(path.join(stackDir, 'tests/fixtures/rest-fixture.sql'), 'utf8');

export interface RestEnv {
  stack: TestStack;
  rest: string;
  /** Signs a token with the stack's secret. */
  sign: (claims: Claims) => string;
  /** Creates a user row and returns its id and an access token for it. */
  user: (email: string) => Promise<{ id: string; token: string; client: SupabaseClient }>;
  /** A supabase-js client that sends this access token. */
  withToken: (token: string) => SupabaseClient;
  /** Raw HTTP to /rest/v1 with the anon key unless headers say otherwise. */
  http: (pathAndQuery: string, init?: RequestInit & { headers?: Record<string, string> }) => Promise<Response>;
}

export async function startRestEnv(backend: Backend): Promise<RestEnv> {
  const stack = await startTestStack(backend, { seed: false });
  await stack.db.exec(FIXTURE_SQL);
  const secret = stack.config.auth.jwtSecret;
  const sign = (claims: Claims) => signJwt(claims, secret);
  const withToken = (token: string) =>
    createClient(stack.apiUrl, stack.config.auth.anonKey, {
      accessToken: async () => token,
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
  const user = async (email: string) => {
    const id = crypto.randomUUID();
    await stack.db.query(
      `insert into auth.users (id, email, aud, role, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, $2, 'authenticated', 'authenticated', '{}', '{}', now(), now())`,
      [id, email],
    );
    const token = sign({
      sub: id,
      role: 'authenticated',
      aud: 'authenticated',
      email,
      exp: Math.floor(Date.now() / 1000) + 3600,
    });
    return { id, token, client: withToken(token) };
  };
  const rest = `${stack.apiUrl}/rest/v1`;
  const http = (p: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${rest}${p}`, { ...init, headers: { apikey: stack.config.auth.anonKey, ...(init.headers ?? {}) } });
  return { stack, rest, sign, user, withToken, http };
}
