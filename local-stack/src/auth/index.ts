// The auth service: GoTrue's v2 HTTP API under /auth/v1, backed by the auth.* tables.
// Handlers live beside this file: core.ts (sign-up, sign-in, refresh, user, logout),
// confirm.ts (e-mail confirmation: sign-up and e-mail change links, /verify for every mailed code, /resend),
// recovery.ts (reset codes by mail), codes.ts (the one store of every mailed code), oauth.ts (local provider stand-in, PKCE), admin.ts.
import type { StackContext } from '../context.ts';
import type { Handler, Req, Res } from '../http/router.ts';
import { API_VERSION, API_VERSION_HEADER } from './errors.ts';
import { reply } from './http.ts';
import { RateLimiter } from './rate-limit.ts';
import { ensureAuthSchema } from './sessions.ts';
import { getUser, logout, signup, token, updateUser } from './core.ts';
import { recover } from './recovery.ts';
import { resend, verifyGet, verifyPost } from './confirm.ts';
import { authorize, callback, consent } from './oauth.ts';
import { createUser, deleteUser, getUserById, listUsers, updateUserById } from './admin.ts';

const KNOWN_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin_oidc',
  'notion',
  'twitch',
  'twitter',
  'slack_oidc',
  'spotify',
  'workos',
  'zoom',
];

export function registerAuth(ctx: StackContext): void {
  const limiter = new RateLimiter(ctx.config);
  const route = (method: string | string[], path: string, fn: (req: Req, res: Res) => Promise<void> | void) => {
    const h: Handler = async (req, res) => {
      res.setHeader(API_VERSION_HEADER, API_VERSION);
      await ensureAuthSchema(ctx);
      await fn(req, res);
    };
    ctx.router.add(method, `/auth/v1${path}`, h);
  };

  route('GET', '/health', (_req, res) =>
    reply(res, 200, {
      version: 'guestmap-local',
      name: 'GoTrue',
      description: 'Local GoTrue-compatible auth of the Guestmap stack',
    }),
  );
  route('GET', '/settings', (_req, res) => {
    const a = ctx.config.auth;
    const external: Record<string, boolean> = { anonymous_users: a.enableAnonymousSignIns, email: true, phone: false };
    for (const p of KNOWN_PROVIDERS) external[p] = Boolean(a.external[p]?.enabled);
    for (const [p, v] of Object.entries(a.external)) external[p] = v.enabled;
    reply(res, 200, {
      external,
      disable_signup: !a.enableSignup,
      mailer_autoconfirm: !a.email.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    });
  });
  // Tokens here are HS256 (shared secret): no public keys to publish, as on projects with legacy JWT secrets.
  route('GET', '/.well-known/jwks.json', (_req, res) => reply(res, 200, { keys: [] }));
  route('POST', '/signup', (req, res) => signup(ctx, limiter, req, res));
  route('POST', '/token', (req, res) => token(ctx, limiter, req, res));
  route('GET', '/user', (req, res) => getUser(ctx, req, res));
  route('PUT', '/user', (req, res) => updateUser(ctx, limiter, req, res));
  route('POST', '/logout', (req, res) => logout(ctx, req, res));
  route('POST', '/recover', (req, res) => recover(ctx, limiter, req, res));
  route('POST', '/verify', (req, res) => verifyPost(ctx, limiter, req, res));
  route('GET', '/verify', (req, res) => verifyGet(ctx, limiter, req, res));
  route('POST', '/resend', (req, res) => resend(ctx, limiter, req, res));
  route('GET', '/authorize', (req, res) => authorize(ctx, req, res));
  route('GET', '/local-oauth/:provider', (req, res) => consent(ctx, req, res));
  route('POST', '/callback', (req, res) => callback(ctx, req, res));
  route('GET', '/admin/users', (req, res) => listUsers(ctx, req, res));
  route('POST', '/admin/users', (req, res) => createUser(ctx, req, res));
  route('GET', '/admin/users/:id', (req, res) => getUserById(ctx, req, res));
  route('PUT', '/admin/users/:id', (req, res) => updateUserById(ctx, req, res));
  route('DELETE', '/admin/users/:id', (req, res) => deleteUser(ctx, req, res));
}
